import { useRef, useState } from 'react';
import { App, Form, Input } from 'antd';
import { sendAccountCode, SmsPurpose, updatePhone } from '@portal/contract/calls/account';
import { request } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { CaptchaInput, type CaptchaHandle } from '../captcha.tsx';
import { FormDialog } from '../../antd/form-dialog.tsx';
import { ruleOf } from '../form-rules.ts';
import { accountMessages } from '../messages.ts';
import { sendCodeFrom } from '../send-code.ts';
import { SmsCodeField } from '../sms-code-field.tsx';
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
  // Changed: every session ends and the page is left; the button stays busy until then.
  const [leaving, setLeaving] = useState(false);

  const sendCode = () =>
    sendCodeFrom(form, captcha, ['phone'], t, message, (imageCode) =>
      request(sendAccountCode, {
        phone: String(form.getFieldValue('phone')).trim(),
        ...imageCode,
        verificationCodeType: SmsPurpose.CHANGE_PHONE,
      }),
    );

  const submit = async (v: Values) => {
    await request(updatePhone, { phone: v.phone.trim(), verificationCode: v.verificationCode.trim() });
    void message.success(t.changed);
    setLeaving(true);
    signInAgain(lang);
  };

  return (
    <FormDialog
      title={t.changePhone}
      open={open}
      form={form}
      name="change-phone"
      okText={t.confirm}
      cancelText={t.cancel}
      busy={leaving}
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item name="phone" label={t.newPhone} rules={[ruleOf('mobile', lang)]} required>
        <Input placeholder={t.newPhonePlaceholder} maxLength={11} inputMode="numeric" autoComplete="off" />
      </Form.Item>
      {/* Needed to send the code, not to change the phone: checked when the code is asked for, and
          on 确定 while no SMS code is filled in (the field is emptied once the code is sent). */}
      <Form.Item
        name="imageCode"
        label={t.imageCode}
        required
        dependencies={['verificationCode']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: unknown) =>
              String(value ?? '').trim() || String(getFieldValue('verificationCode') ?? '').trim()
                ? Promise.resolve()
                : Promise.reject(new Error(t.imageCodeRequired)),
          }),
        ]}
      >
        <CaptchaInput ref={captcha} />
      </Form.Item>
      <SmsCodeField formName="change-phone" onSend={sendCode} />
    </FormDialog>
  );
}
