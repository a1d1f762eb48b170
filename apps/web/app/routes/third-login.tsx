import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input, Result } from 'antd';
import { loginByThirdPartyBind } from '@portal/contract/calls/third-party';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { CaptchaInput, type CaptchaHandle } from '../features/account/captcha.tsx';
import { requiredRule, ruleOf } from '../features/account/form-rules.ts';
import { accountMessages } from '../features/account/messages.ts';
import { encryptSecret } from '../features/account/password-crypto.ts';
import { dropTicket, readTicket } from '../features/account/third-party.ts';
import { request } from '../lib/api.ts';
import { format, useLang, useMessages } from '../lib/i18n.ts';
import { localePath } from '../lib/navigation.ts';
import '../features/account/account.css';

/**
 * /thirdLogin: a third-party identity that no account has yet is bound by signing in with the
 * phone and password of an existing account (the bind ticket from /callbackLogin).
 */
function BindSignIn() {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const [form] = Form.useForm<{ phone: string; password: string; imageCode: string }>();
  const captcha = useRef<CaptchaHandle>(null);
  const [busy, setBusy] = useState(false);
  const [ticket] = useState(() => (typeof window === 'undefined' ? null : readTicket()));

  if (!ticket) {
    return (
      <Result
        status="warning"
        title={t.noTicket}
        extra={<Link to={localePath('/login', lang)}>{t.backToSignIn}</Link>}
      />
    );
  }
  const submit = async (v: { phone: string; password: string; imageCode: string }) => {
    setBusy(true);
    try {
      const result = await request(loginByThirdPartyBind, {
        bindTicket: ticket.ticket,
        phone: v.phone.trim(),
        password: await encryptSecret(v.password),
        imageCodeToken: captcha.current?.token() ?? '',
        imageCode: v.imageCode.trim(),
      });
      dropTicket();
      window.location.assign(
        result.chooseEnterprise
          ? `${localePath('/company', lang)}?redirect=${encodeURIComponent(ticket.next)}`
          : ticket.next,
      );
    } catch {
      captcha.current?.refresh();
      form.setFieldValue('imageCode', '');
      setBusy(false);
    }
  };
  return (
    <>
      <p>{format(t.bindHint, { provider: t[ticket.provider] })}</p>
      <Form form={form} layout="vertical" requiredMark={false} name="third-login" onFinish={(v) => void submit(v)}>
        <Form.Item name="phone" label={t.phone} rules={[ruleOf('mobile', lang)]}>
          <Input placeholder={t.phonePlaceholder} maxLength={11} autoComplete="username" inputMode="numeric" />
        </Form.Item>
        <Form.Item name="password" label={t.password} rules={[{ required: true, message: t.passwordRequired }]}>
          <Input.Password placeholder={t.passwordPlaceholder} maxLength={20} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="imageCode" label={t.imageCode} rules={[requiredRule(t.imageCodeRequired)]}>
          <CaptchaInput ref={captcha} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t.bindSignIn}
        </Button>
      </Form>
    </>
  );
}

export default function ThirdLogin() {
  const t = useMessages(accountMessages);
  return (
    <AntdRoot>
      <section className="portal-sign-in" aria-labelledby="third-login-title">
        <h1 id="third-login-title" className="portal-sign-in-title">
          {t.bindTitle}
        </h1>
        <BindSignIn />
      </section>
    </AntdRoot>
  );
}
