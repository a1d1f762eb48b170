import { forwardRef, useImperativeHandle } from 'react';
import { Input } from 'antd';
import { getImageCaptcha } from '@portal/contract/calls/account';
import { useCall } from '../../lib/use-call.ts';
import { useMessages } from '../../lib/i18n.ts';
import { accountMessages } from './messages.ts';
import './account.css';

export interface CaptchaHandle {
  /** The token of the captcha shown now. */
  token(): string;
  /** Shows a new captcha (after every failed attempt: a captcha is good for one check). */
  refresh(): void;
}

/**
 * The image-captcha field: the input (value = the answer, for the form) and the image, which a
 * click replaces.
 */
export const CaptchaInput = forwardRef<
  CaptchaHandle,
  { value?: string; onChange?: (value: string) => void; id?: string }
>(function CaptchaInput({ value, onChange, id }, ref) {
  const t = useMessages(accountMessages);
  const { data, error, reload } = useCall(getImageCaptcha, {}, { quiet: true });
  // A captcha that could not be renewed is gone: the button asks for another.
  const captcha = error ? undefined : data;
  useImperativeHandle(ref, () => ({ token: () => captcha?.token ?? '', refresh: () => void reload() }), [
    captcha,
    reload,
  ]);
  return (
    <div className="portal-captcha">
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={t.imageCodePlaceholder}
        maxLength={10}
        autoComplete="off"
      />
      <button type="button" className="portal-captcha-image" onClick={() => void reload()} title={t.refreshCaptcha}>
        {captcha ? (
          <img src={captcha.img} alt={t.imageCode} width={120} height={40} />
        ) : (
          <span>{t.refreshCaptcha}</span>
        )}
      </button>
    </div>
  );
});
