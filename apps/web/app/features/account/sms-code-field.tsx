import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { format, useMessages } from '../../lib/i18n.ts';
import { SMS_CODE_LENGTH } from '@portal/contract/constants';
import { requiredRule } from './form-rules.ts';
import { accountMessages } from './messages.ts';
import './account.css';

/**
 * The get-code button: disabled while a code is being sent and during the countdown, which runs
 * retryDuration minus 1 seconds, else 59 (account-area.md section 4), then resets to 获取验证码.
 */
function SmsCodeButton({ onSend }: { onSend: () => Promise<number | undefined> }) {
  const t = useMessages(accountMessages);
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const click = async () => {
    setSending(true);
    try {
      const retry = await onSend();
      if (retry !== undefined) setLeft(retry > 1 ? retry - 1 : 59);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button className="portal-sms-button" disabled={left > 0} loading={sending} onClick={() => void click()}>
      {left > 0 ? format(t.resendIn, { s: left }) : t.getCode}
    </Button>
  );
}

/**
 * The SMS-code form item of every form that takes one (sign-in, registration, forgotten password,
 * change of phone, cancellation): the `verificationCode` field (required, at most 6 digits) with the
 * get-code button beside it. `formName` is the form's name, whose field ids the label points at;
 * `onSend` asks for the code (send-code.ts) and resolves to retryDuration, or undefined.
 */
export function SmsCodeField({ formName, onSend }: { formName: string; onSend: () => Promise<number | undefined> }) {
  const t = useMessages(accountMessages);
  return (
    <Form.Item label={t.smsCode} required htmlFor={`${formName}_verificationCode`}>
      <div className="portal-sms-row">
        <Form.Item name="verificationCode" noStyle rules={[requiredRule(t.smsCodeRequired)]}>
          <Input
            placeholder={t.smsCodePlaceholder}
            maxLength={SMS_CODE_LENGTH}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <SmsCodeButton onSend={onSend} />
      </div>
    </Form.Item>
  );
}
