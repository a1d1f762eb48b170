import { logout } from '@portal/contract/calls/account';
import type { ThemeOptions } from '@portal/contract';
import { request } from '../../lib/api.ts';
import { localePath, type Lang } from '../../lib/navigation.ts';
import { forgetAnnouncementState } from '../../lib/unread.ts';
import { confirmDialog } from '../antd/feedback.tsx';

/**
 * Asks 确定要退出登录吗？ and, confirmed, ends the session, forgets the unread count and the
 * announcement popup's flags (the next person in the tab gets theirs) and goes to /login. Loaded when the
 * person clicks 退出登录, so the header's first load carries neither antd nor the call schemas.
 */
export function confirmSignOut(
  texts: { title: string; content: string; okText: string; cancelText: string },
  theme: Pick<ThemeOptions, 'themeColor'>,
  lang: Lang,
): void {
  confirmDialog(texts, theme, lang, () => signOutNow(lang));
}

/**
 * Ends the session and goes to /login. The person leaves whatever the gateway answers (the request
 * layer has shown a failure): the page forgets the session and the sign-in page starts afresh.
 */
export async function signOutNow(lang: Lang): Promise<void> {
  try {
    await request(logout);
  } catch {
    // Signing out goes on: see above.
  }
  forgetAnnouncementState();
  window.location.assign(localePath('/login', lang));
}
