import type { RefObject } from 'react';
import type { FormInstance } from 'antd';
import { SmsPurpose, sendVerificationCode } from '@portal/contract/calls/account';
import { request } from '../../lib/api.ts';
import type { CaptchaHandle } from './captcha.tsx';

/** The captcha token each form's kept captcha sent its code with. */
const spent = new WeakMap<object, string>();

/**
 * The get-code action of a form: the image code and the named fields must be filled in, then the
 * code is requested. The captcha is used up, so a new one is shown and its field emptied, unless
 * the code was sent for a form that submits the same captcha (`keepForSubmit`: registration and
 * the forgotten password, where the server lets it serve once more). Resolves to retryDuration, or
 * undefined when nothing was sent.
 */
export async function sendCodeFrom(
  form: FormInstance,
  captcha: RefObject<CaptchaHandle | null>,
  fields: string[],
  texts: { imageCodeRequired: string; codeSent: string },
  toast: { success(text: string): unknown },
  send: (imageCode: { imageCodeToken: string; imageCode: string }) => Promise<{ retryDuration: number }>,
  keepForSubmit = false,
): Promise<number | undefined> {
  const renew = () => {
    captcha.current?.refresh();
    form.setFieldValue('imageCode', '');
  };
  // A kept captcha has bought its one code: another code needs a new captcha.
  if (captcha.current && spent.get(captcha) === captcha.current.token()) {
    renew();
    form.setFields([{ name: 'imageCode', errors: [texts.imageCodeRequired] }]);
    return undefined;
  }
  const imageCode = String(form.getFieldValue('imageCode') ?? '').trim();
  let valid = true;
  try {
    await form.validateFields(fields);
  } catch {
    valid = false;
  }
  if (!imageCode) {
    form.setFields([{ name: 'imageCode', errors: [texts.imageCodeRequired] }]);
    valid = false;
  }
  if (!valid) return undefined;
  try {
    const token = captcha.current?.token() ?? '';
    const { retryDuration } = await send({ imageCodeToken: token, imageCode });
    void toast.success(texts.codeSent);
    if (keepForSubmit) spent.set(captcha, token);
    else renew();
    return retryDuration;
  } catch {
    renew();
    return undefined;
  }
}

/**
 * The get-code action of a public form (sign-in, registration, forgotten password): a code for the
 * phone of the form's `phone` field. Registration and the forgotten password submit the same
 * captcha, so it is kept for them.
 */
export function sendPhoneCode(
  form: FormInstance,
  captcha: RefObject<CaptchaHandle | null>,
  texts: { imageCodeRequired: string; codeSent: string },
  toast: { success(text: string): unknown },
  purpose: 1 | 2 | 3,
): Promise<number | undefined> {
  const keep = purpose === SmsPurpose.REGISTER || purpose === SmsPurpose.RESET_PASSWORD;
  return sendCodeFrom(
    form,
    captcha,
    ['phone'],
    texts,
    toast,
    (imageCode) =>
      request(sendVerificationCode, {
        phone: String(form.getFieldValue('phone')).trim(),
        ...imageCode,
        verificationCodeType: purpose,
      }),
    keep,
  );
}
