import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { format, useMessages } from '../../lib/i18n.ts';
import { accountMessages } from './messages.ts';

/**
 * The get-code button: disabled while a code is being sent and during the countdown, which runs
 * retryDuration minus 1 seconds, else 59 (account-area.md section 4), then resets to 获取验证码.
 */
export function SmsCodeButton({ onSend }: { onSend: () => Promise<number | undefined> }) {
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
