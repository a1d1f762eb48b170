import { randomInt } from 'node:crypto';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { CHANGES_CHANNEL, schema, withTenant, type Db, type TableChange, type Tx } from '@portal/db';
import { htmlToText } from '@portal/contract/rich-stem';
import type { Platform } from '../../platform/platform.ts';
import { chunksOf, termsOf, tsvectorOf } from './text-index.ts';

/**
 * The version of what a full build writes (how passages are cut and words segmented): an
 * enterprise whose last build had another is rebuilt at the next start.
 */
export const INDEX_VERSION = 1;

/** The announcement `settled` sends itself ("search_passages:0:<number>"); no other subscriber reads it. */
const BARRIER = 'search_passages';

/** Courses (with their periods) or articles read and written in one short transaction. */
const COURSE_BATCH = 20;
const NEWS_BATCH = 100;
/** Rows of one INSERT. */
const INSERT_ROWS = 200;
/** A passage's length (characters): what an answer quotes and a model is given. */
const PASSAGE_CHARS = 400;

type PassageRow = typeof schema.searchPassages.$inferInsert;

type CourseRow = {
  id: number;
  title: string;
  summary: string;
  intro: string;
  published: boolean;
  price_fen: number;
};

type PeriodRow = {
  id: number;
  course_id: number;
  title: string;
  period_type: number;
  content: string;
  free_trial: boolean;
  chapter_title: string;
  transcript: Array<{ text: string }> | null;
};

type NewsRow = {
  id: number;
  title: string;
  summary: string;
  content: string;
  published: boolean;
};

export const courseLink = (courseId: number) => `/knowledge/course/info?id=${courseId}`;
export const periodLink = (courseId: number, periodId: number) => `/watch/course?id=${courseId}&periodId=${periodId}`;
export const newsLink = (newsId: number) => `/news/detail?id=${newsId}`;

/** A passage: its words from its title (weighted above the body) and its body. */
function passage(eid: number, fields: Omit<PassageRow, 'eid' | 'tokens' | 'id'>, titleWords: string): PassageRow {
  return { eid, ...fields, tokens: tsvectorOf(termsOf(titleWords), termsOf(fields.body)) };
}

/**
 * The passages of one published course: the course (title, summary, introduction) and each period
 * (its title and chapter's; an image-text period's text, a video's transcript). A priced course's
 * periods beyond its free trial are passages of their titles only: what a learner who has not bought
 * the course may read of them (the assistant never quotes paid content).
 */
async function coursePassages(eid: number, course: CourseRow, periods: PeriodRow[]): Promise<PassageRow[]> {
  const rows: PassageRow[] = [];
  const about = [course.summary.trim(), htmlToText(course.intro)].filter(Boolean).join('\n');
  const base = {
    kind: 'course' as const,
    courseId: course.id,
    periodId: null,
    newsId: null,
    link: courseLink(course.id),
  };
  // Without a text, a passage of the title alone (its body empty: nothing to quote but the link).
  const courseChunks = about ? chunksOf(about, PASSAGE_CHARS) : [''];
  for (const body of courseChunks) rows.push(passage(eid, { ...base, title: course.title, body }, course.title));
  const priced = course.price_fen > 0;
  for (const [i, p] of periods.entries()) {
    // Segmenting holds the thread: others' requests go between every few periods.
    if (i % 10 === 9) await yieldToOthers();
    const readable = !priced || p.free_trial;
    let text = '';
    if (readable && p.period_type === 3) text = htmlToText(p.content);
    else if (readable && p.period_type === 1 && Array.isArray(p.transcript)) {
      text = p.transcript.map((cue) => (typeof cue?.text === 'string' ? cue.text : '')).join(' ');
    }
    // Documents (PDF handouts) are indexed by their title: no PDF text extractor is a dependency.
    const title = `${course.title} · ${p.title}`;
    const fields = {
      kind: 'period' as const,
      courseId: course.id,
      periodId: p.id,
      newsId: null,
      link: periodLink(course.id, p.id),
      title,
    };
    const titleWords = `${p.title} ${p.chapter_title}`;
    const chunks = text.trim() ? chunksOf(text, PASSAGE_CHARS) : [''];
    for (const body of chunks) rows.push(passage(eid, { ...fields, body }, titleWords));
  }
  return rows;
}

function newsPassages(eid: number, article: NewsRow): PassageRow[] {
  const text = [article.summary.trim(), htmlToText(article.content)].filter(Boolean).join('\n');
  const chunks = text ? chunksOf(text, PASSAGE_CHARS) : [''];
  return chunks.map((body) =>
    passage(
      eid,
      {
        kind: 'news',
        courseId: null,
        periodId: null,
        newsId: article.id,
        link: newsLink(article.id),
        title: article.title,
        body,
      },
      article.title,
    ),
  );
}

async function insertPassages(tx: Tx, rows: PassageRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    await tx.insert(schema.searchPassages).values(rows.slice(i, i + INSERT_ROWS));
  }
}

/**
 * One enterprise's index work holds this transaction lock: a course re-indexed on its change and
 * the same course in a full build never interleave (each is delete-then-insert).
 */
const lockIndex = (tx: Tx, eid: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('search_passages'), ${eid})`);

/**
 * The assistant's search index (decision 061): passages of an enterprise's published courses,
 * periods and news in `search_passages`, written by the tenant's own role (row-level security
 * holds every write to its enterprise). A full build goes through every course and article in
 * short transactions (learners read the index meanwhile: a course is never half indexed); a
 * change the database announces re-indexes that course or article alone.
 */
export class SearchIndex {
  /** Full builds under way in this process, by enterprise (one at a time each). */
  private readonly building = new Map<number, Promise<void>>();
  /** Courses and articles waiting to be re-indexed, by "eid:table:id", once the burst of changes settles. */
  private readonly dirty = new Map<string, { eid: number; table: 'course' | 'news'; id: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private stopped = false;
  /** `settled` calls waiting for their own announcement to come back, by its number. */
  private readonly barriers = new Map<number, () => void>();

  constructor(
    private readonly db: Db,
    /** The tables' owner: only to list the enterprises (their rows are each one's own to the tenant role). */
    private readonly systemDb: Db,
    private readonly onError: (err: unknown, what: string) => void,
    /** How long a course's changes are gathered before it is re-indexed (a save touches many rows). */
    private readonly settleMs = 300,
  ) {}

  /** Re-indexes one course (its passages and its periods'), or removes them when it is unpublished or gone. */
  async indexCourse(eid: number, courseId: number): Promise<void> {
    await withTenant(eid, () => this.db.transaction((tx) => this.writeCourses(tx, eid, { only: courseId })));
  }

  async indexNews(eid: number, newsId: number): Promise<void> {
    await withTenant(eid, () => this.db.transaction((tx) => this.writeNews(tx, eid, { only: newsId })));
  }

  /**
   * A full build of one enterprise's index; answers when it is done (one at a time per enterprise).
   * The planner's statistics are taken again after it (`analyze`), or once after many.
   */
  rebuild(eid: number, analyze = true): Promise<void> {
    const running = this.building.get(eid);
    if (running) return running;
    const run = withTenant(eid, () => this.buildAll(eid))
      .then(() => (analyze ? this.analyze() : undefined))
      .finally(() => this.building.delete(eid));
    this.building.set(eid, run);
    return run;
  }

  /** Builds now when the enterprise's index was never built (its first question waits for it). */
  async ensureBuilt(eid: number, indexedAt: Date | null): Promise<void> {
    if (indexedAt === null) await this.rebuild(eid);
  }

  /** Enterprises whose index was never built or was built by another version, or all of them. */
  async enterprisesToBuild(all: boolean): Promise<number[]> {
    const { rows } = await this.systemDb.execute<{ eid: number }>(sql`
      SELECT e.eid FROM ${schema.enterprises} e
        LEFT JOIN ${schema.assistantSettings} s ON s.eid = e.eid
       WHERE ${all ? sql`true` : sql`(s.eid IS NULL OR s.index_version <> ${INDEX_VERSION} OR s.indexed_at IS NULL)`}
       ORDER BY e.eid`);
    return rows.map((r) => r.eid);
  }

  /** Builds the index of every enterprise that needs it (`all`: every enterprise), one after another. */
  async buildOutdated(all = false): Promise<number> {
    let built = 0;
    for (const eid of await this.enterprisesToBuild(all)) {
      if (this.stopped) break;
      try {
        await this.rebuild(eid, false);
        built += 1;
      } catch (err) {
        this.onError(err, `index of enterprise ${eid}`);
      }
    }
    if (built > 0) await this.analyze();
    return built;
  }

  /**
   * A change the database announced: the course (its row, a chapter or a period changed) or the
   * article is re-indexed once the changes around it settle.
   */
  changed(change: TableChange): void {
    if (change.table === BARRIER) {
      this.barriers.get(change.id)?.();
      return;
    }
    const table =
      change.table === 'news'
        ? 'news'
        : ['courses', 'course_chapters', 'course_periods'].includes(change.table)
          ? 'course'
          : null;
    if (!table || this.stopped) return;
    this.dirty.set(`${change.eid}:${table}:${change.id}`, { eid: change.eid, table, id: change.id });
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flush());
    }, this.settleMs);
  }

  /**
   * Waits until the changes committed before this call are indexed (tests): an announcement of its
   * own comes back after theirs (the database delivers them in commit order), then what they
   * asked for is flushed.
   */
  async settled(timeoutMs = 10_000): Promise<void> {
    const id = randomInt(1, 2 ** 31 - 1);
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the change announcements did not come back')), timeoutMs);
      this.barriers.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
    }).finally(() => this.barriers.delete(id));
    await this.systemDb.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${`${BARRIER}:0:${id}`})`);
    await heard;
    while (this.timer || this.dirty.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, this.settleMs));
      await this.flushing;
    }
    await this.flushing;
  }

  private async flush(): Promise<void> {
    const work = [...this.dirty.values()];
    this.dirty.clear();
    for (const item of work) {
      if (this.stopped) return;
      try {
        if (item.table === 'course') await this.indexCourse(item.eid, item.id);
        else await this.indexNews(item.eid, item.id);
      } catch (err) {
        this.onError(err, `re-index of ${item.table} ${item.id} of enterprise ${item.eid}`);
      }
    }
  }

  /** Statistics of the index for the planner (the owner's work: the tenant role may not analyse). */
  private async analyze(): Promise<void> {
    if (!this.stopped) await this.systemDb.execute(sql`ANALYZE ${schema.searchPassages}`);
  }

  /** Stops: no more work is started; the batch under way finishes. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    await Promise.allSettled(this.building.values());
  }

  private async buildAll(eid: number): Promise<void> {
    const started = new Date();
    for (let after = 0; ;) {
      if (this.stopped) return;
      const last = await this.db.transaction((tx) => this.writeCourses(tx, eid, { after }));
      if (last === null) break;
      after = last;
      await yieldToOthers();
    }
    for (let after = 0; ;) {
      if (this.stopped) return;
      const last = await this.db.transaction((tx) => this.writeNews(tx, eid, { after }));
      if (last === null) break;
      after = last;
      await yieldToOthers();
    }
    // Done with this version (a rebuild asked for meanwhile was this one).
    await this.db.execute(sql`
      INSERT INTO ${schema.assistantSettings} (eid, index_version, indexed_at) VALUES (${eid}, ${INDEX_VERSION}, ${started})
      ON CONFLICT (eid) DO UPDATE SET index_version = ${INDEX_VERSION}, indexed_at = ${started}`);
  }

  /**
   * Writes the passages of one course (`only`) or of the next batch of courses after `after`,
   * published or not (an unpublished one loses its passages): the rows are locked against deletion
   * (FOR KEY SHARE) until the transaction ends, so a passage never names a course deleted meanwhile.
   * Answers the batch's last course id, null when there were none.
   */
  private async writeCourses(tx: Tx, eid: number, at: { only?: number; after?: number }): Promise<number | null> {
    await lockIndex(tx, eid);
    const where = at.only !== undefined ? sql`c.id = ${at.only}` : sql`c.id > ${at.after ?? 0}`;
    const { rows: courses } = await tx.execute<CourseRow>(sql`
      SELECT c.id, c.title, c.summary, c.intro, c.published, c.price_fen FROM ${schema.courses} c
       WHERE c.eid = ${eid} AND ${where} ORDER BY c.id LIMIT ${COURSE_BATCH} FOR KEY SHARE`);
    const ids = at.only !== undefined ? [at.only] : courses.map((c) => c.id);
    if (ids.length === 0) return null;
    const idList = `{${ids.join(',')}}`;
    await tx.execute(
      sql`DELETE FROM ${schema.searchPassages} WHERE eid = ${eid} AND course_id = ANY(${idList}::int[])`,
    );
    const published = courses.filter((c) => c.published);
    if (published.length > 0) {
      const { rows: periods } = await tx.execute<PeriodRow>(sql`
        SELECT p.id, p.course_id, p.title, p.period_type, p.content, p.free_trial, ch.title AS chapter_title,
               CASE WHEN p.period_type = 1 THEN m.transcript END AS transcript
          FROM ${schema.coursePeriods} p
          JOIN ${schema.courseChapters} ch ON ch.eid = p.eid AND ch.id = p.chapter_id
          LEFT JOIN ${schema.resourceMaterials} m ON m.eid = p.eid AND m.id = p.material_id
         WHERE p.eid = ${eid} AND p.course_id = ANY(${`{${published.map((c) => c.id).join(',')}}`}::int[])
         ORDER BY p.course_id, ch.sort, ch.id, p.sort, p.id
         FOR KEY SHARE OF p`);
      const byCourse = new Map<number, PeriodRow[]>();
      for (const p of periods) byCourse.set(p.course_id, [...(byCourse.get(p.course_id) ?? []), p]);
      for (const course of published) {
        await insertPassages(tx, await coursePassages(eid, course, byCourse.get(course.id) ?? []));
        await yieldToOthers();
      }
    }
    return courses.at(-1)?.id ?? null;
  }

  private async writeNews(tx: Tx, eid: number, at: { only?: number; after?: number }): Promise<number | null> {
    await lockIndex(tx, eid);
    const where = at.only !== undefined ? sql`n.id = ${at.only}` : sql`n.id > ${at.after ?? 0}`;
    const { rows: articles } = await tx.execute<NewsRow>(sql`
      SELECT n.id, n.title, n.summary, n.content, n.published FROM ${schema.news} n
       WHERE n.eid = ${eid} AND ${where} ORDER BY n.id LIMIT ${NEWS_BATCH} FOR KEY SHARE`);
    const ids = at.only !== undefined ? [at.only] : articles.map((a) => a.id);
    if (ids.length === 0) return null;
    await tx.execute(
      sql`DELETE FROM ${schema.searchPassages} WHERE eid = ${eid} AND news_id = ANY(${`{${ids.join(',')}}`}::int[])`,
    );
    const rows = articles.filter((a) => a.published).flatMap((a) => newsPassages(eid, a));
    await insertPassages(tx, rows);
    return articles.at(-1)?.id ?? null;
  }
}

function buildSearchIndex(platform: Platform): SearchIndex {
  const log = pino({ level: platform.config.LOG_LEVEL, name: 'assistant-index' });
  return new SearchIndex(platform.db, platform.systemDb, (err, what) => log.error({ err }, `${what} failed`));
}

/** The platform's one search index (the module's, and the tests' to wait for it to settle). */
export const searchIndexOf = (platform: Platform): SearchIndex => platform.shared(buildSearchIndex);
