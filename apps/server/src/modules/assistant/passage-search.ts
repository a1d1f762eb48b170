import { sql } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';
import type { AssistantSourceKind } from '@portal/contract';
import { queryTermsOf, termsOf, tsqueryOf, tsqueryOfTerm } from './text-index.ts';

/** A passage found for a question, with its score and the words of it the question matched. */
export interface FoundPassage {
  id: number;
  kind: AssistantSourceKind;
  courseId: number | null;
  periodId: number | null;
  newsId: number | null;
  title: string;
  link: string;
  body: string;
  score: number;
  /** The passage's best few sentences for the question, at most EXCERPT_CHARS. */
  excerpt: string;
}

/** Candidates PostgreSQL's ranking hands over for the finer ranking here. */
const CANDIDATES = 40;
/** At most this many passages of one course or article among those answered. */
const PER_SOURCE = 2;
/** A passage scoring below this share of the best one is not worth quoting. */
const RELATIVE_FLOOR = 0.35;
const EXCERPT_CHARS = 160;
// BM25's usual constants: how fast a word's repetitions stop counting, how much length matters.
const K1 = 1.2;
const B = 0.75;

type Candidate = {
  id: number;
  kind: AssistantSourceKind;
  course_id: number | null;
  period_id: number | null;
  news_id: number | null;
  title: string;
  link: string;
  body: string;
};

/** The sentence window of `body` holding most of the question's words (by their weight), trimmed. */
export function excerptOf(body: string, weights: Map<string, number>, max = EXCERPT_CHARS): string {
  const sentences = body.split(/(?<=[。！？!?；;\n])/u).filter((s) => s.trim());
  if (sentences.length === 0) return '';
  const scoreOf = (s: string) => {
    const seen = new Set(termsOf(s));
    let score = 0;
    for (const [term, weight] of weights) if (seen.has(term)) score += weight;
    return score;
  };
  const scores = sentences.map(scoreOf);
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  // Grow the window around the best sentence while it fits, the next sentence first.
  let from = best;
  let to = best;
  let length = sentences[best]!.length;
  for (;;) {
    const next = to + 1 < sentences.length ? sentences[to + 1]!.length : Infinity;
    const previous = from > 0 ? sentences[from - 1]!.length : Infinity;
    if (length + Math.min(next, previous) > max) break;
    if (next <= previous) {
      to += 1;
      length += next;
    } else {
      from -= 1;
      length += previous;
    }
  }
  const text = sentences
    .slice(from, to + 1)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Finds the passages of one enterprise that best answer a question (decision 061): how many
 * passages hold each of the question's words (the enterprise-leading GIN index counts them), then
 * PostgreSQL finds those holding any of its telling words and ranks them by `ts_rank` (title words
 * above body words); the best CANDIDATES are ranked again here by BM25, so a rare word of the
 * question counts more than a common one, and at most PER_SOURCE are kept of one course or article. Every query names the enterprise, and row-level security holds
 * the connection to it too.
 */
export class PassageSearch {
  constructor(private readonly db: Db) {}

  async find(eid: number, question: string, limit: number): Promise<{ passages: FoundPassage[]; terms: string[] }> {
    const terms = queryTermsOf(question);
    if (terms.length === 0) return { passages: [], terms };
    const p = schema.searchPassages;
    // Each word's count in its own subquery, the word a constant: the GIN index answers each.
    const { rows } = await this.db.execute<Record<string, number>>(sql`
      SELECT (SELECT count(*)::int FROM ${p} WHERE eid = ${eid}) AS total, ${sql.join(
        terms.map(
          (term, i) =>
            sql`(SELECT count(*)::int FROM ${p} WHERE eid = ${eid} AND tokens @@ CAST(${tsqueryOfTerm(term)} AS tsquery)) AS ${sql.raw(`df${i}`)}`,
        ),
        sql`, `,
      )}`);
    const counts = rows[0] ?? {};
    const total = Math.max(1, counts.total ?? 1);
    const dfOf = new Map(terms.map((term, i) => [term, counts[`df${i}`] ?? 0]));
    const df = (term: string) => dfOf.get(term) ?? 0;
    // A word's weight: rarer in the enterprise's passages, heavier (BM25's idf, never negative).
    const weights = new Map<string, number>();
    for (const term of terms) weights.set(term, Math.log(1 + (total - df(term) + 0.5) / (df(term) + 0.5)));
    // The candidates are found by the words that tell passages apart: a word in more than half of
    // them (a medical insurer's 医保) would make PostgreSQL rank nearly every passage; when all are
    // that common, by the two rarest.
    const present = terms.filter((t) => df(t) > 0).sort((x, y) => df(x) - df(y));
    const telling = present.filter((t) => df(t) <= total / 2);
    const query = tsqueryOf(telling.length > 0 ? telling : present.slice(0, 2));
    if (query === null) return { passages: [], terms };
    const { rows: candidates } = await this.db.execute<Candidate>(sql`
      SELECT id, kind, course_id, period_id, news_id, title, link, body
        FROM ${p}
       WHERE eid = ${eid} AND tokens @@ CAST(${query} AS tsquery)
       ORDER BY ts_rank(tokens, CAST(${query} AS tsquery), 1) DESC, id
       LIMIT ${CANDIDATES}`);
    if (candidates.length === 0) return { passages: [], terms };
    const scored = candidates.map((c) => {
      const bodyTerms = termsOf(c.body);
      const titleTerms = termsOf(c.title);
      const tf = new Map<string, number>();
      for (const t of bodyTerms) if (weights.has(t)) tf.set(t, (tf.get(t) ?? 0) + 1);
      // A word of the title counts as two of the body.
      for (const t of titleTerms) if (weights.has(t)) tf.set(t, (tf.get(t) ?? 0) + 2);
      return { c, tf, length: bodyTerms.length + titleTerms.length };
    });
    const avgLength = scored.reduce((sum, s) => sum + s.length, 0) / scored.length || 1;
    const ranked = scored
      .map(({ c, tf, length }) => {
        let score = 0;
        for (const [term, n] of tf) {
          score += (weights.get(term)! * (n * (K1 + 1))) / (n + K1 * (1 - B + (B * length) / avgLength));
        }
        return { c, score };
      })
      .sort((x, y) => y.score - x.score || x.c.id - y.c.id);
    const best = ranked[0]?.score ?? 0;
    const perSource = new Map<string, number>();
    const passages: FoundPassage[] = [];
    for (const { c, score } of ranked) {
      if (passages.length >= limit) break;
      if (score <= 0 || score < best * RELATIVE_FLOOR) break;
      const source = c.news_id !== null ? `n${c.news_id}` : `c${c.course_id}`;
      const n = perSource.get(source) ?? 0;
      if (n >= PER_SOURCE) continue;
      perSource.set(source, n + 1);
      passages.push({
        id: c.id,
        kind: c.kind,
        courseId: c.course_id,
        periodId: c.period_id,
        newsId: c.news_id,
        title: c.title,
        link: c.link,
        body: c.body,
        score,
        excerpt: excerptOf(c.body, weights),
      });
    }
    return { passages, terms };
  }
}
