import { CASCADE_LEVELS, ErrorCode, isIdCard, maskIdCard, maskPhone } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { IdCardVault } from '../../platform/id-card-vault.ts';
import type { PasswordCipher } from '../../platform/password-cipher.ts';
import type { Session } from '../../platform/session.ts';
import type { RegistrationService } from '../registration/index.ts';
import type { UploadService } from '../upload/index.ts';
import type { AccountRepository } from '../account/index.ts';

/** An avatar's storage key from its public address. */
const avatarKey = (url: string) => url.replace(/^\/uploads\//, '');

/**
 * The signed-in person's profile: details and real-name verification (account-area.md section 4,
 * decision 009). ID numbers arrive encrypted for the password key, are stored encrypted with the
 * vault's key and looked up by keyed hash; they leave the server only masked.
 */
export class ProfileService {
  constructor(
    private readonly deps: {
      accounts: AccountRepository;
      cipher: PasswordCipher;
      vault: IdCardVault;
      uploads: UploadService;
      registrations: RegistrationService;
    },
  ) {}

  async userDetail(session: Session) {
    const [account, member] = await Promise.all([
      this.deps.accounts.byId(session.accountId),
      this.deps.accounts.member(session.eid, session.accountId),
    ]);
    if (!account || !member) throw new AppError(ErrorCode.SESSION_ENDED);
    const idCard = account.idCardEncrypted ? maskIdCard(this.deps.vault.decrypt(account.idCardEncrypted)) : '';
    return {
      phone: member.phone,
      userName: member.userName,
      realName: member.realName,
      idCard,
      verified: member.verified,
      headPortrait: member.headPortrait,
      departmentName: member.departmentName,
      userDetail: member.userDetail,
      positionNames: await this.deps.registrations.positionNames(
        session.eid,
        CASCADE_LEVELS.map((f) => member.userDetail[f]).filter((v): v is string => !!v),
      ),
    };
  }

  viewConfirmSetting(session: Session) {
    return this.deps.accounts.confirmationsOwed(session.eid, session.accountId);
  }

  /** Confirms a step; the talent step only after the personal one (the popup's order). */
  async updateConfirm(session: Session, type: 1 | 2): Promise<void> {
    const owed = await this.deps.accounts.confirmationsOwed(session.eid, session.accountId);
    if (type === 2 && owed.personalInfoConfirmOpenSet) {
      throw new AppError(ErrorCode.CONFLICT, {
        message: { zh: '请先确认个人信息', en: 'Please confirm your personal information first' },
      });
    }
    await this.deps.accounts.confirm(session.eid, session.accountId, type, new Date());
  }

  async getHeadshotUrl(session: Session): Promise<string> {
    const member = await this.deps.accounts.member(session.eid, session.accountId);
    return member?.headshot ? this.deps.uploads.signedUrl(member.headshot) : '';
  }

  /**
   * Edit info: nickname, avatar and one-inch photo. A picture must be one uploaded to this
   * enterprise (its URL or key), never an address from elsewhere.
   */
  async updateUserInfo(
    session: Session,
    input: {
      userName?: string | undefined;
      headPortrait?: string | undefined;
      headshot?: string | undefined;
      userDetail?: Record<string, string> | undefined;
    },
  ) {
    const values: { userName?: string; headPortrait?: string; headshot?: string; userDetail?: Record<string, string> } =
      {};
    const before = await this.deps.accounts.member(session.eid, session.accountId);
    const replaced: string[] = [];
    if (input.userName !== undefined) values.userName = input.userName;
    if (input.userDetail !== undefined) {
      values.userDetail = await this.deps.registrations.checkEditedDetail(session.eid, input.userDetail);
    }
    // Pictures last: claiming one is the last check before saving; a claim not saved is undone.
    const claimed: string[] = [];
    try {
      if (input.headPortrait !== undefined) {
        const key = avatarKey(input.headPortrait);
        if (input.headPortrait !== '' && !(await this.use(session, key, 'avatars', claimed))) {
          throw invalid('headPortrait', '头像图片无效，请重新上传', 'The avatar is not valid, please upload it again');
        }
        values.headPortrait = input.headPortrait;
        if (before?.headPortrait && avatarKey(before.headPortrait) !== key)
          replaced.push(avatarKey(before.headPortrait));
      }
      if (input.headshot !== undefined) {
        if (input.headshot !== '' && !(await this.use(session, input.headshot, 'private', claimed))) {
          throw invalid(
            'headshot',
            '一寸照无效，请重新上传',
            'The one-inch photo is not valid, please upload it again',
          );
        }
        values.headshot = input.headshot;
        if (before?.headshot && before.headshot !== input.headshot) replaced.push(before.headshot);
      }
      await this.deps.accounts.setUserInfo(session.eid, session.accountId, values);
    } catch (err) {
      const kept = new Set([avatarKey(before?.headPortrait ?? ''), before?.headshot]);
      await this.deps.uploads.release(claimed.filter((k) => !kept.has(k)));
      throw err;
    }
    // The pictures replaced are deleted once unused for a day.
    await this.deps.uploads.release(replaced);
  }

  /** Claims a picture uploaded to this enterprise by this person (or without a session). */
  private async use(session: Session, key: string, area: 'avatars' | 'private', claimed: string[]): Promise<boolean> {
    // An avatar is a public picture, a one-inch photo a private one: never the one for the other.
    if (!key.startsWith(`${area}/${session.eid}/`)) return false;
    const ok = await this.deps.uploads.claim(key, session.eid, session.accountId, session.accountId);
    if (ok) claimed.push(key);
    return ok;
  }

  /** 3052 (data.phone masked) when another account is bound to the ID number. */
  async checkIdCard(session: Session, encrypted: string): Promise<void> {
    const idCard = this.idCardOf(encrypted);
    await this.refuseIfBound(session.accountId, idCard);
  }

  /**
   * Binds the real name and ID number to the account. An ID number another account has is refused
   * with 3052 unless the person confirmed (继续绑定): several accounts may then share one identity.
   */
  async updateIdv(
    session: Session,
    input: { realName: string; idCard: string; confirmBind?: boolean | undefined },
    verifyOpenSet: boolean,
  ) {
    const account = await this.deps.accounts.byId(session.accountId);
    // Where the site verifies identities, a verified identity stays (an administrator may change it).
    if (verifyOpenSet && account?.verifiedAt) {
      throw new AppError(ErrorCode.CONFLICT, {
        message: {
          zh: '您已完成实名认证，如需修改请联系管理员',
          en: 'Your identity is verified; ask an administrator to change it',
        },
      });
    }
    if (input.idCard === '') {
      if (verifyOpenSet) {
        throw new AppError(ErrorCode.BAD_INPUT, {
          message: { zh: '请输入身份证号码', en: 'Please enter your ID card number' },
          data: { fields: [{ field: 'idCard', message: '请输入身份证号码' }] },
        });
      }
      // Where the site does not verify identities, the real name may be kept on its own.
      await this.deps.accounts.setRealName(session.accountId, input.realName);
      return;
    }
    const idCard = this.idCardOf(input.idCard);
    if (!input.confirmBind) await this.refuseIfBound(session.accountId, idCard);
    const { vault } = this.deps;
    await this.deps.accounts.setIdentity(
      session.accountId,
      input.realName,
      vault.encrypt(idCard),
      vault.hash(idCard),
      new Date(),
    );
  }

  private idCardOf(encrypted: string): string {
    const plain = this.deps.cipher.decrypt(encrypted)?.trim().toUpperCase();
    if (plain === undefined) {
      throw new AppError(ErrorCode.BAD_INPUT, {
        message: {
          zh: '参数错误：身份证号码未按要求加密，请刷新页面后重试',
          en: 'Invalid input: the ID number is not encrypted as required, please reload the page',
        },
      });
    }
    if (!isIdCard(plain)) {
      throw new AppError(ErrorCode.BAD_INPUT, {
        message: { zh: '请输入正确的身份证号码', en: 'Please enter a valid ID card number' },
        data: { fields: [{ field: 'idCard', message: '请输入正确的身份证号码' }] },
      });
    }
    return plain;
  }

  private async refuseIfBound(accountId: number, idCard: string): Promise<void> {
    const other = await this.deps.accounts.otherAccountWithIdCard(this.deps.vault.hash(idCard), accountId);
    if (other) throw new AppError(ErrorCode.IDCARD_BOUND, { data: { phone: maskPhone(other.phone) } });
  }
}

function invalid(field: string, zh: string, en: string): AppError {
  return new AppError(ErrorCode.BAD_INPUT, { message: { zh, en }, data: { fields: [{ field, message: zh }] } });
}
