import type { Lang } from '@portal/contract';
import { QUESTION_COLUMNS } from './question-sheet.ts';

/** One example of every type, in the template's examples sheet (the import reads the first sheet only). */
const EXAMPLES: Record<Lang, Array<Record<string, string | number>>> = {
  zh: [
    {
      type: '单选题',
      difficulty: '简单',
      score: 2,
      stem: '安全生产的方针是（ ）。',
      optionA: '安全第一、预防为主、综合治理',
      optionB: '效益优先、兼顾安全',
      optionC: '先生产后安全',
      answer: 'A',
      analysis: '《安全生产法》第三条。',
      tags: '安全生产,法规',
    },
    {
      type: '多选题',
      difficulty: '一般',
      score: 3,
      stem: '下列属于个人防护用品的有（ ）。',
      optionA: '安全帽',
      optionB: '防护眼镜',
      optionC: '灭火器',
      optionD: '绝缘手套',
      answer: 'A,B,D',
      tags: '安全生产',
    },
    { type: '判断题', stem: '发现火情应先拨打119报警。', answer: '正确', score: 1 },
    {
      type: '填空题',
      stem: '我国的首都是____，最大的城市是____。',
      answer: '北京|北京市；上海|上海市',
      anyOrder: '否',
    },
    {
      type: '简答题',
      difficulty: '较难',
      score: 10,
      stem: '简述灭火器的使用方法。',
      referenceAnswer: '提、拔、握、压：提起灭火器，拔下保险销，握住喷管对准火焰根部，压下压把。',
    },
    {
      type: '匹配题',
      stem: '将下列城市与其所在省份配对。',
      items: '广州\n杭州\n成都',
      optionA: '浙江',
      optionB: '四川',
      optionC: '广东',
      answer: '1-C,2-A,3-B',
    },
    {
      type: '不定项选择题',
      stem: '以下哪些是TCP协议的特点（ ）。',
      optionA: '面向连接',
      optionB: '可靠传输',
      optionC: '无连接',
      answer: 'A,B',
    },
  ],
  en: [
    {
      type: 'Single choice',
      difficulty: 'Easy',
      score: 2,
      stem: 'Which gas do plants take in for photosynthesis?',
      optionA: 'Oxygen',
      optionB: 'Carbon dioxide',
      optionC: 'Nitrogen',
      answer: 'B',
      analysis: 'Plants take in carbon dioxide and give off oxygen.',
      tags: 'Biology,Basics',
    },
    {
      type: 'Multiple choice',
      difficulty: 'Medium',
      score: 3,
      stem: 'Which of these are personal protective equipment?',
      optionA: 'Hard hat',
      optionB: 'Safety goggles',
      optionC: 'Fire extinguisher',
      optionD: 'Insulating gloves',
      answer: 'A,B,D',
      tags: 'Safety',
    },
    { type: 'True/false', stem: 'Water boils at 100 °C at sea level.', answer: 'True', score: 1 },
    {
      type: 'Fill in the blank',
      stem: 'The capital of France is ____ and of Italy is ____.',
      answer: 'Paris|paris;Rome|rome',
      anyOrder: 'No',
    },
    {
      type: 'Short answer',
      difficulty: 'Harder',
      score: 10,
      stem: 'Describe how to use a fire extinguisher.',
      referenceAnswer: 'Pull the pin, aim at the base of the fire, squeeze the handle, sweep from side to side.',
    },
    {
      type: 'Matching',
      stem: 'Match each city with its country.',
      items: 'Lyon\nOsaka\nPorto',
      optionA: 'Japan',
      optionB: 'Portugal',
      optionC: 'France',
      answer: '1-C,2-A,3-B',
    },
    {
      type: 'Indefinite choice',
      stem: 'Which of these describe TCP?',
      optionA: 'Connection-oriented',
      optionB: 'Reliable delivery',
      optionC: 'Connectionless',
      answer: 'A,B',
    },
  ],
};

const GENERAL_NOTES: Record<Lang, string[]> = {
  zh: [
    '只读取第一个工作表；第一行为表头，列的顺序可以调整，中文或英文表头均可。',
    '“示例”工作表中有每种题型的示例，可复制到第一个工作表后修改。',
    '上传后先预览：每一行都会检查，有问题的行会标出原因，确认后才导入没有问题的行。',
    '题库中已有的试题（题型和题干相同）和文件中重复的试题不会重复导入。',
    '一次最多导入5000道试题，文件不超过5MB；导出的试题文件可直接导入其他题库。',
    '也可以在导入页面粘贴 Word 中的试题文本，格式见页面上的说明。',
  ],
  en: [
    'Only the first sheet is read; row 1 holds the headers, in any order, in Chinese or English.',
    'The Examples sheet has an example of every type: copy them to the first sheet and change them.',
    'An upload is previewed first: every row is checked and each bad row is marked with its reasons; only the good rows are imported, when you confirm.',
    'A question the bank has (same type and stem) or that repeats an earlier row is not imported again.',
    'One import takes at most 5000 questions in a file of at most 5 MB; an exported file imports into another bank as it is.',
    'You can also paste questions written in Word on the import page; the format is shown there.',
  ],
};

/** Writes the template: the columns' headers, a notes sheet and an examples sheet. */
export async function writeQuestionTemplate(lang: Lang): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const columns = QUESTION_COLUMNS.map((c) => ({ header: c.header[lang], key: c.key, width: c.width }));
  const sheet = workbook.addWorksheet(lang === 'zh' ? '试题' : 'Questions');
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  QUESTION_COLUMNS.forEach((c, i) => {
    if (c.required) sheet.getCell(1, i + 1).font = { bold: true, color: { argb: 'FFCC0000' } };
    // Answers such as 1-C or 0.5 stay text: a spreadsheet would read them as dates or numbers.
    sheet.getColumn(i + 1).numFmt = '@';
  });
  const notes = workbook.addWorksheet(lang === 'zh' ? '填写说明' : 'Notes');
  notes.columns = [
    { header: lang === 'zh' ? '列' : 'Column', width: 18 },
    { header: lang === 'zh' ? '说明' : 'Notes', width: 100 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of QUESTION_COLUMNS) if (c.note[lang]) notes.addRow([c.header[lang], c.note[lang]]);
  notes.addRow([]);
  for (const line of GENERAL_NOTES[lang]) notes.addRow(['', line]);
  notes.getColumn(2).alignment = { wrapText: true };
  const examples = workbook.addWorksheet(lang === 'zh' ? '示例' : 'Examples');
  examples.columns = columns;
  examples.getRow(1).font = { bold: true };
  for (const e of EXAMPLES[lang]) examples.addRow(e);
  examples.getColumn(QUESTION_COLUMNS.findIndex((c) => c.key === 'items') + 1).alignment = { wrapText: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The examples (tests import them to prove the template's own examples are good rows). */
export const TEMPLATE_EXAMPLES = EXAMPLES;
