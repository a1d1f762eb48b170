import type { Page } from 'playwright-core';

/**
 * The two languages of the portal: Chinese (default, `/login`) and English (`/en/login`). A flow
 * runs in one language; a short check loads the page in the other and asserts the texts that
 * differ (tables of the texts each shows: the spec's Chinese texts, and the English ones of the
 * app's messages). antd puts a space between two Chinese characters of a normal button
 * ('登 录', '确 定'), not in link buttons.
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

/**
 * A new browser session's sign-in of a learner with an incomplete profile (`signInAs`) shows the profile tip
 * (which would go to the profile in 5 s): declined here, for tests about other things.
 */
export async function declineProfileTip(page: Page, lang: Lang): Promise<void> {
  const dialog = page.getByRole('dialog');
  const cancel = dialog.getByRole('button', { name: lang === 'en' ? 'Cancel' : '取 消' });
  await cancel.click();
  // Gone before the test goes on: a fresh-clone run had the click land while the dialog was still
  // opening and the dialog stay, count down and open personal information under the next step. A
  // dialog still there after a second is cancelled again (cancelling twice is harmless).
  for (let i = 0; i < 5; i++) {
    try {
      await dialog.waitFor({ state: 'hidden', timeout: 1000 });
      return;
    } catch {
      await cancel.click({ timeout: 1000 }).catch(() => undefined);
    }
  }
  await dialog.waitFor({ state: 'hidden', timeout: 1000 });
}
