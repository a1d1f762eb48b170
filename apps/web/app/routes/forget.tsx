import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Form, Input } from 'antd';
import { resetPassword, SmsPurpose } from '@portal/contract/calls/account';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { CaptchaInput, type CaptchaHandle } from '../features/account/captcha.tsx';
import { confirmRules, requiredRule, ruleOf } from '../features/account/form-rules.ts';
import { accountMessages } from '../features/account/messages.ts';
import { encryptSecret } from '../features/account/password-crypto.ts';
import { sendPhoneCode } from '../features/account/send-code.ts';
import { SmsCodeField } from '../features/account/sms-code-field.tsx';
import { request } from '../lib/api.ts';
import { useLang, useMessages } from '../lib/i18n.ts';
import { localePath } from '../lib/navigation.ts';
import '../features/account/account.css';

interface Values {
  phone: string;
  imageCode: string;
  verificationCode: string;
  loginPwd: string;
  confirmPwd: string;
}

/**
 * /forget: phone, image code, SMS code (type 3) and the new password twice; a new image code after
 * every attempt (account-area.md section 8).
 */
function ForgetPassword() {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const captcha = useRef<CaptchaHandle>(null);
  const [busy, setBusy] = useState(false);

  const freshCaptcha = () => {
    captcha.current?.refresh();
    form.setFieldValue('imageCode', '');
  };

  const sendCode = () => sendPhoneCode(form, captcha, t, message, SmsPurpose.RESET_PASSWORD);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await request(resetPassword, {
        phone: v.phone.trim(),
        verificationCode: v.verificationCode.trim(),
        loginPwd: await encryptSecret(v.loginPwd),
        confirmPwd: await encryptSecret(v.confirmPwd),
        imgVerificationCodeToken: captcha.current?.token() ?? '',
        imgVerificationCode: v.imageCode.trim(),
      });
      void message.success(t.resetDone);
      void navigate(localePath('/login', lang));
    } catch {
      freshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="portal-sign-in" aria-labelledby="forget-title">
      <h1 id="forget-title" className="portal-sign-in-title">
        {t.forgetTitle}
      </h1>
      <Form form={form} layout="vertical" requiredMark={false} name="forget" onFinish={(v) => void submit(v)}>
        <Form.Item name="phone" label={t.phone} rules={[ruleOf('mobile', lang)]}>
          <Input placeholder={t.phonePlaceholder} maxLength={11} autoComplete="username" inputMode="numeric" />
        </Form.Item>
        <Form.Item name="imageCode" label={t.imageCode} rules={[requiredRule(t.imageCodeRequired)]}>
          <CaptchaInput ref={captcha} />
        </Form.Item>
        <SmsCodeField formName="forget" onSend={sendCode} />
        <Form.Item name="loginPwd" label={t.newPassword} rules={[ruleOf('password', lang)]} extra={t.passwordHint}>
          <Input.Password placeholder={t.newPasswordPlaceholder} maxLength={20} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPwd"
          label={t.confirmPassword}
          dependencies={['loginPwd']}
          rules={confirmRules('loginPwd', t)}
        >
          <Input.Password placeholder={t.confirmPasswordPlaceholder} maxLength={20} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t.submit}
        </Button>
      </Form>
      <div className="portal-sign-in-links">
        <Link to={localePath('/login', lang)}>{t.backToSignIn}</Link>
      </div>
    </section>
  );
}

export default function ForgetPage() {
  return (
    <AntdRoot>
      <ForgetPassword />
    </AntdRoot>
  );
}
