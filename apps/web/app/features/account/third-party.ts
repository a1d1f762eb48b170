import { THIRD_PARTY_STATE_PREFIX } from '@portal/contract/constants';
import { authorizeThirdParty, findThirdPartyProviders, type thirdPartyKinds } from '@portal/contract/calls/third-party';
import { request } from '../../lib/api.ts';
import { useCall } from '../../lib/use-call.ts';
import { localePath, type Lang } from '../../lib/navigation.ts';

export type ThirdPartyKind = (typeof thirdPartyKinds)[number];
export const THIRD_PARTY_KINDS: ThirdPartyKind[] = ['dingding', 'weixin', 'workWeixin'];

/** The providers this portal offers (none until known). */
export function useThirdPartyProviders(): ThirdPartyKind[] {
  return useCall(findThirdPartyProviders, {}, { quiet: true }).data ?? [];
}

const KEY = 'portal.thirdParty';
const TICKET = 'portal.bindTicket';

interface Pending {
  state: string;
  provider: ThirdPartyKind;
  mode: 'login' | 'bind';
  redirectUri: string;
  /** Where to go once signed in. */
  next: string;
}

/**
 * Sends the browser to the provider: a state with the product prefix (THIRD_PARTY_STATE_PREFIX),
 * kept in this tab with what to do on return, and our own /callbackLogin as the return address.
 */
export async function startThirdParty(provider: ThirdPartyKind, mode: Pending['mode'], lang: Lang, next: string) {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
  const state = `${THIRD_PARTY_STATE_PREFIX}${random}_${provider}`;
  const redirectUri = `${window.location.origin}${localePath('/callbackLogin', lang)}?provider=${provider}`;
  const pending: Pending = { state, provider, mode, redirectUri, next };
  sessionStorage.setItem(KEY, JSON.stringify(pending));
  const { url } = await request(authorizeThirdParty, { provider, state, redirectUri });
  window.location.assign(url);
}

/** What this tab started, if the state the provider returned is that one (else null). */
export function takePending(state: string | null): Pending | null {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw || !state || !state.startsWith(THIRD_PARTY_STATE_PREFIX)) return null;
  try {
    const pending = JSON.parse(raw) as Pending;
    return pending.state === state ? pending : null;
  } catch {
    return null;
  }
}

export const keepTicket = (ticket: string, provider: ThirdPartyKind, next: string) =>
  sessionStorage.setItem(TICKET, JSON.stringify({ ticket, provider, next }));

export function readTicket(): { ticket: string; provider: ThirdPartyKind; next: string } | null {
  try {
    return JSON.parse(sessionStorage.getItem(TICKET) ?? 'null') as {
      ticket: string;
      provider: ThirdPartyKind;
      next: string;
    } | null;
  } catch {
    return null;
  }
}

export const dropTicket = () => sessionStorage.removeItem(TICKET);
