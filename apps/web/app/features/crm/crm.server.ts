import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { viewCurrentUser } from '@portal/contract/calls/account';
import type { CallDef, CallRequest, CallResponse } from '@portal/contract/call';
import { ErrorCode, errorText } from '@portal/contract/errors';
import { localePath, pathLang, type Lang } from '../../lib/navigation.ts';
import { siteOf } from '../../lib/site.server.ts';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

/** Codes after which the session is of no more use: the person signs in again. */
const SIGN_IN_AGAIN: ReadonlySet<number> = new Set([
  ErrorCode.NOT_SIGNED_IN,
  ErrorCode.SESSION_EXPIRED,
  ErrorCode.SESSION_ENDED,
  ErrorCode.ACCOUNT_DISABLED,
]);

/** The page's answer to a refusal: sign in (with the way back), choose an enterprise, or 403. */
function refusal(request: Request, code: number, message: string, lang: Lang): never {
  const url = new URL(request.url);
  const back = `?redirect=${encodeURIComponent(url.pathname + url.search)}`;
  if (SIGN_IN_AGAIN.has(code)) throw redirect(localePath('/login', lang) + back);
  if (code === ErrorCode.CHOOSE_ENTERPRISE) throw redirect(localePath('/company', lang) + back);
  if (code === ErrorCode.NOT_ADMIN) throw data({ message }, { status: 403 });
  // Not found (a course of another enterprise, a deleted one): the page's 404 with the reason.
  if (code === ErrorCode.NOT_FOUND || code === ErrorCode.ADMIN_COURSE_NOT_FOUND)
    throw data({ message }, { status: 404 });
  throw data({ message }, { status: code === ErrorCode.RATE_LIMITED ? 429 : 503 });
}

/**
 * The back office's guard (decision 036), for its layout's loader: a visitor goes to sign in and
 * comes back; a signed-in person who does not administer the session's enterprise gets the
 * no-permission page (403, 无权限访问管理后台). The gateway refuses their calls all the same.
 */
export async function requireAdmin({ request, context }: Args) {
  const url = new URL(request.url);
  const lang = pathLang(url.pathname);
  const site = await siteOf(request, context);
  if (!site) throw data({ message: lang === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  if (!site.signedIn) refusal(request, ErrorCode.NOT_SIGNED_IN, '', lang);
  const me = await context.gateway(request, viewCurrentUser, {});
  if (me.code !== 200) refusal(request, me.code, me.message, lang);
  if (!me.data.isAdmin) refusal(request, ErrorCode.NOT_ADMIN, errorText(ErrorCode.NOT_ADMIN, lang), lang);
  return {
    lang,
    siteName: site.website.entName,
    adminName: me.data.realName || me.data.userName,
  };
}

/**
 * An admin call for a back-office page's loader: its data, or the page's answer to a refusal.
 * Bad input (a hand-edited URL) comes back as `{ error }` for the page to show beside its filters.
 */
export async function callAdmin<C extends CallDef>(
  { request, context }: Args,
  call: C,
  input: CallRequest<C>,
  /** Refusals the page shows itself (their message as `error`) rather than an error page. */
  shown: readonly number[] = [],
): Promise<{ data: CallResponse<C>; error: null } | { data: null; error: string }> {
  const lang = pathLang(new URL(request.url).pathname);
  const answer = await context.gateway(request, call, input);
  if (answer.code === ErrorCode.OK) return { data: answer.data, error: null };
  if (answer.code === ErrorCode.BAD_INPUT || shown.includes(answer.code)) return { data: null, error: answer.message };
  return refusal(request, answer.code, answer.message, lang);
}
