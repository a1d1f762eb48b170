import http from 'node:http';
import { constants, publicEncrypt } from 'node:crypto';

import { GATEWAY_PREFIX, type CallDef, type CallRequest, type CallResponse } from '@portal/contract/call';
import { chooseEnterprise, getPasswordKey, loginByPassword } from '@portal/contract/calls/account';
import { PLATFORM_HEADER_VALUE, TOKEN_COOKIE } from '@portal/contract/constants';
import { connectDatabase } from '@portal/db';
import { CAPTCHA_ANSWER, putCaptcha } from './accounts.ts';
import { url, type Browser } from './browser.ts';
import { localePath, type Lang } from './langs.ts';
import { portal } from './portal.ts';

type Host = 'sfj' | 'yb' | 'global' | 'px';

/**
 * One gateway call from Node as a browser on the site's address would make it (Host names the
 * site), signed in when `token` is given.
 */
async function gateway<C extends CallDef>(
  call: C,
  input: CallRequest<C>,
  host: Host | undefined,
  token?: string,
): Promise<CallResponse<C>> {
  const port = portal().port;
  const inQuery = call.requestIn === 'query';
  const query = inQuery ? new URLSearchParams(input as Record<string, string>).toString() : '';
  const payload = inQuery ? undefined : JSON.stringify(input);
  const answer = await new Promise<string>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent: false,
        method: call.method,
        path: `${GATEWAY_PREFIX}${call.path}${query ? `?${query}` : ''}`,
        headers: {
          host: `${host ? `${host}.` : ''}localhost:${port}`,
          platform: PLATFORM_HEADER_VALUE,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { token } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  const env = JSON.parse(answer) as { code: number; message: string; data: CallResponse<C> };
  if (env.code !== 200) throw new Error(`${call.path} answered ${env.code} ${env.message}`);
  return env.data;
}

/**
 * A person's session from the real password sign-in call (as `signInAs` makes it), for a test that
 * acts as a second person from Node (an administrator deciding an application) while the browser
 * stays signed in as the first. Only for a person of one enterprise (no choice of enterprise).
 */
export async function signInByCall(
  account: { phone: string; password: string },
  host?: Host,
  /** For a person of several enterprises: the one to choose after signing in. */
  enterprise?: number,
): Promise<<C extends CallDef>(call: C, input: CallRequest<C>) => Promise<CallResponse<C>>> {
  const signedIn = await passwordSignIn(account, host);
  let token = signedIn.token;
  if (signedIn.chooseEnterprise) {
    if (enterprise === undefined) throw new Error(`${account.phone} must choose an enterprise first`);
    token = (await gateway(chooseEnterprise, { eid: enterprise }, host, token)).token;
  }
  return (call, input) => gateway(call, input, host, token);
}

/** The password sign-in call: the password encrypted with the site's key, a known captcha. */
async function passwordSignIn(account: { phone: string; password: string }, host: Host | undefined) {
  const { publicKey } = await gateway(getPasswordKey, {}, host);
  const password = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(account.password),
  ).toString('base64');
  const database = connectDatabase(portal().databaseUrl, { max: 1 });
  let imageCodeToken: string;
  try {
    imageCodeToken = await putCaptcha(database.db);
  } finally {
    await database.close();
  }
  return gateway(loginByPassword, { phone: account.phone, password, imageCode: CAPTCHA_ANSWER, imageCodeToken }, host);
}

/**
 * Signs a person in without the form (only the sign-in tests use it): the real password sign-in
 * call from Node, as the page makes it (the password RSA-OAEP-encrypted with the site's public
 * key, a captcha of the database as `knownCaptchas` puts one there), then the session's `token`
 * cookie (HttpOnly, the site's host) in the browser, and the page the sign-in leads to loaded in a
 * new browser session (sessionStorage emptied: the profile tip shows as after a real sign-in):
 * `path` (default /home) in `lang`, or /company when the person must choose an enterprise first.
 */
export async function signInAs(
  b: Browser,
  account: { phone: string; password: string },
  options: { host?: Host; lang?: Lang; path?: string } = {},
): Promise<void> {
  const { host, lang = 'zh' } = options;
  const { token, chooseEnterprise: mustChoose } = await passwordSignIn(account, host);
  const origin = url('/', host);
  await b.context.addCookies([{ name: TOKEN_COOKIE, value: token, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  const target = localePath(lang, options.path ?? '/home');
  const next = mustChoose ? `${localePath(lang, '/company')}?redirect=${encodeURIComponent(target)}` : target;
  const fresh = await b.page.addInitScript(() => sessionStorage.clear());
  try {
    await b.page.goto(url(next, host));
  } finally {
    await fresh.dispose();
  }
}
