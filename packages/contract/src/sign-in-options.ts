import type { TenantCode } from './calls/system.ts';
import { thirdPartyKinds } from './calls/third-party.ts';

export type SignInMethod = 'password' | 'code' | 'employeeNo';
export type ThirdPartyKind = (typeof thirdPartyKinds)[number];

export interface SignInOptions {
  /** The sign-in page's tabs, in order. */
  methods: readonly SignInMethod[];
  /** The third-party providers a site of this kind may offer (those configured, of these). */
  thirdParty: readonly ThirdPartyKind[];
  /** How the sign-in page offers registration (when the site has it open): a link or a button. */
  register: 'link' | 'button';
}

const STANDARD: SignInOptions = {
  methods: ['password', 'code', 'employeeNo'],
  thirdParty: thirdPartyKinds,
  register: 'link',
};

/**
 * The public-training variant's sign-in buttons (decision 011): its learners are members of the
 * public, not employees of the enterprise, so there is no employee-number sign-in, no sign-in with
 * an employer's DingTalk or WeCom (WeChat only), and registration is a button beside 登录 rather
 * than a small link, since most people arrive without an account.
 */
const PUBLIC_TRAINING: SignInOptions = {
  methods: ['password', 'code'],
  thirdParty: ['weixin'],
  register: 'button',
};

/** The ways of signing in a site offers, by its tenant code; the server refuses the others. */
export function signInOptions(tenantCode: TenantCode | null | undefined): SignInOptions {
  return tenantCode === 'publicTraining' ? PUBLIC_TRAINING : STANDARD;
}
