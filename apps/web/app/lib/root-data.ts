import { useRouteLoaderData } from 'react-router';
import type { CallResponse, SiteBundle } from '@portal/contract';
import type { viewCurrentUser } from '@portal/contract/calls/account';

export type CurrentUser = CallResponse<typeof viewCurrentUser>;
import type { Lang } from './navigation.ts';

/** What the root loader gives every page. */
export interface RootData {
  site: SiteBundle;
  /** The signed-in person in the site's enterprise (header user menu), null for visitors. */
  user: CurrentUser | null;
  lang: Lang;
  nonce: string;
  isDev: boolean;
  /** The wrong-domain check is due (not in development, first-visit cookie not set). */
  checkDomain: boolean;
}

/**
 * Root data kept in the browser (root.tsx's clientLoader): navigations run the guard on it instead
 * of asking the server. `forgetRootData` makes the next navigation load it again, after a change
 * it shows (sign-out, the hours and points the header menu shows after earning).
 */
export const keptRootData: { current: RootData | undefined } = { current: undefined };
export function forgetRootData(): void {
  keptRootData.current = undefined;
}

export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('useRootData outside the root route');
  return data;
}

export function useCurrentUser(): CurrentUser | null {
  return useRootData().user;
}

export function useSite(): SiteBundle {
  return useRootData().site;
}
