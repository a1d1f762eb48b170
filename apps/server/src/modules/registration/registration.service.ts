import { hash } from '@node-rs/argon2';
import {
  CASCADE_LEVELS,
  DEFAULT_GROUP_FIELDS,
  DETAIL_FIELDS,
  enumerations,
  ErrorCode,
  formFields,
  hasRanks,
  isEmail,
  isIdCard,
  isPassword,
  isTelephone,
  jobCategoryLabel,
  labelInSentence,
  maskPhone,
  SmsPurpose,
  type FieldDef,
  type SmsPurposeValue,
  type Lang,
  type WebsiteInfo,
} from '@portal/contract';
import type { AuditLog } from '../../platform/audit.ts';
import type { CaptchaStore } from '../../platform/captcha.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdCardVault } from '../../platform/id-card-vault.ts';
import type { PasswordCipher } from '../../platform/password-cipher.ts';
import type { SessionStore } from '../../platform/session.ts';
import type { Platform } from '../../platform/platform.ts';
import { AccountRepository } from '../account/index.ts';
import type { SmsCodes } from '../../platform/sms-codes.ts';
import { uploadServiceOf, type UploadService } from '../upload/index.ts';
import { registrationFormsOf, type RegistrationForms } from '../registration-form/index.ts';
import { RegistrationRepository } from './registration.repository.ts';

export interface RegisterInput {
  phone: string;
  imageCode: string;
  imageCodeToken: string;
  verificationCode: string;
  loginPsw: string;
  confirmPassword: string;
  userName: string;
  realName: string;
  idCard: string;
  confirmBind?: boolean | undefined;
  userDetail: Record<string, string>;
  /** Consent to the site's service agreement and privacy policy (required to register). */
  agreed?: boolean | undefined;
}

const noPendingRegistration = () =>
  new AppError(ErrorCode.NOT_FOUND, {
    message: {
      zh: '该手机号在本平台没有待审核的注册信息',
      en: 'This phone number has no registration waiting for review on this site',
    },
  });

const bad = (field: string, zh: string, en: string) =>
  new AppError(ErrorCode.BAD_INPUT, { message: { zh, en }, data: { fields: [{ field, message: zh }] } });

/** Where a registration is made: the site's enterprise, the client's address and its settings. */
interface RegistrationSite {
  eid: number;
  ip: string;
  website: Pick<WebsiteInfo, 'registerOpenSet' | 'usernameOpenSet' | 'verifyOpenSet'>;
}

/** A registration sent: accepted at once (signed in with `token`) or waiting for review. */
interface Registered {
  audited: boolean;
  token: string;
  expiresAt: Date | null;
}

const badPhoto = () =>
  bad('headshot', '一寸照无效，请重新上传', 'The one-inch photo is not valid, please upload it again');

/**
 * Registration (account-area.md section 4, decision 009): the site's form configuration decides
 * which fields show and which are required, and the server checks the same rules as the form;
 * hidden or unknown fields are dropped. A new person gets an account and a membership of the site's
 * enterprise, signed in at once where registrations are audited automatically, else waiting.
 */
export class RegistrationService {
  constructor(
    private readonly deps: {
      registrations: RegistrationRepository;
      accounts: AccountRepository;
      sessions: SessionStore;
      captchas: CaptchaStore;
      smsCodes: SmsCodes;
      cipher: PasswordCipher;
      vault: IdCardVault;
      uploads: UploadService;
      audit: AuditLog;
      /** The site's registration form (registration-form module). */
      forms: RegistrationForms;
    },
  ) {}

  viewRegistrationConfig(eid: number) {
    return this.deps.forms.viewRegistrationConfig(eid);
  }

  /** Edit info: the detail fields checked as at registration (the one-inch photo apart). */
  async checkEditedDetail(eid: number, raw: Record<string, string>): Promise<Record<string, string>> {
    const config = await this.deps.forms.viewRegistrationConfig(eid);
    const userTitle = [
      ...config.userTitle.filter((f) => f.field !== 'headshot'),
      { field: 'headshot', name: '', required: false, show: false, sort: 0 },
    ];
    return this.checkDetail(eid, raw, userTitle);
  }

  /** The names of chosen positions, for showing a profile. */
  async positionNames(eid: number, pathNos: string[]): Promise<Record<string, { name: string; nameEn: string }>> {
    const out: Record<string, { name: string; nameEn: string }> = {};
    for (const pathNo of pathNos) {
      const row = await this.deps.registrations.position(eid, pathNo);
      if (row) out[pathNo] = { name: row.name, nameEn: row.nameEn };
    }
    return out;
  }

  viewAutoAudit(eid: number) {
    return this.deps.registrations.viewAutoAudit(eid);
  }

  findPositions(eid: number, level: number, pathNo: string) {
    return this.deps.registrations.findPositions(eid, level, pathNo);
  }

  async checkPhone(phone: string): Promise<void> {
    if (await this.deps.accounts.byPhone(phone)) throw new AppError(ErrorCode.PHONE_REGISTERED);
  }

  async checkIdCardForRegistration(
    encrypted: string,
    captcha: { imageCodeToken: string; imageCode: string },
  ): Promise<void> {
    await this.deps.captchas.check(captcha.imageCodeToken, captcha.imageCode);
    const idCard = this.idCardOf(encrypted);
    const other = await this.deps.accounts.otherAccountWithIdCard(this.deps.vault.hash(idCard), 0);
    if (other) throw new AppError(ErrorCode.IDCARD_BOUND, { data: { phone: maskPhone(other.phone) } });
  }

  async register(input: RegisterInput, site: RegistrationSite, now = new Date()): Promise<Registered> {
    const { eid } = site;
    if (!site.website.registerOpenSet) throw new AppError(ErrorCode.REGISTRATION_CLOSED);
    // PIPL: no ID number (nor anything else) is collected without consent to the two texts; asked
    // before the image code is used up, so the person ticks the box and submits again.
    if (!input.agreed) throw new AppError(ErrorCode.AGREEMENTS_NOT_ACCEPTED);
    await this.openForm(input, site.website, now);
    const password = this.newPassword(input.loginPsw, input.confirmPassword);
    const { config, autoAudit, userName } = await this.topFields(input, site);
    const userDetail = await this.checkDetail(eid, input.userDetail, config.userTitle);
    const idCard = await this.checkedIdCard(site.website, input, 0);
    await this.checkPhone(input.phone);
    await this.deps.smsCodes.consume(input.phone, SmsPurpose.REGISTER, input.verificationCode, now);

    const { headshot = '', ...detail } = userDetail;
    // The photo is held for this registration first (no other can take it, no sweep deletes it).
    if (headshot && !(await this.deps.uploads.reserveForRegistration(headshot, eid, now))) throw badPhoto();
    const accountId = await this.deps.registrations
      .createMember({
        phone: input.phone,
        passwordHash: await hash(password),
        realName: input.realName,
        idCardEncrypted: idCard ? this.deps.vault.encrypt(idCard) : null,
        idCardHash: idCard ? this.deps.vault.hash(idCard) : null,
        eid,
        userName,
        headshot,
        userDetail: detail,
        active: autoAudit,
        consents: await this.deps.registrations.agreementVersions(eid),
      })
      .catch(async (err: unknown) => {
        await this.deps.uploads.release([headshot], now);
        throw err;
      });
    if (accountId === null) {
      await this.deps.uploads.release([headshot], now);
      throw new AppError(ErrorCode.PHONE_REGISTERED);
    }
    if (headshot) await this.deps.uploads.assign(headshot, accountId);
    await this.deps.audit.write({
      event: 'registered',
      accountId,
      eid,
      ip: site.ip,
      detail: { phone: maskPhone(input.phone), audited: autoAudit },
    });
    if (!autoAudit) return { audited: false, token: '', expiresAt: null };
    const session = await this.deps.sessions.create(accountId, eid, now);
    await this.deps.audit.write({ event: 'sign_in', accountId, eid, ip: site.ip, detail: { method: 'registration' } });
    return { audited: true, ...session };
  }

  /**
   * check/phone/exist (decision 019): whether an account has the phone, nothing about it. It tells
   * no more than check/phone and the registration code already do, and the route is limited per
   * client address like the sign-in calls, so it cannot list the platform's phones quickly.
   */
  async checkPhoneExists(options: { phone: string }): Promise<{ exist: boolean }> {
    return { exist: (await this.deps.accounts.byPhone(options.phone)) !== null };
  }

  /**
   * check/edit/phone: the phone is free to become someone's new phone (3007 when an account has
   * it). A signed-in caller (a valid session token, the profile's change-phone dialog) is also told
   * when it is the account's own phone, as the change-phone code would be.
   */
  async checkEditPhone(options: { phone: string; token: string | undefined }): Promise<void> {
    const session = options.token
      ? await this.deps.sessions.authenticateAccount(options.token).catch(() => null)
      : null;
    if (session) {
      const own = await this.deps.accounts.byId(session.accountId);
      if (own?.phone === options.phone) {
        throw bad('phone', '新手机号不能与当前手机号相同', 'The new number is the one in use');
      }
    }
    if (await this.deps.accounts.byPhone(options.phone)) throw new AppError(ErrorCode.PHONE_REGISTERED);
  }

  /**
   * check/verification/code: is it the code sent to the phone for the purpose? The check spends one
   * of the code's attempts (5 in all, checks and uses together) and leaves a right code unused: the
   * next step (registering, resetting the password, cancelling…) sends it again and uses it up.
   */
  async checkVerificationCode(options: {
    phone: string;
    verificationCode: string;
    verificationCodeType: number;
  }): Promise<void> {
    await this.deps.smsCodes.check(
      options.phone,
      options.verificationCodeType as SmsPurposeValue,
      options.verificationCode,
    );
  }

  /**
   * register/edit (decision 019): a person whose registration on this site waits for review
   * corrects it and sends it again. The phone and the registration code sent to it (type 1, which
   * such a phone may get) prove the person; the image captcha is the one that sent the code or a
   * fresh one. Every field is checked as at registration before anything is used or written, so bad
   * input changes nothing and the code stays good for the corrected form. The form replaces the
   * stored fields, except the one-inch photo (an empty one keeps the stored photo, which the page
   * cannot show back) and the password, which stays. Where the site now accepts registrations at
   * once, the person is a member and signed in; else the registration waits for review again.
   */
  async editRegistration(
    input: Omit<RegisterInput, 'loginPsw' | 'confirmPassword'>,
    site: RegistrationSite,
    now = new Date(),
  ): Promise<Registered> {
    const { eid } = site;
    await this.openForm(input, site.website, now);
    const { config, autoAudit, userName } = await this.topFields(input, site);
    // Every detail field but the photo, checked as at registration; the photo below.
    const detail = await this.checkEditedDetail(eid, input.userDetail);

    const pending = await this.deps.registrations.findPendingRegistration(eid, input.phone);
    const photoField = formFields(DETAIL_FIELDS, config.userTitle, 'zh').find((f) => f.field === 'headshot');
    const wantedPhoto = (input.userDetail.headshot ?? '').trim();
    const newPhoto = photoField && wantedPhoto && wantedPhoto !== pending?.headshot ? wantedPhoto : '';
    if (
      newPhoto &&
      (!newPhoto.startsWith(`private/${eid}/`) || !(await this.deps.uploads.usable(newPhoto, eid, null)))
    ) {
      throw badPhoto();
    }
    if (photoField?.required && !newPhoto && !pending?.headshot) {
      throw bad('headshot', '请上传一寸照', 'Please upload a one-inch photo');
    }

    const idCard = await this.checkedIdCard(site.website, input, pending?.accountId ?? 0);

    // The person proves the phone first; only then is it told whether a registration waits.
    await this.deps.smsCodes.consume(input.phone, SmsPurpose.REGISTER, input.verificationCode, now);
    if (!pending) throw noPendingRegistration();

    if (newPhoto && !(await this.deps.uploads.reserveForRegistration(newPhoto, eid, now))) {
      throw badPhoto();
    }
    const headshot = newPhoto || pending.headshot;
    const saved = await this.deps.registrations
      .editRegistration({
        eid,
        accountId: pending.accountId,
        userName,
        realName: input.realName,
        idCardEncrypted: idCard ? this.deps.vault.encrypt(idCard) : null,
        idCardHash: idCard ? this.deps.vault.hash(idCard) : null,
        headshot,
        userDetail: detail,
        active: autoAudit,
      })
      .catch(async (err: unknown) => {
        await this.deps.uploads.release([newPhoto], now);
        throw err;
      });
    if (!saved) {
      await this.deps.uploads.release([newPhoto], now);
      throw noPendingRegistration();
    }
    if (newPhoto) {
      await this.deps.uploads.assign(newPhoto, pending.accountId);
      await this.deps.uploads.release([pending.headshot], now);
    }
    await this.deps.audit.write({
      event: 'registration_edited',
      accountId: pending.accountId,
      eid,
      ip: site.ip,
      detail: { phone: maskPhone(input.phone), audited: autoAudit },
    });
    if (!autoAudit) return { audited: false, token: '', expiresAt: null };
    const session = await this.deps.sessions.create(pending.accountId, eid, now);
    await this.deps.audit.write({
      event: 'sign_in',
      accountId: pending.accountId,
      eid,
      ip: site.ip,
      detail: { method: 'registration' },
    });
    return { audited: true, ...session };
  }

  /** Required, length and format of a text-like field, with 请输入/请选择 + its label. */
  private checkText(
    field: string,
    value: string,
    f: { def: FieldDef; labels: Record<Lang, string>; required: boolean },
  ) {
    const choose = ['select', 'date', 'cascade'].includes(f.def.kind);
    if (!value) {
      if (!f.required) return;
      if (f.def.kind === 'photo') throw bad(field, '请上传一寸照', 'Please upload a one-inch photo');
      throw bad(
        field,
        `${choose ? '请选择' : '请输入'}${f.labels.zh}`,
        `Please ${choose ? 'select' : 'enter'} ${labelInSentence(f.labels.en)}`,
      );
    }
    if (f.def.max !== undefined && value.length > f.def.max) {
      throw bad(field, `${f.labels.zh}最多${f.def.max}个字`, `${f.labels.en} has at most ${f.def.max} characters`);
    }
  }

  /** The detail fields the site shows, each checked; hidden and unknown ones are dropped. */
  /** A registration form is taken only where the site registers, with the captcha it was sent with. */
  private async openForm(
    input: { phone: string; imageCodeToken: string; imageCode: string },
    website: Pick<WebsiteInfo, 'registerOpenSet'>,
    now: Date,
  ): Promise<void> {
    if (!website.registerOpenSet) throw new AppError(ErrorCode.REGISTRATION_CLOSED);
    const code = { purpose: SmsPurpose.REGISTER, phone: input.phone };
    await this.deps.captchas.checkForSubmit(input.imageCodeToken, input.imageCode, code, now);
  }

  /** The site's form and the always-present fields, checked: nickname only where the site has nicknames. */
  private async topFields(
    input: { userName: string; realName: string },
    site: { eid: number; website: Pick<WebsiteInfo, 'usernameOpenSet'> },
  ) {
    const config = await this.deps.forms.viewRegistrationConfig(site.eid);
    const autoAudit = await this.deps.registrations.viewAutoAudit(site.eid);
    const top = formFields(DEFAULT_GROUP_FIELDS, config.default, 'zh').filter(
      (f) => f.field !== 'userName' || site.website.usernameOpenSet,
    );
    const topValues: Record<string, string> = { userName: input.userName, realName: input.realName };
    for (const f of top) this.checkText(f.field, topValues[f.field] ?? '', f);
    const userName = top.some((f) => f.field === 'userName') ? input.userName : '';
    return { config, autoAudit, userName };
  }

  /**
   * The ID number where the site verifies identities (required then), refused with 3052 when another
   * account than `ownAccountId` holds it, unless the person confirmed binding it.
   */
  private async checkedIdCard(
    website: Pick<WebsiteInfo, 'verifyOpenSet'>,
    input: { idCard?: string | undefined; confirmBind?: boolean | undefined },
    ownAccountId: number,
  ): Promise<string | null> {
    if (!website.verifyOpenSet) return null;
    if (!input.idCard) throw bad('idCard', '请输入身份证号码', 'Please enter your ID card number');
    const idCard = this.idCardOf(input.idCard);
    if (!input.confirmBind) {
      const other = await this.deps.accounts.otherAccountWithIdCard(this.deps.vault.hash(idCard), ownAccountId);
      if (other) throw new AppError(ErrorCode.IDCARD_BOUND, { data: { phone: maskPhone(other.phone) } });
    }
    return idCard;
  }

  async checkDetail(
    eid: number,
    raw: Record<string, string>,
    configured: Parameters<typeof formFields>[1],
  ): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    const value = (k: string) => (raw[k] ?? '').trim();
    for (const f of formFields(DETAIL_FIELDS, configured, 'zh')) {
      const v = value(f.field);
      this.checkText(f.field, v, f);
      if (!v) continue;
      const { kind } = f.def;
      if (kind === 'select') {
        const options = enumerations[f.def.enumName!];
        if (!options.some((o) => String(o.value) === v))
          throw bad(f.field, `请选择${f.labels.zh}`, `Please select ${labelInSentence(f.labels.en)}`);
      } else if (kind === 'date') {
        const d = new Date(`${v}T00:00:00+08:00`);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(d.getTime()) || d.getTime() >= Date.now()) {
          throw bad(f.field, `${f.labels.zh}须早于今天`, `${f.labels.en} must be before today`);
        }
      } else if (kind === 'email' && !isEmail(v)) {
        throw bad(f.field, '请输入正确的邮箱地址', 'Please enter a valid email address');
      } else if (kind === 'telephone' && !isTelephone(v)) {
        throw bad(f.field, '请输入正确的电话号码', 'Please enter a valid phone number');
      } else if (kind === 'photo') {
        if (!v.startsWith(`private/${eid}/`) || !(await this.deps.uploads.usable(v, eid, null))) {
          throw bad(f.field, '一寸照无效，请重新上传', 'The one-inch photo is not valid, please upload it again');
        }
      } else if (kind === 'cascade') {
        Object.assign(out, await this.checkCascade(eid, (k) => value(k), f.required));
        continue;
      }
      out[f.field] = v;
    }
    return out;
  }

  /**
   * personalCategory → jobCategory → administrativeDuty → rank: each level a child of the one
   * above; a level is needed when the category has it and the field is required.
   */
  private async checkCascade(eid: number, value: (k: string) => string, required: boolean) {
    const out: Record<string, string> = {};
    let parent = '';
    let categoryType = 0;
    for (const [level, field] of CASCADE_LEVELS.entries()) {
      // A level exists when its list is not empty; job types and ranks depend on the category.
      if (level === 1 && jobCategoryLabel(categoryType, 'zh') === '') break;
      if (level === 3 && !hasRanks(categoryType)) break;
      const children = await this.deps.registrations.findPositions(eid, level + 1, parent);
      if (children.length === 0) break;
      const v = value(field);
      if (!v) {
        if (required) throw bad(field, '请选择人员类别信息', 'Please complete the personal category');
        break;
      }
      const chosen = children.find((c) => c.pathNo === v);
      if (!chosen) throw bad(field, '人员类别信息无效', 'The personal category is not valid');
      if (level === 0) categoryType = chosen.categoryType;
      out[field] = v;
      parent = v;
    }
    return out;
  }

  private decrypt(ciphertext: string, what: 'password' | 'idCard'): string {
    const plain = this.deps.cipher.decrypt(ciphertext);
    if (plain === null) {
      throw bad(
        what,
        `参数错误：${what === 'password' ? '密码' : '身份证号码'}未按要求加密，请刷新页面后重试`,
        'Invalid input: not encrypted as required, please reload the page',
      );
    }
    return plain;
  }

  private newPassword(encrypted: string, encryptedConfirmation: string): string {
    const password = this.decrypt(encrypted, 'password');
    if (!isPassword(password)) throw new AppError(ErrorCode.PASSWORD_FORMAT);
    if (password !== this.decrypt(encryptedConfirmation, 'password')) {
      throw bad('confirmPassword', '两次输入的密码不一致', 'The two passwords entered differ');
    }
    return password;
  }

  private idCardOf(encrypted: string): string {
    const idCard = this.decrypt(encrypted, 'idCard').trim().toUpperCase();
    if (!isIdCard(idCard)) throw bad('idCard', '请输入正确的身份证号码', 'Please enter a valid ID card number');
    return idCard;
  }
}

/** The one registration service of a platform (the profile and account modules use it too). */
export const registrationServiceOf = (p: Platform): RegistrationService => p.shared(buildRegistrationService);
const buildRegistrationService = (p: Platform) =>
  new RegistrationService({
    registrations: new RegistrationRepository(p.db, p.systemDb),
    accounts: new AccountRepository(p.db, p.systemDb),
    sessions: p.sessions,
    captchas: p.captchas,
    smsCodes: p.smsCodes,
    cipher: p.cipher,
    vault: p.vault,
    uploads: uploadServiceOf(p),
    audit: p.audit,
    forms: registrationFormsOf(p),
  });
