/**
 * The words of a text as the assistant's search index holds them (decision 061): Chinese segmented
 * by the ICU dictionary of `Intl.Segmenter('zh')`, Latin words and numbers lower-cased (NFKC, so
 * full-width letters and digits are their ASCII selves). ICU splits many domain words it does not
 * know into single characters (医|保, 付|费): two single characters in a row are joined into their
 * pair (unless one is a particle such as 的 or 了), and a word of three or more characters also gives its pairs, so "医保" and "付费" match
 * however either side was cut. Single characters and a short list of question and function words
 * carry no meaning of their own and are left out. The same function makes a passage's words and a
 * question's, so both are cut alike.
 */

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /^\p{Script=Han}+$/u;
/** The longest word kept (a run of letters longer than this is not a word anyone asks for). */
const MAX_WORD = 40;
/** ICU's cost grows faster than the text it is given: pieces at most this long. */
const MAX_PIECE = 300;

const STOP_ZH = new Set(
  (
    '什么 如何 怎么 怎样 怎么样 为什么 为何 哪些 哪个 哪里 多少 是否 能否 可否 请问 请教 一下 告诉 介绍下 ' +
    '我们 你们 他们 她们 它们 自己 这个 那个 这些 那些 这样 那样 这种 那种 一个 一些 有些 没有 ' +
    '就是 还是 或者 以及 因为 所以 如果 但是 而且 然后 的话 可以 应该 需要 知道 关于 对于 什么样'
  ).split(' '),
);
/** Particles and pronouns: a pair with one of them (的了, 了吗, 是什) is no word. */
const PARTICLES = new Set('的了吗呢吧啊呀哦嘛么着是我你他她它们这那哪什怎谁'.split(''));
const STOP_EN = new Set(
  (
    'the a an and or of to in on at for by with from is are was were be been being do does did ' +
    'what how why when where which who whom whose can could should would will shall may might must ' +
    'i me my we our you your he she it its they them their this that these those there here ' +
    'about into than then so if not no yes please tell explain'
  ).split(' '),
);

/** Text cut into pieces ICU segments quickly: at sentence ends, line breaks, else every MAX_PIECE. */
function piecesOf(text: string): string[] {
  const pieces: string[] = [];
  for (const part of text.split(/(?<=[。！？!?；;\n])/u)) {
    for (let i = 0; i < part.length; i += MAX_PIECE) pieces.push(part.slice(i, i + MAX_PIECE));
  }
  return pieces;
}

/**
 * The words of `text` in order, repeated as often as they occur (a word's count and place matter
 * to the ranking), with the pairs described above.
 */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const piece of piecesOf(text.normalize('NFKC'))) {
    let single: string | null = null;
    for (const { segment, isWordLike } of segmenter.segment(piece)) {
      if (!isWordLike) {
        single = null;
        continue;
      }
      if (HAN.test(segment)) {
        if (segment.length === 1) {
          if (single !== null && !PARTICLES.has(single) && !PARTICLES.has(segment)) terms.push(single + segment);
          single = segment;
          continue;
        }
        single = null;
        if (segment.length > MAX_WORD) continue;
        if (!STOP_ZH.has(segment)) terms.push(segment);
        if (segment.length > 2) {
          for (let i = 0; i + 2 <= segment.length; i++) {
            const pair = segment.slice(i, i + 2);
            if (!STOP_ZH.has(pair)) terms.push(pair);
          }
        }
        continue;
      }
      single = null;
      const word = segment.toLowerCase();
      if (word.length < 2 || word.length > MAX_WORD || STOP_EN.has(word)) continue;
      terms.push(word);
    }
  }
  return terms;
}

/** A lexeme as text search's input syntax quotes it. */
const quoted = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** tsvector keeps at most this many positions of a lexeme, numbered at most 16 383. */
const MAX_POSITIONS = 256;
const MAX_POSITION = 16_383;

/**
 * A passage's `tsvector` input: each word with its positions, the title's words weighted A (they
 * rank above the body's), cast by PostgreSQL as written (`$1::tsvector`), no configuration involved.
 */
export function tsvectorOf(titleTerms: readonly string[], bodyTerms: readonly string[]): string {
  const positions = new Map<string, string[]>();
  let at = 0;
  const add = (term: string, weight: string) => {
    at = Math.min(at + 1, MAX_POSITION);
    const list = positions.get(term);
    if (!list) positions.set(term, [`${at}${weight}`]);
    else if (list.length < MAX_POSITIONS) list.push(`${at}${weight}`);
  };
  for (const term of titleTerms) add(term, 'A');
  for (const term of bodyTerms) add(term, '');
  return [...positions].map(([term, list]) => `${quoted(term)}:${list.join(',')}`).join(' ');
}

/** The distinct words of a question, at most `max` of them (the first ones). */
export function queryTermsOf(question: string, max = 24): string[] {
  return [...new Set(termsOf(question))].slice(0, max);
}

/** A `tsquery` input matching any of the words (ranked afterwards), or null when there are none. */
export function tsqueryOf(terms: readonly string[]): string | null {
  return terms.length === 0 ? null : terms.map(quoted).join(' | ');
}

/** One word as a `tsquery` input (a word's passage count). */
export const tsqueryOfTerm = (term: string): string => quoted(term);

/**
 * A long text in passages of about `size` characters, cut after a sentence where one ends in
 * reach, else at `size`: a passage is what an answer quotes and a model is given.
 */
export function chunksOf(text: string, size = 400): string[] {
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    const trimmed = current.trim();
    if (trimmed) chunks.push(trimmed);
    current = '';
  };
  for (const sentence of text.split(/(?<=[。！？!?\n])/u)) {
    if (current.length + sentence.length > size) flush();
    if (sentence.length <= size) {
      current += sentence;
      continue;
    }
    // A sentence longer than a passage: cut where it must be.
    for (let i = 0; i < sentence.length; i += size) {
      current = sentence.slice(i, i + size);
      flush();
    }
  }
  flush();
  return chunks;
}
