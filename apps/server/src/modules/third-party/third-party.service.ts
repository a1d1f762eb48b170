import { ErrorCode, THIRD_PARTY_STATE_PREFIX } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import { ThirdPartyError, type ThirdPartyKind, type ThirdPartyProvider } from '../../platform/providers/third-party.ts';
import type { Session } from '../../platform/session.ts';
import type { UrlSigner } from '../../platform/storage.ts';
import type { AccountRepository, AccountService, SignedIn, SignInSite } from '../account/index.ts';

const TICKET_TTL_MS = 10 * 60_000;
/** What a bind ticket is sealed for (UrlSigner.seal: it opens for nothing else). */
const BIND_TICKET = 'third-party-bind';
const CALLBACK_PATHS = ['/callbackLogin', '/en/callbackLogin'];

const bad = (zh: string, en: string) => new AppError(ErrorCode.BAD_INPUT, { message: { zh, en } });

/**
 * Third-party sign-in and bindings (issue 3, decision 010): the browser goes to the provider with
 * a state carrying the product prefix and comes back to /callbackLogin with a code; a bound
 * identity signs in, an unknown one gets a short-lived bind ticket (3013) that signing in with the
 * phone and password turns into a binding.
 */
export class ThirdPartyService {
  constructor(
    private readonly deps: {
      providers: Map<ThirdPartyKind, ThirdPartyProvider>;
      accounts: AccountRepository;
      signIn: AccountService;
      signer: UrlSigner;
    },
  ) {}

  authorizeThirdParty(kind: ThirdPartyKind, state: string, redirectUri: string, host: string | undefined): string {
    if (!state.startsWith(THIRD_PARTY_STATE_PREFIX)) throw bad('参数错误：state 不正确', 'Invalid input: bad state');
    return this.provider(kind).authorizeUrl(state, this.callback(redirectUri, host));
  }

  async loginByThirdParty(
    kind: ThirdPartyKind,
    code: string,
    redirectUri: string,
    site: SignInSite & { host: string | undefined },
  ): Promise<SignedIn> {
    const who = await this.identify(kind, code, redirectUri, site.host);
    const bound = await this.deps.accounts.identity(kind, who.openId);
    if (bound) return this.deps.signIn.startSession(bound.accountId, site, kind);
    const bindTicket = this.deps.signer.seal(
      BIND_TICKET,
      { kind, openId: who.openId, nickname: who.nickname },
      TICKET_TTL_MS,
    );
    throw new AppError(ErrorCode.THIRD_PARTY_UNBOUND, { data: { bindTicket, nickname: who.nickname } });
  }

  /** The ticket's identity bound to the account signed in with phone and password. */
  async loginByThirdPartyBind(
    input: { bindTicket: string; phone: string; password: string; imageCode: string; imageCodeToken: string },
    site: SignInSite,
    /** Refuses a provider the site does not offer (decision 011). */
    offered: (kind: ThirdPartyKind) => void,
  ): Promise<SignedIn> {
    const ticket = this.deps.signer.unseal(BIND_TICKET, input.bindTicket);
    if (!ticket?.kind || !ticket.openId)
      throw bad('绑定已过期，请重新使用第三方登录', 'The binding has expired, please sign in with the provider again');
    offered(ticket.kind as ThirdPartyKind);
    if (await this.deps.accounts.identity(ticket.kind, ticket.openId))
      throw new AppError(ErrorCode.THIRD_PARTY_BOUND_ELSEWHERE);
    const signedIn = await this.deps.signIn.loginByPassword(input, site);
    const account = await this.deps.accounts.byPhone(input.phone);
    if (
      !account ||
      !(await this.deps.accounts.bindIdentity(ticket.kind, ticket.openId, account.id, ticket.nickname ?? ''))
    ) {
      throw new AppError(ErrorCode.THIRD_PARTY_BOUND_ELSEWHERE);
    }
    return signedIn;
  }

  async bindThirdParty(
    session: Session,
    kind: ThirdPartyKind,
    code: string,
    redirectUri: string,
    host: string | undefined,
  ): Promise<void> {
    const who = await this.identify(kind, code, redirectUri, host);
    const bound = await this.deps.accounts.identity(kind, who.openId);
    if (bound?.accountId === session.accountId) return;
    if (bound || !(await this.deps.accounts.bindIdentity(kind, who.openId, session.accountId, who.nickname))) {
      throw new AppError(ErrorCode.THIRD_PARTY_BOUND_ELSEWHERE);
    }
  }

  async findThirdPartyBindings(accountId: number) {
    return (await this.deps.accounts.identities(accountId)).map((r) => ({
      provider: r.provider as ThirdPartyKind,
      nickname: r.nickname,
      boundAt: r.createdAt.toISOString(),
    }));
  }

  unbindThirdParty(accountId: number, kind: ThirdPartyKind): Promise<void> {
    return this.deps.accounts.unbindIdentity(accountId, kind);
  }

  private provider(kind: ThirdPartyKind): ThirdPartyProvider {
    const provider = this.deps.providers.get(kind);
    if (!provider) throw bad('参数错误：不支持的第三方登录', 'Invalid input: unknown provider');
    return provider;
  }

  /**
   * Only our own callback page, on the host the request came to, may receive the code (no open
   * redirect through the provider).
   */
  private callback(redirectUri: string, host: string | undefined): string {
    let url: URL;
    try {
      url = new URL(redirectUri);
    } catch {
      throw bad('参数错误：redirectUri 不正确', 'Invalid input: bad redirectUri');
    }
    if (!/^https?:$/.test(url.protocol) || !CALLBACK_PATHS.includes(url.pathname) || url.host !== host) {
      throw bad('参数错误：redirectUri 不正确', 'Invalid input: bad redirectUri');
    }
    return url.href;
  }

  private async identify(kind: ThirdPartyKind, code: string, redirectUri: string, host: string | undefined) {
    try {
      return await this.provider(kind).identify(code, this.callback(redirectUri, host));
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof ThirdPartyError || err instanceof Error) {
        throw new AppError(ErrorCode.BAD_INPUT, {
          message: { zh: '第三方登录失败，请重试', en: 'Signing in with the provider failed, please try again' },
          cause: err,
        });
      }
      throw err;
    }
  }
}
