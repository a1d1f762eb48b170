import { useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Steps } from 'antd';
import { deregister, sendAccountCode, SmsPurpose } from '@portal/contract/calls/account';
import { maskPhone } from '@portal/contract/mask';
import { request } from '../../../lib/api.ts';
import { localePath } from '../../../lib/navigation.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { CaptchaInput, type CaptchaHandle } from '../captcha.tsx';
import { requiredRule } from '../form-rules.ts';
import { accountMessages } from '../messages.ts';
import { sendCodeFrom } from '../send-code.ts';
import { SmsCodeField } from '../sms-code-field.tsx';
import '../account.css';

/**
 * Account cancellation in two steps (account-area.md section 4): 1) the phone and the SMS code
 * (getting it takes an image code); 下一步 only once a code was requested; 2) a new image code, the
 * real name (must be the account's) and the reason (at most 100). Done: signed out, to /login.
 */
export function CancelDialog({
  open,
  phone,
  realName,
  onClose,
}: {
  open: boolean;
  phone: string;
  realName: string;
  onClose: () => void;
}) {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [requested, setRequested] = useState(false);
  const [busy, setBusy] = useState(false);
  const [first] = Form.useForm<{ imageCode: string; verificationCode: string }>();
  const [second] = Form.useForm<{ imageCode: string; realName: string; reason: string }>();
  const firstCaptcha = useRef<CaptchaHandle>(null);
  const secondCaptcha = useRef<CaptchaHandle>(null);

  const sendCode = async () => {
    const retry = await sendCodeFrom(first, firstCaptcha, [], t, message, (imageCode) =>
      request(sendAccountCode, { ...imageCode, verificationCodeType: SmsPurpose.CANCEL_ACCOUNT }),
    );
    if (retry !== undefined) setRequested(true);
    return retry;
  };

  const next = async () => {
    if (!requested) {
      void message.warning(t.codeFirst);
      return;
    }
    try {
      await first.validateFields(['verificationCode']);
      setStep(1);
    } catch {
      // the form shows what is missing
    }
  };

  const submit = async (v: { imageCode: string; realName: string; reason: string }) => {
    setBusy(true);
    try {
      await request(deregister, {
        verificationCode: String(first.getFieldValue('verificationCode')).trim(),
        imgVerificationCodeToken: secondCaptcha.current?.token() ?? '',
        imgVerificationCode: v.imageCode.trim(),
        realName: v.realName.trim(),
        reason: v.reason.trim(),
      });
      void message.success(t.cancelDone);
      setTimeout(() => window.location.assign(localePath('/login', lang)), 1200);
    } catch {
      secondCaptcha.current?.refresh();
      second.setFieldValue('imageCode', '');
      setBusy(false);
    }
  };

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={onClose}>
            {t.keepAccount}
          </Button>,
          <Button key="next" type="primary" onClick={() => void next()}>
            {t.next}
          </Button>,
        ]
      : [
          <Button key="previous" onClick={() => setStep(0)}>
            {t.previous}
          </Button>,
          <Button key="submit" type="primary" danger loading={busy} onClick={() => second.submit()}>
            {t.cancelAccount}
          </Button>,
        ];

  return (
    <Modal
      title={t.cancelTitle}
      open={open}
      width={550}
      onCancel={onClose}
      maskClosable={false}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        items={[{ title: t.cancelPhone }, { title: t.reason }]}
        className="portal-steps"
      />
      <p className="portal-dialog-warning">{t.cancelHint}</p>
      <div hidden={step !== 0}>
        <Form form={first} layout="vertical" name="cancel-step-1">
          <Form.Item label={t.cancelPhone} htmlFor="cancel-step-1-phone">
            <Input id="cancel-step-1-phone" value={maskPhone(phone)} disabled />
          </Form.Item>
          <Form.Item name="imageCode" label={t.imageCode} required>
            <CaptchaInput ref={firstCaptcha} />
          </Form.Item>
          <SmsCodeField formName="cancel-step-1" onSend={sendCode} />
        </Form>
      </div>
      {step === 1 && (
        <Form form={second} layout="vertical" name="cancel-step-2" onFinish={(v) => void submit(v)}>
          <Form.Item name="imageCode" label={t.imageCode} rules={[requiredRule(t.imageCodeRequired)]}>
            <CaptchaInput ref={secondCaptcha} />
          </Form.Item>
          <Form.Item
            name="realName"
            label={t.realName}
            rules={[
              requiredRule(t.realNameRequired),
              {
                validator: (_r, value: unknown) =>
                  !value || String(value).trim() === realName
                    ? Promise.resolve()
                    : Promise.reject(new Error(t.realNameWrong)),
              },
            ]}
          >
            <Input placeholder={t.realNamePlaceholder} maxLength={15} autoComplete="off" />
          </Form.Item>
          <Form.Item name="reason" label={t.reason} rules={[requiredRule(t.reasonRequired), { max: 100 }]}>
            <Input.TextArea placeholder={t.reasonPlaceholder} maxLength={100} showCount rows={3} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
