import { hash, verify } from '@node-rs/argon2';
import { ErrorCode, isPassword, maskPhone, SmsPurpose, type SmsPurposeValue } from '@portal/contract';
import type { AuditLog } from '../../platform/audit.ts';
import type { CaptchaStore } from '../../platform/captcha.ts';
import { AppError } from '../../platform/errors.ts';
import type { PasswordCipher } from '../../platform/password-cipher.ts';
import {
  MEMBERSHIP_PENDING,
  pendingReview,
  type AccountSession,
  type Session,
  type SessionStore,
} from '../../platform/session.ts';
import type { Platform } from '../../platform/platform.ts';
import { uploadServiceOf, type UploadService } from '../upload/index.ts';
import { AccountRepository, type Membership } from './account.repository.ts';
import { SignInLock } from './sign-in-lock.ts';
import type { SmsCodes } from '../../platform/sms-codes.ts';

/** Where a sign-in happens: the site's enterprise (domain and eid) and the client's address. */
export interface SignInSite {
  eid: number;
  entName: string;
  ip: string;
}

export interface SignedIn {
  token: string;
  expiresAt: Date;
  chooseEnterprise: boolean;
}

interface Captcha {
  imageCodeToken: string;
  imageCode: string;
}

/** A handoff link that is unknown, used, expired or for another address. */
const handoffGone = () =>
  badInput('登录链接已失效，请重新登录', 'This sign-in link is no longer valid, please sign in again');

/** 张晓明 → 张*明, 李静 → 李*, Lin Xin → L*** */
function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/**
 * Sign-in, sign-out and choosing an enterprise (issue 3, decision 008). Password sign-ins are
 * limited per account and client address (sign-in-lock.ts, decision 023) and per address (route
 * limit); every outcome is written to the audit log.
 */
/** What `viewCurrentUser` remembers: a change to a member's profile or totals forgets it. */
const CURRENT_USER = 'current-user';

export class AccountService {
  constructor(
    private readonly deps: {
      accounts: AccountRepository;
      sessions: SessionStore;
      captchas: CaptchaStore;
      smsCodes: SmsCodes;
      cipher: PasswordCipher;
      audit: AuditLog;
      uploads: Pick<UploadService, 'keysOf' | 'deleteNow'>;
      lock: SignInLock;
    },
  ) {}

  async loginByPassword(
    input: Captcha & { phone: string; password: string },
    site: SignInSite,
    now = new Date(),
  ): Promise<SignedIn> {
    await this.deps.captchas.check(input.imageCodeToken, input.imageCode, now);
    const account = await this.deps.accounts.byPhone(input.phone);
    return this.checkPassword(
      account,
      input.password,
      site,
      { method: 'password', detail: { phone: maskPhone(input.phone) } },
      now,
    );
  }

  async loginByEmployeeNo(
    input: Captcha & { empNo: string; password: string },
    site: SignInSite,
    now = new Date(),
  ): Promise<SignedIn> {
    await this.deps.captchas.check(input.imageCodeToken, input.imageCode, now);
    const account = await this.deps.accounts.byEmployeeNo(site.eid, input.empNo);
    // An employee number names a person of this site's enterprise: the session is for it.
    const how = { method: 'employee number', detail: { empNo: input.empNo }, onlySite: true };
    return this.checkPassword(account, input.password, site, how, now);
  }

  async loginByCode(input: { phone: string; verificationCode: string }, site: SignInSite, now = new Date()) {
    await this.deps.smsCodes.consume(input.phone, SmsPurpose.SIGN_IN, input.verificationCode, now);
    const account = await this.deps.accounts.byPhone(input.phone);
    if (!account) throw new AppError(ErrorCode.PHONE_NOT_REGISTERED);
    return this.start(account.id, site, 'code', now);
  }

  /** Sends an SMS code after the image captcha; the phone must (or must not) have an account. */
  async sendVerificationCode(
    input: Captcha & { phone: string; verificationCodeType: SmsPurposeValue },
    site: SignInSite,
    now = new Date(),
  ): Promise<number> {
    // Registering and resetting a password send their captcha again with the form (one captcha
    // per attempt); a sign-in code's captcha is done with here.
    const forForm =
      input.verificationCodeType === SmsPurpose.REGISTER || input.verificationCodeType === SmsPurpose.RESET_PASSWORD;
    const code = { purpose: input.verificationCodeType, phone: input.phone };
    if (forForm) await this.deps.captchas.checkForCode(input.imageCodeToken, input.imageCode, code, now);
    else await this.deps.captchas.check(input.imageCodeToken, input.imageCode, now);
    const account = await this.deps.accounts.byPhone(input.phone);
    // A registration code goes to a new phone, or to one whose registration on this site waits for
    // review (register/edit corrects it with that code, decision 019).
    if (
      input.verificationCodeType === SmsPurpose.REGISTER &&
      account &&
      (await this.deps.accounts.memberStatus(site.eid, account.id)) !== MEMBERSHIP_PENDING
    ) {
      throw new AppError(ErrorCode.PHONE_REGISTERED);
    }
    if (input.verificationCodeType !== SmsPurpose.REGISTER && !account) {
      throw new AppError(ErrorCode.PHONE_NOT_REGISTERED);
    }
    return this.deps.smsCodes.send(input.phone, input.verificationCodeType, site.entName, now);
  }

  /** Forgotten password: image captcha, SMS code (type 3), new password; every session ends. */
  async resetPassword(
    input: {
      phone: string;
      verificationCode: string;
      loginPwd: string;
      confirmPwd: string;
      imgVerificationCode: string;
      imgVerificationCodeToken: string;
    },
    site: SignInSite,
    now = new Date(),
  ): Promise<void> {
    const code = { purpose: SmsPurpose.RESET_PASSWORD, phone: input.phone };
    await this.deps.captchas.checkForSubmit(input.imgVerificationCodeToken, input.imgVerificationCode, code, now);
    const password = this.newPassword(input.loginPwd, input.confirmPwd);
    await this.deps.smsCodes.consume(input.phone, SmsPurpose.RESET_PASSWORD, input.verificationCode, now);
    const account = await this.deps.accounts.byPhone(input.phone);
    if (!account) throw new AppError(ErrorCode.PHONE_NOT_REGISTERED);
    await this.replacePassword(account.id, password, site.eid, site.ip, 'reset');
  }

  /** Sets the first password of an account that has none (isNeedModifyPassword). */
  async setPassword(session: Session, input: { loginPwd: string; confirmPwd: string }, ip: string) {
    const account = await this.deps.accounts.byId(session.accountId);
    if (account?.passwordHash) {
      throw new AppError(ErrorCode.CONFLICT, {
        message: { zh: '密码已设置，请使用修改密码', en: 'A password is already set, please change it instead' },
      });
    }
    const password = this.newPassword(input.loginPwd, input.confirmPwd);
    await this.replacePassword(session.accountId, password, session.eid, ip, 'set');
  }

  /** Changes the password after checking the old one; every session of the account ends. */
  async updatePassword(
    session: Session,
    input: { password: string; newPassword: string; confirmPassword: string },
    ip: string,
  ): Promise<void> {
    const old = this.decryptOrThrow(input.password);
    const password = this.newPassword(input.newPassword, input.confirmPassword);
    const account = await this.deps.accounts.byId(session.accountId);
    const now = new Date();
    const attempt = await this.deps.lock.claim({ accountId: session.accountId, eid: session.eid, ip }, now);
    const ok = !!account?.passwordHash && (await verify(account.passwordHash, old).catch(() => false));
    if (!ok) {
      // Guesses of the old password count like failed sign-ins: a stolen session cannot try forever.
      const entry = { accountId: session.accountId, eid: session.eid, ip, event: 'old_password_wrong' as const };
      await this.deps.lock.fail(
        attempt,
        entry,
        new AppError(ErrorCode.WRONG_CREDENTIALS, { message: { zh: '旧密码错误', en: 'The old password is wrong' } }),
        now,
      );
    }
    await this.replacePassword(session.accountId, password, session.eid, ip, 'change');
  }

  /** Signed in: a code to a new phone (4) or to the account's own phone for cancellation (5). */
  async sendAccountCode(
    session: Session,
    input: Captcha & { phone?: string | undefined; verificationCodeType: 4 | 5 },
    site: SignInSite,
    now = new Date(),
  ): Promise<number> {
    await this.deps.captchas.check(input.imageCodeToken, input.imageCode, now);
    const account = await this.deps.accounts.byId(session.accountId);
    if (!account) throw new AppError(ErrorCode.SESSION_ENDED);
    let phone = account.phone;
    if (input.verificationCodeType === SmsPurpose.CHANGE_PHONE) {
      if (!input.phone) throw badInput('请输入手机号码', 'Please enter your mobile number');
      if (input.phone === account.phone) {
        throw badInput('新手机号不能与当前手机号相同', 'The new number is the one in use');
      }
      if (await this.deps.accounts.byPhone(input.phone)) throw new AppError(ErrorCode.PHONE_REGISTERED);
      phone = input.phone;
    }
    return this.deps.smsCodes.send(phone, input.verificationCodeType, site.entName, now);
  }

  /** Changes the sign-in phone with the code sent to it; every session of the account ends. */
  async updatePhone(
    session: Session,
    input: { phone: string; verificationCode: string },
    ip: string,
    now = new Date(),
  ) {
    await this.deps.smsCodes.consume(input.phone, SmsPurpose.CHANGE_PHONE, input.verificationCode, now);
    if (!(await this.deps.accounts.setPhone(session.accountId, input.phone))) {
      throw new AppError(ErrorCode.PHONE_REGISTERED);
    }
    await this.deps.sessions.revokeAll(session.accountId, 'phone changed');
    await this.deps.audit.write({
      event: 'phone_changed',
      accountId: session.accountId,
      eid: session.eid,
      ip,
      detail: { phone: maskPhone(input.phone) },
    });
  }

  /**
   * Cancels the account (decision 009): the code sent to its phone, an image captcha, the real name
   * it was verified with and a reason. The account, its memberships and sessions are removed; the
   * phone may register again. An administrator of an enterprise cannot cancel (403).
   */
  async deregister(
    session: Session,
    input: {
      verificationCode: string;
      imgVerificationCode: string;
      imgVerificationCodeToken: string;
      realName: string;
      reason: string;
    },
    ip: string,
    now = new Date(),
  ): Promise<void> {
    await this.deps.captchas.check(input.imgVerificationCodeToken, input.imgVerificationCode, now);
    const account = await this.deps.accounts.byId(session.accountId);
    const member = await this.deps.accounts.member(session.eid, session.accountId);
    if (!account || !member) throw new AppError(ErrorCode.SESSION_ENDED);
    const realName = account.realName || member.realName;
    if (input.realName !== realName) throw badInput('真实姓名不正确', 'The real name is not correct');
    const memberships = await this.deps.accounts.memberships(session.accountId);
    if (await this.deps.accounts.isAdminAnywhere(session.accountId)) {
      throw new AppError(ErrorCode.FORBIDDEN, {
        message: {
          zh: '您是平台管理员，请先移交管理员权限后再注销账号',
          en: 'You administer an organisation: hand that over before cancelling the account',
        },
      });
    }
    await this.deps.smsCodes.consume(account.phone, SmsPurpose.CANCEL_ACCOUNT, input.verificationCode, now);
    // Their pictures go with them, at once (collected first: removing the account forgets the owner).
    const pictures = await this.deps.uploads.keysOf(session.accountId);
    await this.deps.accounts.remove(session.accountId);
    await this.deps.uploads.deleteNow(pictures);
    await this.deps.audit.write({
      event: 'account_cancelled',
      accountId: session.accountId,
      eid: session.eid,
      ip,
      detail: { phone: maskPhone(account.phone), reason: input.reason, enterprises: memberships.map((m) => m.eid) },
    });
  }

  async logout(session: AccountSession, ip: string): Promise<void> {
    await this.deps.sessions.revoke(session.tokenHash, 'signed out');
    await this.deps.audit.write({ event: 'sign_out', accountId: session.accountId, eid: session.eid, ip });
  }

  async findEnterprises(session: AccountSession): Promise<Array<Membership & { current: boolean }>> {
    const list = await this.deps.accounts.memberships(session.accountId);
    return list.map((m) => ({ ...m, current: m.eid === session.eid }));
  }

  /** A new session in the chosen enterprise; the one it was chosen from ends (307 from now on). */
  async chooseEnterprise(session: AccountSession, eid: number, ip: string, now = new Date()): Promise<SignedIn> {
    const membership = (await this.deps.accounts.memberships(session.accountId)).find((m) => m.eid === eid);
    // Another person's enterprise is as unknown as a missing one.
    if (!membership) throw new AppError(ErrorCode.NOT_FOUND);
    if (!membership.active) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    const created = await this.deps.sessions.create(session.accountId, eid, now);
    await this.deps.sessions.revoke(session.tokenHash, 'enterprise switched');
    await this.deps.audit.write({
      event: 'enterprise_chosen',
      accountId: session.accountId,
      eid,
      ip,
      detail: { from: session.eid },
    });
    return { ...created, chooseEnterprise: false };
  }

  /** A ticket that carries this person's session to their enterprise's own address. */
  handoffTicket(accountId: number, eid: number): Promise<string> {
    return this.deps.sessions.createHandoff(accountId, eid);
  }

  /** Whom a handoff ticket would sign in (masked), for the confirmation on the other address. */
  async viewHandoff(ticket: string, eid: number, entName: string) {
    const accountId = await this.deps.sessions.peekHandoff(ticket, eid);
    const member = accountId === null ? null : await this.deps.accounts.member(eid, accountId);
    if (!member) throw handoffGone();
    return { userName: maskName(member.realName || member.userName), phone: maskPhone(member.phone), entName };
  }

  /** Exchanges a handoff ticket on the enterprise's address for a new session there, or null. */
  async loginByHandoff(ticket: string, eid: number, ip: string, now = new Date()): Promise<SignedIn> {
    const accountId = await this.deps.sessions.takeHandoff(ticket, eid, now);
    if (accountId === null) throw handoffGone();
    const created = await this.deps.sessions.create(accountId, eid, now);
    await this.deps.audit.write({ event: 'sign_in', accountId, eid, ip, detail: { method: 'handoff' } });
    return { ...created, chooseEnterprise: false };
  }

  /**
   * Profile completeness (account-area.md section 4). An account without a password must set one
   * (isModifyPasswordForce, decision 008). Real-name verification counts only where the site has
   * it on (userVerify); no detail field is required until registration configuration names one.
   */
  async verifyComplete(
    session: Session,
    site: { verifyOpenSet: boolean; usernameOpenSet: boolean },
    required: { nickname: boolean; realName: boolean; detail: string[] },
  ) {
    const [account, member] = await Promise.all([
      this.deps.accounts.byId(session.accountId),
      this.deps.accounts.member(session.eid, session.accountId),
    ]);
    if (!account || !member) throw new AppError(ErrorCode.SESSION_ENDED);
    const needsPassword = account.passwordHash === null;
    const has = (field: string) => (field === 'headshot' ? member.headshot !== '' : !!member.userDetail[field]);
    return {
      completeEnterpriseUserInfo:
        (!site.usernameOpenSet || !required.nickname || member.userName !== '') &&
        (!required.realName || member.realName !== ''),
      completeUserDetail: required.detail.every(has),
      completeUserVerify: !site.verifyOpenSet || member.verified,
      userVerify: site.verifyOpenSet,
      isModifyPasswordForce: needsPassword,
      isNeedModifyPassword: needsPassword,
    };
  }

  async viewCurrentUser(session: Session) {
    // Asked by every page and signed-in client: kept with the session (SessionStore.remember).
    const member = await this.deps.sessions.remember(CURRENT_USER, session, () =>
      this.deps.accounts.currentUser(session.eid, session.accountId),
    );
    // The session's membership was checked a moment ago; gone now means it just ended.
    if (!member) throw new AppError(ErrorCode.SESSION_ENDED);
    const {
      verified: _verified,
      headshot: _headshot,
      userDetail: _userDetail,
      creditTenths,
      certificates,
      ...user
    } = member;
    return { ...user, creditHour: creditTenths / 10, certificateCount: certificates };
  }

  private decryptOrThrow(ciphertext: string): string {
    const plain = this.deps.cipher.decrypt(ciphertext);
    if (plain === null) {
      throw badInput(
        '参数错误：密码未按要求加密，请刷新页面后重试',
        'Invalid input: the password is not encrypted as required, please reload the page',
      );
    }
    return plain;
  }

  /** A new password and its confirmation: the same, and in the password format (3001). */
  private newPassword(encrypted: string, encryptedConfirmation: string): string {
    const password = this.decryptOrThrow(encrypted);
    const confirmation = this.decryptOrThrow(encryptedConfirmation);
    if (!isPassword(password)) throw new AppError(ErrorCode.PASSWORD_FORMAT);
    if (password !== confirmation) throw badInput('确认密码与新密码不一致', 'The two passwords entered differ');
    return password;
  }

  private async replacePassword(accountId: number, password: string, eid: number | null, ip: string, how: string) {
    await this.deps.accounts.setPassword(accountId, await hash(password));
    await this.deps.sessions.revokeAll(accountId, 'password changed');
    await this.deps.audit.write({ event: 'password_changed', accountId, eid, ip, detail: { how } });
  }

  private async checkPassword(
    account: Awaited<ReturnType<AccountRepository['byPhone']>>,
    encrypted: string,
    site: SignInSite,
    how: { method: string; detail: Record<string, unknown>; onlySite?: boolean },
    now: Date,
  ): Promise<SignedIn> {
    const { detail } = how;
    const password = this.decryptOrThrow(encrypted);
    const { audit, lock } = this.deps;
    if (!account) {
      await audit.write({
        event: 'sign_in_failed',
        eid: site.eid,
        ip: site.ip,
        detail: { ...detail, reason: 'unknown' },
      });
      throw new AppError(ErrorCode.WRONG_CREDENTIALS);
    }
    // Locked per account and client address (decision 023): a stranger's guesses elsewhere never
    // lock the owner out.
    // The attempt is claimed (and recorded) before the check: concurrent guesses cannot all pass.
    const attempt = await lock.claim({ accountId: account.id, eid: site.eid, ip: site.ip }, now);
    const ok = account.passwordHash !== null && (await verify(account.passwordHash, password).catch(() => false));
    if (!ok) {
      const entry = { accountId: account.id, eid: site.eid, ip: site.ip, event: 'sign_in_failed' as const, detail };
      await lock.fail(attempt, entry, new AppError(ErrorCode.WRONG_CREDENTIALS), now);
    }
    return this.start(account.id, site, how.method, now, how.onlySite);
  }

  /** A session for an account whose identity was proven elsewhere (a third-party sign-in). */
  startSession(accountId: number, site: SignInSite, method: string, now = new Date()): Promise<SignedIn> {
    return this.start(accountId, site, method, now);
  }

  /**
   * Starts a session: in the site's enterprise when the person belongs to it (required with
   * `onlySite`), else in their only enterprise, else without one (the person chooses at /company).
   */
  private async start(
    accountId: number,
    site: SignInSite,
    method: string,
    now: Date,
    onlySite = false,
  ): Promise<SignedIn> {
    const memberships = await this.deps.accounts.memberships(accountId);
    const active = memberships.filter((m) => m.active);
    if (active.length === 0) {
      if (memberships.some((m) => m.pending)) throw pendingReview();
      // A registration the site's administrator rejected: the person is told why (decision 038).
      const rejected = memberships.find((m) => m.rejected && (m.eid === site.eid || memberships.length === 1));
      if (rejected) {
        const reason = await this.deps.accounts.rejectionReason(rejected.eid, accountId);
        throw new AppError(ErrorCode.ACCOUNT_DISABLED, {
          message: {
            zh: `您的注册未通过审核${reason ? `，原因：${reason}` : ''}`,
            en: `Your registration was not approved${reason ? `: ${reason}` : ''}`,
          },
        });
      }
      throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    }
    const here = active.find((m) => m.eid === site.eid);
    if (onlySite && !here) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    const eid = here?.eid ?? (active.length === 1 ? active[0]!.eid : null);
    const created = await this.deps.sessions.create(accountId, eid, now);
    await this.deps.audit.write({ event: 'sign_in', accountId, eid, ip: site.ip, detail: { method, site: site.eid } });
    return { ...created, chooseEnterprise: eid === null };
  }
}

function badInput(zh: string, en: string): AppError {
  return new AppError(ErrorCode.BAD_INPUT, { message: { zh, en } });
}

/** The one account service of a platform (third-party sign-in starts its sessions through it). */
export const accountServiceOf = (p: Platform): AccountService => p.shared(buildAccountService);
const buildAccountService = (p: Platform) =>
  new AccountService({
    accounts: new AccountRepository(p.db, p.systemDb),
    sessions: p.sessions,
    captchas: p.captchas,
    smsCodes: p.smsCodes,
    cipher: p.cipher,
    audit: p.audit,
    uploads: uploadServiceOf(p),
    lock: new SignInLock(p.systemDb, p.audit, p.config),
  });
