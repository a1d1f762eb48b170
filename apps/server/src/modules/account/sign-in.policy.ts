import { ErrorCode, signInOptions, type SignInMethod, type TenantCode, type ThirdPartyKind } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';

const notOffered = () =>
  new AppError(ErrorCode.BAD_INPUT, {
    message: { zh: '当前平台不支持该登录方式', en: 'This site does not offer this way of signing in' },
  });

/** A site's sign-in page and its calls agree: a way the page does not offer is refused (decision 011). */
export function assertMethodOffered(tenantCode: TenantCode | null, method: SignInMethod): void {
  if (!signInOptions(tenantCode).methods.includes(method)) throw notOffered();
}

export function assertProviderOffered(tenantCode: TenantCode | null, kind: ThirdPartyKind): void {
  if (!signInOptions(tenantCode).thirdParty.includes(kind)) throw notOffered();
}

/** The configured providers a site of this kind offers. */
export function offeredProviders(
  tenantCode: TenantCode | null,
  configured: Iterable<ThirdPartyKind>,
): ThirdPartyKind[] {
  const allowed = signInOptions(tenantCode).thirdParty;
  return [...configured].filter((k) => allowed.includes(k));
}
