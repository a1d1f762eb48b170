/**
 * Shared field validators with their exact messages (platform.md section 5, account-area.md
 * section 5). One implementation serves antd Form rules on the web client and the zod schemas of
 * the gateway (DESIGN.md section 6), so both sides accept and reject exactly the same input.
 *
 * The zh texts are the spec's texts, character for character. The Chinese-name check has no texts
 * in the spec; its texts below are this module's own decision.
 */
import { z } from 'zod';
import type { Lang } from './errors.ts';

export type ValidatorKind =
  'mobile' | 'telephone' | 'email' | 'idCard' | 'password' | 'creditCode' | 'postalCode' | 'chineseName';

export interface ValidatorMessages {
  /** Shown when the field is required and empty. */
  required: string;
  /** Shown when the value is present but malformed. */
  invalid: string;
}

/** How a validator normalises input before checking it. */
export type Normalization = 'none' | 'trim' | 'trimUpper';

export interface Validator extends ValidatorMessages {
  /** Messages by language; `required` / `invalid` above are the zh ones. */
  messages: Record<Lang, ValidatorMessages>;
  /**
   * The canonical form of an input: trimmed, and upper-cased where the format is upper case
   * (ID card check digit X, credit code). Passwords are returned unchanged: whitespace is not a
   * password character, so a padded password is rejected rather than silently altered.
   */
  normalize(value: string): string;
  /** Which normalisation `normalize` applies (used to build the zod schemas). */
  normalization: Normalization;
  /** Whether the (normalised) value has the right format. An empty value is never valid. */
  test(value: string): boolean;
}

/** A failed form validation without a custom message (platform.md section 5). */
export const FORM_INVALID_MESSAGE = '信息填写有误，请检查';
export const formInvalidMessages: Record<Lang, string> = {
  zh: FORM_INVALID_MESSAGE,
  en: 'Some information is incorrect, please check',
};

// ---------------------------------------------------------------------------------------------
// Format checks
// ---------------------------------------------------------------------------------------------

const MOBILE_RE = /^1[3-9]\d{9}$/;

/** Mainland mobile number: 11 digits, starts with 1, second digit 3-9. */
export function isMobile(value: string): boolean {
  return MOBILE_RE.test(value);
}

/**
 * Landline: an optional area code (0 + 2 or 3 digits, optionally in parentheses, then an optional
 * '-' or space), the local number, and an optional extension ('-', '转', '#' or 'ext').
 * With an area code the local number has 6 to 8 digits not starting with 0 (0771-966111 is a 6-digit
 * service number, 010-12345678 the usual placeholder); without one it has 7 or 8 digits starting
 * with 2-9, so a bare number cannot be confused with a truncated mobile or a service code.
 */
const LANDLINE_WITH_AREA_RE = /^(?:\(0\d{2,3}\)|0\d{2,3})[- ]?[1-9]\d{5,7}(?:(?:-|转|#|ext\.?)\d{1,6})?$/i;
const LANDLINE_LOCAL_RE = /^[2-9]\d{6,7}(?:(?:-|转|#|ext\.?)\d{1,6})?$/i;
/** Nationwide 400 / 800 numbers: 400-123-4567, 4001234567, 400-1234567, 800-123-4567. */
const SERVICE_400_RE = /^[48]00[- ]?\d{3}[- ]?\d{4}$/;

/** Telephone: a mobile number, a landline (with or without area code and extension), or a 400/800 number. */
export function isTelephone(value: string): boolean {
  return (
    MOBILE_RE.test(value) ||
    LANDLINE_WITH_AREA_RE.test(value) ||
    LANDLINE_LOCAL_RE.test(value) ||
    SERVICE_400_RE.test(value)
  );
}

const EMAIL_LOCAL_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_LABEL_RE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const EMAIL_TLD_RE = /^[A-Za-z]{2,63}$/;

/**
 * Email: local part of RFC 5322 atoms separated by single dots (no quoted forms), '@', a domain
 * of at least two labels whose last label is 2+ letters. At most 254 characters, local part 64.
 */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at !== value.indexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !EMAIL_LOCAL_RE.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? '';
  return EMAIL_TLD_RE.test(tld) && labels.every((label) => EMAIL_LABEL_RE.test(label));
}

/**
 * First two digits of a resident ID number: provinces of GB/T 2260, plus 71 (Taiwan) and the
 * residence-permit codes for Hong Kong (81), Macao (82) and Taiwan (83) residents.
 */
// prettier-ignore
const ID_PROVINCE_CODES: ReadonlySet<string> = new Set([
  '11', '12', '13', '14', '15',
  '21', '22', '23',
  '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46',
  '50', '51', '52', '53', '54',
  '61', '62', '63', '64', '65',
  '71', '81', '82', '83',
]);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';

/** The ISO 7064 MOD 11-2 check character of the first 17 digits of an 18-digit ID number. */
export function idCardCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('idCardCheckChar needs exactly 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

/** A real calendar date, not after today (local time). Birth dates only. */
function isValidBirthDate(year: number, month: number, day: number, today: Date): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return false;
  const todayKey = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  return year * 10000 + month * 100 + day <= todayKey;
}

/**
 * Resident ID number (居民身份证号码).
 * - 18 characters: 17 digits and a check character (digit or X, lower-case x accepted),
 *   a plausible province code, a real birth date from 1800 to today, and the MOD 11-2 check.
 * - 15 digits (first-generation cards): province code and a real birth date 19YYMMDD.
 */
export function isIdCard(value: string, today: Date = new Date()): boolean {
  const id = value.toUpperCase();
  if (/^\d{17}[\dX]$/.test(id)) {
    if (!ID_PROVINCE_CODES.has(id.slice(0, 2))) return false;
    const year = Number(id.slice(6, 10));
    if (year < 1800) return false;
    if (!isValidBirthDate(year, Number(id.slice(10, 12)), Number(id.slice(12, 14)), today)) return false;
    return idCardCheckChar(id.slice(0, 17)) === id[17];
  }
  if (/^\d{15}$/.test(id)) {
    if (!ID_PROVINCE_CODES.has(id.slice(0, 2))) return false;
    return isValidBirthDate(1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12)), today);
  }
  return false;
}

/** Special characters a password may contain: printable ASCII punctuation. */
const PASSWORD_CHARS_RE = /^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]{8,20}$/;

/**
 * Password: 8-20 characters of ASCII letters, digits and ASCII special characters (no spaces,
 * no other scripts), containing a lower-case letter, an upper-case letter, and a digit or a
 * special character.
 */
export function isPassword(value: string): boolean {
  return PASSWORD_CHARS_RE.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && /[^A-Za-z]/.test(value);
}

/** GB 32100-2015 code alphabet: digits and upper-case letters without I, O, Z, S, V. */
const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
const CREDIT_CODE_RE = /^[0-9A-HJ-NPQRTUW-Y]{2}\d{6}[0-9A-HJ-NPQRTUW-Y]{10}$/;

/** The check character (18th) of a unified social credit code, from its first 17 characters. */
export function creditCodeCheckChar(first17: string): string {
  if (first17.length !== 17) throw new Error('creditCodeCheckChar needs exactly 17 characters');
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CODE_ALPHABET.indexOf(first17[i]!);
    if (v < 0) throw new Error(`creditCodeCheckChar: '${first17[i]}' is not in the GB 32100 alphabet`);
    sum += v * CREDIT_CODE_WEIGHTS[i]!;
  }
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CODE_ALPHABET[check]!;
}

/**
 * Unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters of the code
 * alphabet; characters 3-8 are the registering authority's administrative-division code (digits);
 * the last is the MOD 31 check character. Lower-case input is accepted by normalising.
 */
export function isCreditCode(value: string): boolean {
  const code = value.toUpperCase();
  if (!CREDIT_CODE_RE.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/** Postal code: 6 digits. */
export function isPostalCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** Middle dots people type between the parts of a transliterated name (·, •, ・). */
const NAME_DOTS = '\u00B7\u2022\u30FB';
const CHINESE_NAME_RE = new RegExp(`^\\p{Script=Han}+(?:[${NAME_DOTS}]\\p{Script=Han}+)*$`, 'u');

/**
 * Chinese name: 2-20 characters (counted as code points, dots included) of Chinese characters,
 * where a middle dot may separate parts but never starts, ends or repeats.
 * Rare characters outside the BMP (e.g. 𠮷) count as one character.
 */
export function isChineseName(value: string): boolean {
  const length = Array.from(value).length;
  return length >= 2 && length <= 20 && CHINESE_NAME_RE.test(value);
}

// ---------------------------------------------------------------------------------------------
// Validators with messages
// ---------------------------------------------------------------------------------------------

const normalizers: Record<Normalization, (value: string) => string> = {
  none: (value) => value,
  trim: (value) => value.trim(),
  trimUpper: (value) => value.trim().toUpperCase(),
};

function makeValidator(
  messages: Record<Lang, ValidatorMessages>,
  normalization: Normalization,
  check: (value: string) => boolean,
): Validator {
  const normalize = normalizers[normalization];
  const validator: Validator = {
    required: messages.zh.required,
    invalid: messages.zh.invalid,
    messages,
    normalize,
    normalization,
    test: (value: string) => {
      if (typeof value !== 'string') return false;
      const normalized = normalize(value);
      return normalized.length > 0 && check(normalized);
    },
  };
  return validator;
}

export const validators: Record<ValidatorKind, Validator> = {
  mobile: makeValidator(
    {
      zh: { required: '请输入手机号码', invalid: '请输入正确的手机号码' },
      en: { required: 'Please enter your mobile number', invalid: 'Please enter a valid mobile number' },
    },
    'trim',
    isMobile,
  ),
  telephone: makeValidator(
    {
      zh: { required: '请输入电话号码', invalid: '请输入正确的电话号码' },
      en: { required: 'Please enter a phone number', invalid: 'Please enter a valid phone number' },
    },
    'trim',
    isTelephone,
  ),
  email: makeValidator(
    {
      zh: { required: '请输入邮箱地址', invalid: '请输入正确的邮箱地址' },
      en: { required: 'Please enter an email address', invalid: 'Please enter a valid email address' },
    },
    'trim',
    isEmail,
  ),
  idCard: makeValidator(
    {
      zh: { required: '请输入身份证号码', invalid: '请输入正确的身份证号码' },
      en: { required: 'Please enter your ID card number', invalid: 'Please enter a valid ID card number' },
    },
    'trimUpper',
    (value) => isIdCard(value),
  ),
  password: makeValidator(
    {
      zh: { required: '请输入密码', invalid: '密码为8~20位包含英文大、小写字母和数字或特殊字符的组合' },
      en: {
        required: 'Please enter a password',
        invalid:
          'The password must be 8-20 characters and combine upper-case letters, lower-case letters, and digits or special characters',
      },
    },
    'none',
    isPassword,
  ),
  creditCode: makeValidator(
    {
      zh: { required: '请输入统一社会信用代码', invalid: '请输入正确的统一社会信用代码' },
      en: {
        required: 'Please enter the unified social credit code',
        invalid: 'Please enter a valid unified social credit code',
      },
    },
    'trimUpper',
    isCreditCode,
  ),
  postalCode: makeValidator(
    {
      zh: { required: '请输入邮编', invalid: '请输入正确的邮编' },
      en: { required: 'Please enter the postal code', invalid: 'Please enter a valid postal code' },
    },
    'trim',
    isPostalCode,
  ),
  chineseName: makeValidator(
    {
      zh: { required: '请输入真实姓名', invalid: '请输入2~20位中文姓名' },
      en: {
        required: 'Please enter your real name',
        invalid: 'Please enter a Chinese name of 2-20 Chinese characters',
      },
    },
    'trim',
    isChineseName,
  ),
};

export interface ValidateOptions {
  /** Whether an empty value is an error (default true). */
  required?: boolean;
  lang?: Lang;
}

/**
 * Validates one value: the required message when it is empty (after trimming) and required,
 * null when it is empty and optional, the format message when malformed, else null.
 */
export function validate(
  kind: ValidatorKind,
  value: string | null | undefined,
  options: ValidateOptions = {},
): string | null {
  const validator = validators[kind];
  const messages = validator.messages[options.lang ?? 'zh'];
  const raw = value ?? '';
  if (raw.trim() === '') return (options.required ?? true) ? messages.required : null;
  return validator.test(raw) ? null : messages.invalid;
}

// ---------------------------------------------------------------------------------------------
// zod schemas for the gateway
// ---------------------------------------------------------------------------------------------

export interface ZodFieldOptions {
  /** Whether '' is rejected with the required message (default true). When false '' passes. */
  required?: boolean;
}

/**
 * A zod string schema for one validator: a missing or non-string value fails with the required
 * message, the input is normalised (trimmed; upper-cased for ID card and credit code; passwords
 * untouched), an empty value fails with the required message unless `required: false`, and a
 * malformed one fails with the format message. It stays a plain `ZodString`, so it can be
 * chained (`.max(18)`, `.optional()`) and converted to JSON Schema for OpenAPI.
 */
export function zField(kind: ValidatorKind, lang: Lang = 'zh', options: ZodFieldOptions = {}): z.ZodString {
  const validator = validators[kind];
  const messages = validator.messages[lang];
  const required = options.required ?? true;
  let schema = z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? messages.required : messages.invalid),
  });
  const { normalization } = validator;
  if (normalization !== 'none') schema = schema.trim();
  if (normalization === 'trimUpper') schema = schema.toUpperCase();
  if (required) schema = schema.min(1, { error: messages.required, abort: true });
  return schema.refine((value) => value === '' || validator.test(value), { error: messages.invalid });
}

export const zMobile = (lang: Lang = 'zh', options?: ZodFieldOptions): z.ZodString => zField('mobile', lang, options);
export const zTelephone = (lang: Lang = 'zh', options?: ZodFieldOptions): z.ZodString =>
  zField('telephone', lang, options);
export const zEmail = (lang: Lang = 'zh', options?: ZodFieldOptions): z.ZodString => zField('email', lang, options);
export const zIdCard = (lang: Lang = 'zh', options?: ZodFieldOptions): z.ZodString => zField('idCard', lang, options);
export const zPassword = (lang: Lang = 'zh', options?: ZodFieldOptions): z.ZodString =>
  zField('password', lang, options);
export const zCreditCode = (lang: Lang = 'zh', options?: ZodFieldOptions): z.ZodString =>
  zField('creditCode', lang, options);
export const zPostalCode = (lang: Lang = 'zh', options?: ZodFieldOptions): z.ZodString =>
  zField('postalCode', lang, options);
export const zChineseName = (lang: Lang = 'zh', options?: ZodFieldOptions): z.ZodString =>
  zField('chineseName', lang, options);
