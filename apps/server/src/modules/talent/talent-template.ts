import {
  TALENT_BUSINESS_SLOTS,
  TALENT_IMPORT_MAX_ROWS,
  enumerations,
  talentFields,
  talentSectionTitles,
  type Lang,
  type TalentField,
} from '@portal/contract';
import { TALENT_IMPORT_COLUMNS } from './talent-sheet.ts';
import { CHOICES } from './talent.service.ts';

/** Changes when the template's texts do: its cached files are made again. */
export const TEMPLATE_VERSION = 1;

/** When a field is filled in: section 2's post fields by the classification and post type (decision 059). */
const SHOWN_WHEN: Partial<Record<TalentField, Record<Lang, string>>> = {
  jobTitle: { zh: '人员类别为公务员时填写', en: 'For civil servants' },
  jobRank: { zh: '人员类别为公务员时填写', en: 'For civil servants' },
  postType: {
    zh: '人员类别为事业单位人员时填写（聘用人员不能填管理岗）',
    en: 'For public institution staff (not the management post for contract staff)',
  },
  postLevel: { zh: '岗位类型为管理岗时填写', en: 'For a management post' },
  professionalRank: { zh: '岗位类型为专业技术岗时填写', en: 'For a professional technical post' },
  skillLevel: { zh: '岗位类型为工勤技能岗位时填写', en: 'For a worker skill post' },
  positionHierarchy: { zh: '人员类别为企业人员时填写', en: 'For enterprise staff' },
};

const list = (lang: Lang, items: string[]) => items.join(lang === 'zh' ? '、' : '; ');

/** What a column takes, in the template's language. */
function noteOf(key: string, lang: Lang, areas: string[]): string {
  const zh = lang === 'zh';
  if (key === 'name')
    return zh ? '仅供核对，不导入（姓名以学员资料为准）' : 'For reading only, not imported (the profile’s name counts)';
  if (key === 'phone') return zh ? '必填：本企业学员的手机号' : 'Required: the phone of a member of this enterprise';
  if (key === 'talentType') {
    const names = enumerations.talentType.map((o) => (zh ? o.label : o.labelEn));
    return zh
      ? `随“人员信息”导入：${list(lang, names)}；空为${names[0]}`
      : `Imported with Employment information: ${list(lang, names)}; empty is ${names[0]}`;
  }
  const field = key as TalentField;
  const rule = talentFields[field];
  const parts: string[] = [talentSectionTitles[rule.section][lang]];
  const when = SHOWN_WHEN[field];
  if (when) parts.push(when[lang]);
  if (rule.required) parts.push(zh ? '必填' : 'required');
  const enumName = CHOICES[field];
  if (enumName) {
    const options = enumerations[enumName].filter((o) => !(field === 'sex' && o.value === 3));
    parts.push(
      `${zh ? '可填' : 'one of'}：${list(
        lang,
        options.map((o) => (zh ? o.label : o.labelEn)),
      )}`,
    );
  } else if (rule.kind === 'date') {
    parts.push(zh ? '日期，如 2010-09-01' : 'a date, e.g. 2010-09-01');
  } else if (rule.kind === 'region') {
    parts.push(
      zh
        ? '地区名称逐级用/分隔：人才类型为保险专家时填 省/市，如 广西壮族自治区/南宁市；其他填 市/区，如 南宁市/青秀区'
        : 'names level by level, separated by /: for an insurance expert province/city, e.g. 广西壮族自治区/南宁市; otherwise city/district, e.g. 南宁市/青秀区',
    );
  } else if (rule.kind === 'business') {
    parts.push(
      zh
        ? `最多${TALENT_BUSINESS_SLOTS}个，按优先顺序用、分隔；可填：${areas.length ? list(lang, areas) : '（请先在分类管理中添加人才业务分类）'}`
        : `at most ${TALENT_BUSINESS_SLOTS}, by priority, separated by 、; one of: ${areas.length ? list(lang, areas) : '(add talent business categories under Categories first)'}`,
    );
  } else if ('max' in rule) {
    parts.push(zh ? `最多${rule.max}字` : `at most ${rule.max} characters`);
  }
  return parts.join(zh ? '；' : '; ');
}

const GENERAL_NOTES: Record<Lang, string[]> = {
  zh: [
    '只读取第一个工作表；第一行为表头，列的顺序可以调整，中文或英文表头均可；人才档案的导出文件可直接导入。',
    '档案分六个部分：个人信息、人员信息、业务信息、学历类型、职业信息、主要经历。一个部分的内容都正确、必填项齐全时才导入这个部分；整个部分空着则不导入。',
    '学员已保存的部分不会被覆盖，只补充尚未保存的部分；同一文件重复导入不会重复保存。',
    '导入新建的档案，来源为“历史数据”。',
    `上传后先预览：每一行列出将导入的部分和问题，确认后再导入。一次最多${TALENT_IMPORT_MAX_ROWS}行，文件不超过5MB。`,
    '“示例”工作表中有一行示例，可复制到第一个工作表后修改。',
  ],
  en: [
    'Only the first sheet is read; row 1 holds the headers, in any order, in Chinese or English; an export of the talent records imports as it is.',
    'A record has six sections: personal information, employment information, business areas, education, career information, main experience. A section is imported when all its values are good and its required ones given; a section left empty is not imported.',
    'A section the member has saved is never overwritten: only sections not saved yet are filled; the same file imported again saves nothing more.',
    'A record the import makes has the source Historical data.',
    `An upload is previewed first: every row lists the sections it will import and its problems; import when you confirm. One import takes at most ${TALENT_IMPORT_MAX_ROWS} rows in a file of at most 5 MB.`,
    'The Examples sheet has an example row: copy it to the first sheet and change it.',
  ],
};

/** An example row (a staffed institution member on a professional post, sections 1, 2, 4–6; section 3 with the first area). */
function example(lang: Lang, areas: string[]): Record<string, string> {
  const zh = lang === 'zh';
  const label = (name: keyof typeof enumerations, value: number) => {
    const o = enumerations[name].find((x) => x.value === value)!;
    return zh ? o.label : o.labelEn;
  };
  return {
    name: zh ? '张三' : 'Zhang San',
    phone: '13800138000',
    talentType: label('talentType', 1),
    sex: label('gender', 1),
    birthday: '1988-05-01',
    nation: label('nation', 1),
    politicalStatus: label('politicalStatus', 3),
    partyJoinDate: '2010-07-01',
    highestEducation: label('education', 5),
    startWorkDate: '2011-07-01',
    companyName: zh ? '南宁市某事业单位' : 'A public institution in Nanning',
    companyPosition: zh ? '科员' : 'Officer',
    region: '南宁市/青秀区',
    talentClassification: label('talentClassification', 2),
    postType: label('postType', 2),
    professionalRank: label('professionalRank', 3),
    talentBusinessRelationList: areas[0] ?? '',
    technicalTitle: zh ? '经济师' : 'Economist',
    studyWorkExperience: zh ? '2011年至今在南宁市某事业单位工作。' : 'At a public institution in Nanning since 2011.',
    assessmentRewardPunishment: zh ? '近三年考核均为合格。' : 'Rated satisfactory in each of the last three years.',
  };
}

/** Writes the template: the import's columns (the phone marked required), a notes sheet and an examples sheet. */
export async function writeTalentTemplate(lang: Lang, areas: string[]): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const columns = TALENT_IMPORT_COLUMNS.map((c) => ({ header: c.header[lang], key: c.key, width: c.width }));
  const sheet = workbook.addWorksheet(lang === 'zh' ? '人才档案' : 'Talent records');
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  TALENT_IMPORT_COLUMNS.forEach((c, i) => {
    if (c.required) sheet.getCell(1, i + 1).font = { bold: true, color: { argb: 'FFCC0000' } };
    // Phones and dates stay text: a spreadsheet would read them as numbers or dates.
    sheet.getColumn(i + 1).numFmt = '@';
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const notes = workbook.addWorksheet(lang === 'zh' ? '填写说明' : 'Notes');
  notes.columns = [
    { header: lang === 'zh' ? '列' : 'Column', width: 22 },
    { header: lang === 'zh' ? '说明' : 'Notes', width: 110 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of TALENT_IMPORT_COLUMNS) notes.addRow([c.header[lang], noteOf(c.key, lang, areas)]);
  notes.addRow([]);
  for (const line of GENERAL_NOTES[lang]) notes.addRow(['', line]);
  notes.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  const examples = workbook.addWorksheet(lang === 'zh' ? '示例' : 'Examples');
  examples.columns = columns;
  examples.getRow(1).font = { bold: true };
  examples.addRow(example(lang, areas));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The example row (tests import it to prove the template's own example is a good row). */
export const templateExample = example;
