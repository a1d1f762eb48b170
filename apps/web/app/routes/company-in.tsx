import { labelInSentence } from '@portal/contract/registration';
import { useRef, useState } from 'react';
import { App, Button, Form, Input, Result } from 'antd';
import { applyEnterprise } from '@portal/contract/calls/enterprise-application';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { CaptchaInput, type CaptchaHandle } from '../features/account/captcha.tsx';
import { requiredRule, ruleOf } from '../features/account/form-rules.ts';
import { accountMessages } from '../features/account/messages.ts';
import { request } from '../lib/api.ts';
import { format, useLang, useMessages } from '../lib/i18n.ts';
import '../features/account/account.css';

interface Values {
  entName: string;
  creditCode: string;
  contactName: string;
  contactPhone: string;
  remark?: string;
  imageCode: string;
}

/** /company/in: an organisation applies to join, with its unified social credit code. */
function ApplyForm() {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const captcha = useRef<CaptchaHandle>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const enter = (label: string) => format(t.pleaseEnter, { label: labelInSentence(label) });

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await request(applyEnterprise, {
        entName: v.entName.trim(),
        creditCode: v.creditCode.trim().toUpperCase(),
        contactName: v.contactName.trim(),
        contactPhone: v.contactPhone.trim(),
        remark: (v.remark ?? '').trim(),
        imageCodeToken: captcha.current?.token() ?? '',
        imageCode: v.imageCode.trim(),
      });
      void message.success(t.applied);
      setDone(true);
    } catch {
      captcha.current?.refresh();
      form.setFieldValue('imageCode', '');
    } finally {
      setBusy(false);
    }
  };

  if (done) return <Result status="success" title={t.applied} />;
  return (
    <Form form={form} layout="vertical" name="company-in" onFinish={(v) => void submit(v)}>
      <Form.Item name="entName" label={t.entName} rules={[requiredRule(enter(t.entName)), { max: 50 }]}>
        <Input placeholder={enter(t.entName)} maxLength={50} autoComplete="organization" />
      </Form.Item>
      <Form.Item name="creditCode" label={t.creditCode} rules={[ruleOf('creditCode', lang)]}>
        <Input placeholder={enter(t.creditCode)} maxLength={18} autoComplete="off" />
      </Form.Item>
      <Form.Item name="contactName" label={t.contactName} rules={[requiredRule(enter(t.contactName)), { max: 20 }]}>
        <Input placeholder={enter(t.contactName)} maxLength={20} autoComplete="name" />
      </Form.Item>
      <Form.Item name="contactPhone" label={t.contactPhone} rules={[ruleOf('mobile', lang)]}>
        <Input placeholder={t.phonePlaceholder} maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="remark" label={t.remark} rules={[{ max: 200 }]}>
        <Input.TextArea maxLength={200} showCount rows={3} />
      </Form.Item>
      <Form.Item name="imageCode" label={t.imageCode} rules={[requiredRule(t.imageCodeRequired)]}>
        <CaptchaInput ref={captcha} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={busy}>
        {t.submit}
      </Button>
    </Form>
  );
}

export default function CompanyIn() {
  const t = useMessages(accountMessages);
  return (
    <section className="portal-page portal-company-in" aria-labelledby="company-in-title">
      <h1 id="company-in-title" className="portal-page-title">
        {t.applyTitle}
      </h1>
      <p>{t.applyHint}</p>
      <AntdRoot>
        <ApplyForm />
      </AntdRoot>
    </section>
  );
}
