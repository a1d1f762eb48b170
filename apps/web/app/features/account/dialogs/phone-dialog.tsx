import { useRef, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { sendAccountCode, SmsPurpose, updatePhone } from '@portal/contract/calls/account';
import { request } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { CaptchaInput, type CaptchaHandle } from '../captcha.tsx';
import { requiredRule, ruleOf } from '../form-rules.ts';
import { accountMessages } from '../messages.ts';
import { sendCodeFrom } from '../send-code.ts';
import { SmsCodeButton } from '../sms-code-button.tsx';
import { signInAgain } from './sign-in-again.ts';

interface Values {
  phone: string;
  imageCode: string;
  verificationCode: string;
}

/**
 * Change the sign-in phone (account-area.md section 4): the new phone, an image code to get the SMS
 * code sent to it, the code (at most 6). Success ends every session: the person signs in again.
 */
export function PhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const captcha = useRef<CaptchaHandle>(null);
  const [busy, setBusy] = useState(false);

  const sendCode = () =>
    sendCodeFrom(form, captcha, ['phone'], t, message, (imageCode) =>
      request(sendAccountCode, {
        phone: String(form.getFieldValue('phone')).trim(),
        ...imageCode,
        verificationCodeType: SmsPurpose.CHANGE_PHONE,
      }),
    );

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await request(updatePhone, { phone: v.phone.trim(), verificationCode: v.verificationCode.trim() });
      void message.success(t.changed);
      signInAgain(lang);
    } catch {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t.changePhone}
      open={open}
      width={500}
      onCancel={onClose}
      maskClosable={false}
      okText={t.confirm}
      cancelText={t.cancel}
      confirmLoading={busy}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="change-phone" onFinish={(v) => void submit(v)} preserve={false}>
        <Form.Item name="phone" label={t.newPhone} rules={[ruleOf('mobile', lang)]} required>
          <Input placeholder={t.newPhonePlaceholder} maxLength={11} inputMode="numeric" autoComplete="off" />
        </Form.Item>
        {/* Needed to send the code, not to change the phone: checked when the code is asked for. */}
        <Form.Item name="imageCode" label={t.imageCode} required>
          <CaptchaInput ref={captcha} />
        </Form.Item>
        <Form.Item label={t.smsCode} required htmlFor="change-phone_verificationCode">
          <div className="portal-sms-row">
            <Form.Item name="verificationCode" noStyle rules={[requiredRule(t.smsCodeRequired)]}>
              <Input
                placeholder={t.smsCodePlaceholder}
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
            </Form.Item>
            <SmsCodeButton onSend={sendCode} />
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}
