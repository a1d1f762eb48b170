import { describe, expect, it } from 'vitest';
import { ENUM_NAMES, enumLabel, enumerations, findEnumOption, isEnumName, type EnumName } from './enums.ts';

const values = (name: EnumName) => enumerations[name].map((o) => o.value);
const labels = (name: EnumName) => enumerations[name].map((o) => o.label);

describe('enumerations', () => {
  it('lists every enumeration of account-area.md section 3 and the entity lists', () => {
    expect([...ENUM_NAMES].sort()).toEqual(
      [
        'invoiceTitleType',
        'invoiceKind',
        'invoiceStatus',
        'paymentMethod',
        'invoicingMode',
        'questionType',
        'registrationSource',
        'talentType',
        'resourceType',
        'degree',
        'leadershipLevel',
        'otherIdType',
        'certificateType',
        'exportStatus',
        'difficulty',
        'taskType',
        'statusLabel',
        'gender',
        'education',
        'politicalStatus',
        'talentClassification',
        'postType',
        'nation',
        'jobTitle',
        'jobRank',
        'postLevel',
        'professionalRank',
        'skillLevel',
        'positionHierarchy',
      ].sort(),
    );
  });

  it.each(ENUM_NAMES)('%s has unique integer values and unique non-empty zh and en labels', (name) => {
    const list = enumerations[name];
    expect(list.length).toBeGreaterThan(0);
    for (const option of list) {
      expect(Number.isInteger(option.value) && option.value > 0, `${name} ${option.value}`).toBe(true);
      expect(option.label.trim(), `${name} ${option.value}`).not.toBe('');
      expect(option.labelEn.trim(), `${name} ${option.value}`).not.toBe('');
      expect(option.label, `${name} ${option.value} zh label is Chinese`).toMatch(/\p{Script=Han}/u);
      expect(option.labelEn, `${name} ${option.value} en label is ASCII`).toMatch(/^[\x20-\x7e]+$/);
    }
    expect(new Set(list.map((o) => o.value)).size).toBe(list.length);
    expect(new Set(list.map((o) => o.label)).size).toBe(list.length);
    expect(new Set(list.map((o) => o.labelEn)).size).toBe(list.length);
  });

  it('uses the numbers the spec gives', () => {
    expect(values('invoiceTitleType')).toEqual([1, 2, 3]);
    expect(values('invoiceKind')).toEqual([1, 2]);
    expect(values('invoiceStatus')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(values('paymentMethod')).toEqual([9, 10, 11, 12, 13, 14]);
    expect(values('invoicingMode')).toEqual([1, 2]);
    expect(values('questionType')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(values('registrationSource')).toEqual([1, 2, 3]);
    expect(values('talentType')).toEqual([1, 2, 3]);
    expect(values('resourceType')).toEqual([1, 2, 3, 4, 5, 7, 9, 10, 11, 13]);
    expect(values('otherIdType')).toEqual([2, 3, 4, 5, 6, 7]);
    expect(values('certificateType')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(values('exportStatus')).toEqual([1, 2, 3]);
    expect(values('gender')).toEqual([1, 2, 3]);
    expect(values('politicalStatus')).toEqual([1, 2, 3, 4]);
  });

  it('numbers the unnumbered ones from 1 in spec order', () => {
    expect(values('degree')).toEqual([1, 2, 3, 4]);
    expect(values('leadershipLevel')).toEqual([1, 2]);
    expect(values('difficulty')).toEqual([1, 2, 3, 4]);
    expect(values('taskType')).toEqual([1, 2, 3, 4]);
    expect(values('statusLabel')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(values('education')).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('has the spec and product texts', () => {
    expect(labels('invoiceKind')).toEqual(['增值税普通发票', '增值税专用发票']);
    expect(labels('invoiceStatus')).toEqual(['未开票', '开票中', '已开票', '待红冲', '已红冲', '已作废']);
    expect(labels('paymentMethod')).toEqual(['银行转账', '在线支付', '支付宝', '微信', '云闪付', '人工确认']);
    expect(labels('questionType')).toEqual([
      '单选题',
      '多选题',
      '判断题',
      '填空题',
      '简答题',
      '匹配题',
      '不定项选择题',
    ]);
    expect(labels('gender')).toEqual(['男', '女', '保密']);
    expect(labels('education')).toEqual(['小学', '初中', '高中', '大专', '本科', '硕士', '博士']);
    expect(labels('politicalStatus')).toEqual(['群众', '共青团员', '中共党员', '民主党派']);
    expect(labels('talentClassification')).toEqual([
      '公务员（含参公人员）',
      '事业单位在编人员',
      '事业单位聘用人员',
      '企业人员',
    ]);
    expect(labels('postType')).toEqual(['管理岗', '专业技术岗', '工勤技能岗位']);
    expect(findEnumOption('certificateType', 1)?.label).toBe('居民身份证');
    expect(labels('otherIdType')).toEqual(labels('certificateType').slice(1));
  });

  it('has the 56 ethnic groups, 1..56 in GB/T 3304 order', () => {
    const nation = enumerations.nation;
    expect(nation).toHaveLength(56);
    expect(values('nation')).toEqual(Array.from({ length: 56 }, (_, i) => i + 1));
    expect(nation[0]).toEqual({ value: 1, label: '汉族', labelEn: 'Han' });
    expect(findEnumOption('nation', 2)?.label).toBe('蒙古族');
    expect(findEnumOption('nation', 5)?.label).toBe('维吾尔族');
    expect(findEnumOption('nation', 8)?.label).toBe('壮族');
    expect(findEnumOption('nation', 11)?.label).toBe('满族');
    expect(findEnumOption('nation', 56)?.label).toBe('基诺族');
    for (const option of nation) expect(option.label.endsWith('族'), option.label).toBe(true);
  });

  it('is frozen against accidental mutation', () => {
    expect(() => enumerations.gender.push({ value: 4, label: '其他', labelEn: 'Other' })).toThrow();
    expect(() => {
      (enumerations.gender[0] as { label: string }).label = 'x';
    }).toThrow();
    expect(labels('gender')).toEqual(['男', '女', '保密']);
  });
});

describe('helpers', () => {
  it('looks options and labels up by value', () => {
    expect(enumLabel('paymentMethod', 11)).toBe('支付宝');
    expect(enumLabel('paymentMethod', '12')).toBe('微信');
    expect(enumLabel('paymentMethod', 13, 'en')).toBe('UnionPay QuickPass');
    expect(enumLabel('paymentMethod', 1)).toBe('');
    expect(enumLabel('exportStatus', null)).toBe('');
    expect(enumLabel('exportStatus', '')).toBe('');
    expect(findEnumOption('exportStatus', 2)).toEqual({ value: 2, label: '已完成', labelEn: 'Done' });
  });

  it('recognises enumeration names', () => {
    expect(isEnumName('nation')).toBe(true);
    expect(isEnumName('toString')).toBe(false);
    expect(isEnumName('unknown')).toBe(false);
  });
});
