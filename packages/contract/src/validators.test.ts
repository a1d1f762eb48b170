import { describe, expect, it } from 'vitest';
import {
  FORM_INVALID_MESSAGE,
  creditCodeCheckChar,
  formInvalidMessages,
  idCardCheckChar,
  isChineseName,
  isCreditCode,
  isEmail,
  isIdCard,
  isMobile,
  isPassword,
  isPostalCode,
  isTelephone,
  validate,
  validators,
  zChineseName,
  zCreditCode,
  zEmail,
  zField,
  zIdCard,
  zMobile,
  zPassword,
  zPostalCode,
  zTelephone,
  type ValidatorKind,
} from './validators.ts';

describe('spec messages (platform.md section 5)', () => {
  it('has the exact zh texts', () => {
    const expected: Record<Exclude<ValidatorKind, 'chineseName'>, [string, string]> = {
      mobile: ['请输入手机号码', '请输入正确的手机号码'],
      telephone: ['请输入电话号码', '请输入正确的电话号码'],
      email: ['请输入邮箱地址', '请输入正确的邮箱地址'],
      idCard: ['请输入身份证号码', '请输入正确的身份证号码'],
      password: ['请输入密码', '密码为8~20位包含英文大、小写字母和数字或特殊字符的组合'],
      creditCode: ['请输入统一社会信用代码', '请输入正确的统一社会信用代码'],
      postalCode: ['请输入邮编', '请输入正确的邮编'],
    };
    for (const [kind, [required, invalid]] of Object.entries(expected)) {
      const v = validators[kind as ValidatorKind];
      expect(v.required, kind).toBe(required);
      expect(v.invalid, kind).toBe(invalid);
      expect(v.messages.zh, kind).toEqual({ required, invalid });
    }
    expect(FORM_INVALID_MESSAGE).toBe('信息填写有误，请检查');
    expect(formInvalidMessages.zh).toBe('信息填写有误，请检查');
  });

  it('has distinct, non-empty English texts for every validator', () => {
    for (const [kind, v] of Object.entries(validators)) {
      expect(v.messages.en.required, kind).toMatch(/^[\x20-\x7e]+$/);
      expect(v.messages.en.invalid, kind).toMatch(/^[\x20-\x7e]+$/);
      expect(v.messages.en.required).not.toBe(v.messages.en.invalid);
      expect(v.messages.zh.required).not.toBe(v.messages.zh.invalid);
    }
    expect(formInvalidMessages.en.length).toBeGreaterThan(0);
  });
});

describe('mobile', () => {
  it.each(['13800138000', '19912345678', '15000000000', '16612345678', '17712345678', '18812345678'])(
    'accepts %s',
    (v) => expect(isMobile(v)).toBe(true),
  );
  it.each([
    '12345678901', // second digit 2
    '11345678901', // second digit 1
    '10345678901', // second digit 0
    '1380013800', // 10 digits
    '138001380000', // 12 digits
    '23800138000', // does not start with 1
    '1380013800a',
    '138 0013 8000',
    '+8613800138000',
    '',
  ])('rejects %s', (v) => expect(isMobile(v)).toBe(false));
  it('trims through the validator', () => {
    expect(validators.mobile.test(' 13800138000 ')).toBe(true);
  });
});

describe('telephone', () => {
  it.each([
    '13800138000',
    '0771-966111',
    '010-12345678',
    '01012345678',
    '(010)12345678',
    '0755 86013388',
    '021-6888888',
    '010-12345678-801',
    '010-12345678转801',
    '0771-5555555#12',
    '82345678',
    '6888888',
    '400-123-4567',
    '4001234567',
    '400-1234567',
    '800-123-4567',
    '8001234567',
  ])('accepts %s', (v) => expect(isTelephone(v)).toBe(true));
  it.each([
    '12345678901',
    '12345678', // local number starting with 1
    '010-1234', // local number too short
    '010-123456789', // local number too long
    '010-02345678', // local number starting with 0
    '10-12345678', // area code without leading 0
    '00771-966111',
    '123456', // 6 digits need an area code
    '400-123-456',
    '40012345678',
    '500-123-4567',
    '010--12345678',
    'abc',
    '',
  ])('rejects %s', (v) => expect(isTelephone(v)).toBe(false));
});

describe('email', () => {
  it.each([
    'user@example.com',
    'first.last@example.com.cn',
    'a+tag@sub.example.org',
    'zhang_san-01@qq.com',
    'USER@EXAMPLE.COM',
    '12345@163.com',
  ])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  it.each([
    'plainaddress',
    '@example.com',
    'user@',
    'user@example',
    'user@@example.com',
    'user@exa mple.com',
    'user name@example.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@example..com',
    'user@example.c',
    'user@example.123',
    '张三@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
    '',
  ])('rejects %s', (v) => expect(isEmail(v)).toBe(false));
});

describe('ID card', () => {
  it('computes the MOD 11-2 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
    expect(idCardCheckChar('44030119850615130')).toBe('X');
    expect(idCardCheckChar('32058219951130003')).toBe('8');
    expect(() => idCardCheckChar('1234')).toThrow();
  });

  it.each([
    '11010519491231002X', // published sample, X check digit
    '440524188001010014', // published sample, born 1880
    '44030119850615130X', // X check digit
    '440301198506151238',
    '450102200002290012', // 29 Feb of a leap year
    '320582199511300038',
    '810000199001010019', // Hong Kong residents' residence permit
    '830000199001010020', // Taiwan residents' residence permit
  ])('accepts 18-digit %s', (v) => expect(isIdCard(v)).toBe(true));

  it('accepts a lower-case x by normalising', () => {
    expect(isIdCard('11010519491231002x')).toBe(true);
    expect(validators.idCard.test(' 44030119850615130x ')).toBe(true);
    expect(validators.idCard.normalize(' 44030119850615130x ')).toBe('44030119850615130X');
  });

  it.each([
    ['440301198506151239', 'wrong check digit'],
    ['110105194912310021', 'digit instead of X'],
    ['44030119850615130Y', 'letter other than X'],
    ['11010120000230001X', '30 February (check digit correct)'],
    ['110101199902290018', '29 February of a common year (check digit correct)'],
    ['110101202313010019', 'month 13 (check digit correct)'],
    ['910101199001010014', 'province code 91 (check digit correct)'],
    ['000101199001010011', 'province code 00'],
    ['11010519491231002', '17 characters'],
    ['11010519491231002X1', '19 characters'],
    ['X10105194912310021', 'X not last'],
    ['', 'empty'],
  ])('rejects %s (%s)', (v) => expect(isIdCard(v)).toBe(false));

  it('rejects a birth date after today', () => {
    const today = new Date(2020, 0, 1);
    const first17 = '11010120200102001';
    const id = first17 + idCardCheckChar(first17);
    expect(isIdCard(id, today)).toBe(false);
    expect(isIdCard(id, new Date(2020, 0, 2))).toBe(true);
  });

  it('rejects a birth year before 1800', () => {
    const first17 = '11010117991231001';
    expect(isIdCard(first17 + idCardCheckChar(first17))).toBe(false);
  });

  it.each(['130503670401001', '110105491231002', '440524800229001'])('accepts 15-digit %s', (v) =>
    expect(isIdCard(v)).toBe(true),
  );
  it.each([
    ['110105490230002', '30 February'],
    ['440524810229001', '29 February of 1981'],
    ['110105491331002', 'month 13'],
    ['990105491231002', 'province code 99'],
    ['11010549123100X', 'X in a 15-digit number'],
    ['11010549123100', '14 digits'],
    ['1101054912310021', '16 digits'],
  ])('rejects 15-digit %s (%s)', (v) => expect(isIdCard(v)).toBe(false));
});

describe('password', () => {
  it('enforces the 8-20 length bounds', () => {
    expect(isPassword('Abcdef1')).toBe(false); // 7
    expect(isPassword('Abcdefg1')).toBe(true); // 8
    expect(isPassword(`Ab1${'c'.repeat(17)}`)).toBe(true); // 20
    expect(isPassword(`Ab1${'c'.repeat(18)}`)).toBe(false); // 21
  });
  it.each(['Abcdefg1', 'abcdefG!', 'PassWord_', 'Zz@#$%^&*', 'aB1aB1aB1aB1', 'Abc~!@#$%^&*()_+-=[]'.slice(0, 20)])(
    'accepts %s',
    (v) => expect(isPassword(v)).toBe(true),
  );
  it.each([
    ['abcdefg1', 'no upper case'],
    ['ABCDEFG1', 'no lower case'],
    ['Abcdefgh', 'no digit or special character'],
    ['12345678', 'digits only'],
    ['Abc defg1', 'space'],
    ['Abcdefg1中', 'non-ASCII'],
    ['Abcdefg１', 'full-width digit'],
    ['', 'empty'],
  ])('rejects %s (%s)', (v) => expect(isPassword(v)).toBe(false));
  it('does not trim passwords', () => {
    expect(validators.password.test(' Abcdefg1')).toBe(false);
    expect(validators.password.normalize(' Abcdefg1')).toBe(' Abcdefg1');
  });
});

describe('unified social credit code', () => {
  const valid = [
    '91350100M000100Y43', // GB 32100-2015 example
    '91110108551385082Q',
    '914403001922038216',
    '91440300708461136T',
    '91110000802100433B',
    '91330100799655058B',
  ];

  it('computes the GB 32100 check character', () => {
    for (const code of valid) expect(creditCodeCheckChar(code.slice(0, 17)), code).toBe(code[17]);
    expect(() => creditCodeCheckChar('9135010OM000100Y4')).toThrow(); // O is not in the alphabet
    expect(() => creditCodeCheckChar('123')).toThrow();
  });

  it.each(valid)('accepts %s', (v) => expect(isCreditCode(v)).toBe(true));

  it('accepts lower case by normalising', () => {
    expect(isCreditCode('91350100m000100y43')).toBe(true);
    expect(validators.creditCode.normalize(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
  });

  it.each([
    ['91350100M000100Y44', 'wrong check character'],
    ['91110108551385082R', 'wrong check character'],
    ['914403001922038217', 'wrong check character'],
    ['91110000100000000X', 'wrong check character (R is right)'],
    ['91440300708461136I', 'I is not in the alphabet'],
    ['9144030070846113OT', 'O is not in the alphabet'],
    ['91440300708461136', '17 characters'],
    ['91440300708461136TT', '19 characters'],
    ['9135A100M000100Y43', 'letter in the division code'],
    ['', 'empty'],
  ])('rejects %s (%s)', (v) => expect(isCreditCode(v)).toBe(false));

  it('rejects any single-character substitution of a valid code', () => {
    const code = '91350100M000100Y43';
    const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    for (let i = 0; i < code.length; i++) {
      for (const c of alphabet) {
        if (c === code[i]) continue;
        const changed = code.slice(0, i) + c + code.slice(i + 1);
        expect(isCreditCode(changed), changed).toBe(false);
      }
    }
  });
});

describe('postal code', () => {
  it.each(['530000', '100000', '000000'])('accepts %s', (v) => expect(isPostalCode(v)).toBe(true));
  it.each(['53000', '5300000', '53000a', '530 000', ''])('rejects %s', (v) => expect(isPostalCode(v)).toBe(false));
});

describe('Chinese name', () => {
  it.each(['张三', '阿卜杜·热合曼', '欧阳娜娜', '阿卜杜·热合曼·买买提', '爱新觉罗・溥仪', '吉𠮷', '张'.repeat(20)])(
    'accepts %s',
    (v) => expect(isChineseName(v)).toBe(true),
  );
  it.each([
    ['张', 'one character'],
    ['张··三', 'repeated dot'],
    ['·张三', 'leading dot'],
    ['张三·', 'trailing dot'],
    ['·', 'dot only'],
    ['John', 'Latin letters'],
    ['张三John', 'mixed'],
    ['张 三', 'space'],
    ['张三1', 'digit'],
    ['张'.repeat(21), '21 characters'],
    ['', 'empty'],
  ])('rejects %s (%s)', (v) => expect(isChineseName(v)).toBe(false));
});

describe('validate()', () => {
  it('returns the required message for an empty required value', () => {
    expect(validate('mobile', '')).toBe('请输入手机号码');
    expect(validate('mobile', '   ')).toBe('请输入手机号码');
    expect(validate('mobile', undefined)).toBe('请输入手机号码');
    expect(validate('idCard', null, { required: true })).toBe('请输入身份证号码');
  });
  it('returns null for an empty optional value', () => {
    expect(validate('email', '', { required: false })).toBeNull();
    expect(validate('email', '  ', { required: false })).toBeNull();
  });
  it('returns the format message for a malformed value, optional or not', () => {
    expect(validate('email', 'nope', { required: false })).toBe('请输入正确的邮箱地址');
    expect(validate('password', 'abc')).toBe('密码为8~20位包含英文大、小写字母和数字或特殊字符的组合');
    expect(validate('creditCode', '91350100M000100Y44')).toBe('请输入正确的统一社会信用代码');
    expect(validate('postalCode', '1234')).toBe('请输入正确的邮编');
  });
  it('returns null for a valid value', () => {
    expect(validate('mobile', ' 13800138000 ')).toBeNull();
    expect(validate('idCard', '11010519491231002x')).toBeNull();
    expect(validate('telephone', '0771-966111')).toBeNull();
    expect(validate('chineseName', '阿卜杜·热合曼')).toBeNull();
  });
  it('speaks English when asked', () => {
    expect(validate('mobile', '', { lang: 'en' })).toBe('Please enter your mobile number');
    expect(validate('mobile', '123', { lang: 'en' })).toBe('Please enter a valid mobile number');
  });
});

describe('zod schemas', () => {
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : result.error?.issues.map((i) => i.message);

  it('trims and accepts valid input', () => {
    expect(zMobile().parse(' 13800138000 ')).toBe('13800138000');
    expect(zTelephone().parse('400-123-4567')).toBe('400-123-4567');
    expect(zEmail().parse(' a@b.cn ')).toBe('a@b.cn');
    expect(zPostalCode().parse('530000')).toBe('530000');
    expect(zChineseName().parse(' 张三 ')).toBe('张三');
  });

  it('upper-cases ID card and credit code', () => {
    expect(zIdCard().parse(' 11010519491231002x ')).toBe('11010519491231002X');
    expect(zCreditCode().parse('91350100m000100y43')).toBe('91350100M000100Y43');
  });

  it('fails with only the required message when empty or missing', () => {
    expect(messageOf(zMobile().safeParse(''))).toEqual(['请输入手机号码']);
    expect(messageOf(zMobile().safeParse('   '))).toEqual(['请输入手机号码']);
    expect(messageOf(zMobile().safeParse(undefined))).toEqual(['请输入手机号码']);
    expect(messageOf(zIdCard().safeParse(null))).toEqual(['请输入身份证号码']);
  });

  it('fails with the exact format message', () => {
    expect(messageOf(zMobile().safeParse('12345678901'))).toEqual(['请输入正确的手机号码']);
    expect(messageOf(zIdCard().safeParse('440301198506151239'))).toEqual(['请输入正确的身份证号码']);
    expect(messageOf(zPassword().safeParse('abcdefgh'))).toEqual([
      '密码为8~20位包含英文大、小写字母和数字或特殊字符的组合',
    ]);
    expect(messageOf(zCreditCode().safeParse('91350100M000100Y44'))).toEqual(['请输入正确的统一社会信用代码']);
    expect(messageOf(zEmail().safeParse(42))).toEqual(['请输入正确的邮箱地址']);
  });

  it('does not trim passwords', () => {
    expect(zPassword().parse('Abcdefg1')).toBe('Abcdefg1');
    expect(zPassword().safeParse(' Abcdefg1 ').success).toBe(false);
  });

  it('lets an optional field be empty but still checks a present value', () => {
    const schema = zEmail('zh', { required: false });
    expect(schema.parse('')).toBe('');
    expect(schema.parse('  ')).toBe('');
    expect(messageOf(schema.safeParse('x@'))).toEqual(['请输入正确的邮箱地址']);
    expect(schema.optional().parse(undefined)).toBeUndefined();
  });

  it('uses English messages when asked', () => {
    expect(messageOf(zMobile('en').safeParse(''))).toEqual(['Please enter your mobile number']);
    expect(messageOf(zField('postalCode', 'en').safeParse('1'))).toEqual(['Please enter a valid postal code']);
  });

  it('stays chainable as a string schema', () => {
    const schema = zChineseName().max(15, { error: '真实姓名最多15个字' });
    expect(messageOf(schema.safeParse('张'.repeat(16)))).toEqual(['真实姓名最多15个字']);
  });
});
