import { z } from 'zod';

/** Request and response fields several call files share (sign-in and registration forms). */

export const imageCode = {
  imageCodeToken: z.string().trim().min(1, { error: '请获取图形验证码' }).max(100),
  imageCode: z.string().trim().min(1, { error: '请输入图形验证码' }).max(10),
};

/** A password as the browser sends it: RSA-OAEP (SHA-256) ciphertext, base64. */
export const encryptedPassword = z.string().trim().min(1, { error: '请输入密码' }).max(1024);

export const signedIn = z.object({
  token: z.string(),
  /** The person belongs to several enterprises and none is chosen yet: go to /company. */
  chooseEnterprise: z.boolean(),
});

/** An ID number as the browser sends it: RSA-OAEP ciphertext like a password. */
export const encryptedIdCard = z.string().trim().min(1, { error: '请输入身份证号码' }).max(1024);

/** An SMS verification code as typed. */
export const smsCode = z.string().trim().min(1, { error: '请输入验证码' }).max(6);
