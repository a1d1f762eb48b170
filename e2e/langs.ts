import type { Page } from 'playwright-core';
import { CAPTCHA_ANSWER } from './accounts.ts';
import { url } from './browser.ts';

/**
 * The two languages of the portal: Chinese (default, `/login`) and English (`/en/login`). Tests of
 * the account flows run once per language (`it.each(LANGS)`) with a table of the texts each shows:
 * the spec's Chinese texts, and the English ones of the app's messages. antd puts a space between
 * two Chinese characters of a normal button ('登 录', '确 定'), not in link buttons.
 */
export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** A path in a language: `localePath('en', '/login')` → `/en/login`. */
export function localePath(lang: Lang, path: string): string {
  return lang === 'en' ? `/en${path}` : path;
}

/** Waits until the page shows `path` in the language (the whole path and query, nothing more). */
export async function waitForPath(page: Page, lang: Lang, path: string): Promise<void> {
  const want = localePath(lang, path);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === want);
}

/** The password sign-in form. */
export const SIGN_IN_TEXTS = {
  zh: { phone: '手机号码', password: '密码', imageCode: '图形验证码', signIn: '登 录' },
  en: { phone: 'Mobile number', password: 'Password', imageCode: 'Image code', signIn: 'Sign in' },
} satisfies Record<Lang, Record<string, string>>;

/** Signs in with phone and password on /login (or /en/login) of a site and waits for its home page. */
export async function signIn(
  page: Page,
  lang: Lang,
  account: { phone: string; password: string },
  host?: 'sfj' | 'yb' | 'global',
): Promise<void> {
  const t = SIGN_IN_TEXTS[lang];
  await page.goto(url(localePath(lang, '/login'), host));
  const form = page.locator('form#sign-in-password');
  await form.getByLabel(t.phone, { exact: true }).fill(account.phone);
  await form.getByLabel(t.password, { exact: true }).fill(account.password);
  await form.getByLabel(t.imageCode, { exact: true }).fill(CAPTCHA_ANSWER);
  await form.getByRole('button', { name: t.signIn }).click();
  await waitForPath(page, lang, '/home');
}

/**
 * A new browser session's sign-in of a learner with an incomplete profile shows the profile tip
 * (which would go to the profile in 5 s): declined here, for tests about other things.
 */
export async function declineProfileTip(page: Page, lang: Lang): Promise<void> {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: lang === 'en' ? 'Cancel' : '取 消' })
    .click();
}

/** Forgets the browser session's storage (the profile tip shows once a session). */
export async function newBrowserSession(page: Page): Promise<void> {
  await page.goto(url('/about'));
  await page.evaluate(() => sessionStorage.clear());
}
