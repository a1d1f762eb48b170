import { forwardRef, useCallback, useEffect, useImperativeHandle, useState } from 'react';
import { Input } from 'antd';
import { getImageCaptcha } from '@portal/contract/calls/account';
import { request } from '../../lib/api.ts';
import { useMessages } from '../../lib/i18n.ts';
import { accountMessages } from './messages.ts';

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
  const [captcha, setCaptcha] = useState<{ token: string; img: string } | null>(null);
  const refresh = useCallback(() => {
    request(getImageCaptcha, {}, { quiet: true })
      .then(setCaptcha)
      .catch(() => setCaptcha(null));
  }, []);
  useEffect(refresh, [refresh]);
  useImperativeHandle(ref, () => ({ token: () => captcha?.token ?? '', refresh }), [captcha, refresh]);
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
      <button type="button" className="portal-captcha-image" onClick={refresh} title={t.refreshCaptcha}>
        {captcha ? (
          <img src={captcha.img} alt={t.imageCode} width={120} height={40} />
        ) : (
          <span>{t.refreshCaptcha}</span>
        )}
      </button>
    </div>
  );
});
