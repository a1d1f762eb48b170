import { describe, expect, it } from 'vitest';
import { DETAIL_FIELDS, fieldLabel, formFields, labelInSentence } from './registration.ts';

describe('field labels', () => {
  it("a site's own Chinese name is used on Chinese pages, the default English label on English ones", () => {
    const def = DETAIL_FIELDS.companyName;
    expect(fieldLabel(def, '所在单位', 'zh')).toBe('所在单位');
    expect(fieldLabel(def, '所在单位', 'en')).toBe(def.label.en);
    expect(fieldLabel(def, 'Employer', 'en')).toBe('Employer');
    expect(fieldLabel(def, '', 'zh')).toBe(def.label.zh);
  });

  it('formFields gives both languages', () => {
    const [f] = formFields(
      DETAIL_FIELDS,
      [{ field: 'companyName', name: '工作单位', required: true, show: true, sort: 0 }],
      'en',
    );
    expect(f).toMatchObject({ field: 'companyName', label: DETAIL_FIELDS.companyName.label.en });
    expect(f!.labels).toEqual({ zh: '工作单位', en: DETAIL_FIELDS.companyName.label.en });
  });

  it('labels inside an English sentence start in lower case, acronyms stay', () => {
    expect(labelInSentence('Real name')).toBe('real name');
    expect(labelInSentence('Date of birth')).toBe('date of birth');
    expect(labelInSentence('ID number')).toBe('ID number');
    expect(labelInSentence('真实姓名')).toBe('真实姓名');
  });
});
