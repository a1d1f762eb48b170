import { QUESTION_OPTIONS_MAX, QUESTION_TEXT_MAX, optionKey } from '@portal/contract';
import type { SheetRow } from '../../platform/sheet-rows.ts';
import { typeOf } from './question-sheet.ts';

/**
 * Questions written as text, as they are in a Word document (decision 046), read into the same
 * cells as a row of the XLSX template, so one check serves both:
 *
 *     1.【单选题】安全生产的方针是（ ）。
 *     A. 安全第一、预防为主、综合治理
 *     B. 效益优先
 *     答案：A
 *     难度：一般
 *     解析：……
 *
 * A question begins with its number or its type in 【】 or []; without a type it is inferred
 * (options and one letter: single; several letters: multiple; 正确/错误: true or false; ____ in
 * the stem: fill-in; otherwise a short answer). Options are lines A. to J.; a matching question's
 * items are its numbered lines before the options. Field lines: 答案, 参考答案, 难度, 分值, 解析,
 * 标签, 顺序不限, 题型 (or Answer, Reference answer, Difficulty, Score, Analysis, Tags, Any order,
 * Type). A line of none of these continues the line before it.
 */

const FIELDS: Record<string, string> = {
  答案: 'answer',
  正确答案: 'answer',
  标准答案: 'answer',
  answer: 'answer',
  参考答案: 'referenceAnswer',
  'reference answer': 'referenceAnswer',
  难度: 'difficulty',
  difficulty: 'difficulty',
  分值: 'score',
  分数: 'score',
  score: 'score',
  解析: 'analysis',
  答案解析: 'analysis',
  analysis: 'analysis',
  标签: 'tags',
  知识点: 'tags',
  tags: 'tags',
  顺序不限: 'anyOrder',
  'any order': 'anyOrder',
  题型: 'type',
  type: 'type',
};

/** The longest line read: longer than any field of a question (QUESTION_TEXT_MAX). */
const LINE_MAX = QUESTION_TEXT_MAX + 1;

const FIELD_LINE = new RegExp(`^(${Object.keys(FIELDS).join('|')})\\s*[:：]\\s*(.*)$`, 'i');
const NUMBERED = /^(\d{1,4})\s*[.、．)）]\s*(.*)$/;
const TYPE_TAG = /^[【[]([^】\]]{1,12})[】\]]\s*(.*)$/;
const OPTION_LINE = /^([A-Ja-j])\s*[.、．:：)）]\s*(.*)$/;

interface Block {
  row: number;
  type: string;
  stem: string[];
  options: string[];
  items: string[];
  fields: Record<string, string>;
  /** Where a continuation line goes. */
  last: { kind: 'stem' } | { kind: 'option' } | { kind: 'item' } | { kind: 'field'; key: string };
}

const blockAt = (row: number): Block => ({
  row,
  type: '',
  stem: [],
  options: [],
  items: [],
  fields: {},
  last: { kind: 'stem' },
});

const isMatching = (b: Block) => typeOf(b.type) === 6;
const hasFields = (b: Block) => Object.keys(b.fields).length > 0;

/** The questions of a text, each as the template's cells with the line it begins on. */
export function parseQuestionText(text: string): SheetRow[] {
  // Every line terminator `.` does not match is a line end here (the patterns below end in \s*(.*)$,
  // which would otherwise backtrack quadratically over a long line), and a line is cut at
  // LINE_MAX characters: no field of a question is longer.
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => (line.length > LINE_MAX ? line.slice(0, LINE_MAX) : line));
  const rows: SheetRow[] = [];
  let block: Block | null = null;
  const close = () => {
    if (block && (block.stem.length || block.options.length || hasFields(block))) rows.push(cellsOf(block));
    block = null;
  };
  lines.forEach((raw, index) => {
    const line = raw.replace(/\u00A0|\u3000/g, ' ').trim();
    const lineNo = index + 1;
    if (line === '') {
      // A blank line ends a question once its answer or another field is written.
      if (block && hasFields(block)) close();
      return;
    }
    const field = FIELD_LINE.exec(line);
    if (field && block) {
      const key = FIELDS[field[1]!.toLowerCase()]!;
      block.fields[key] = field[2]!.trim();
      block.last = { kind: 'field', key };
      return;
    }
    let rest = line;
    const numbered = NUMBERED.exec(rest);
    const current = block as Block | null;
    const startsNew =
      current === null ||
      (numbered !== null && (hasFields(current) || (current.options.length > 0 && !isMatching(current)))) ||
      (TYPE_TAG.test(rest) && (hasFields(current) || current.options.length > 0 || current.stem.length > 0));
    if (numbered && current && !startsNew && isMatching(current) && current.options.length === 0) {
      current.items.push(numbered[2]!.trim());
      current.last = { kind: 'item' };
      return;
    }
    if (startsNew) {
      close();
      const b = blockAt(lineNo);
      block = b;
      if (numbered) rest = numbered[2]!.trim();
      const tag = TYPE_TAG.exec(rest);
      if (tag) {
        b.type = tag[1]!.trim();
        rest = tag[2]!.trim();
      }
      if (rest) b.stem.push(rest);
      return;
    }
    const b = current!;
    const option = OPTION_LINE.exec(line);
    if (option && optionKey(b.options.length) === option[1]!.toUpperCase() && b.options.length < QUESTION_OPTIONS_MAX) {
      b.options.push(option[2]!.trim());
      b.last = { kind: 'option' };
      return;
    }
    const last = b.last;
    if (last.kind === 'option') b.options[b.options.length - 1] += `\n${line}`;
    else if (last.kind === 'item') b.items[b.items.length - 1] += `\n${line}`;
    else if (last.kind === 'field') b.fields[last.key] = `${b.fields[last.key]}\n${line}`.trim();
    else b.stem.push(line);
  });
  close();
  return rows;
}

const TRUE_FALSE_ANSWER = /^(正确|错误|对|错|√|×|true|false|t|f|yes|no)$/i;

/** The type a block names, or the one its parts imply. */
function inferredType(b: Block, stem: string): string {
  const named = b.fields.type || b.type;
  if (named) return named;
  const answer = (b.fields.answer ?? '').replace(/[\s,，、;；]/g, '');
  if (b.options.length > 0) return /^[A-Ja-j]$/.test(answer) ? '1' : /^[A-Ja-j]{2,}$/.test(answer) ? '2' : '1';
  if (TRUE_FALSE_ANSWER.test(answer)) return '3';
  if (/_{2,}/.test(stem)) return '4';
  return '5';
}

function cellsOf(b: Block): SheetRow {
  const stem = b.stem.join('\n').trim();
  const cells: Record<string, string> = {
    type: inferredType(b, stem),
    stem,
    items: b.items.join('\n'),
    difficulty: b.fields.difficulty ?? '',
    score: b.fields.score ?? '',
    answer: b.fields.answer ?? '',
    referenceAnswer: b.fields.referenceAnswer ?? '',
    analysis: b.fields.analysis ?? '',
    anyOrder: b.fields.anyOrder ?? '',
    tags: b.fields.tags ?? '',
  };
  b.options.forEach((text, i) => {
    cells[`option${optionKey(i)}`] = text;
  });
  return { row: b.row, cells };
}
