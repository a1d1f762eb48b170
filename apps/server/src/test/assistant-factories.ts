import {
  GATEWAY_PREFIX,
  PLATFORM_HEADER_VALUE,
  chatWithAssistant,
  type AssistantEvent,
  type CallRequest,
  type Envelope,
} from '@portal/contract';
import { schema, type Db } from '@portal/db';
import { parseEvents } from '../platform/event-stream.ts';
import type { TestApp } from './harness.ts';
import type { Learner } from './factories.ts';

/** A published course with one chapter of periods: image-text (type 3, its HTML), documents (2) or titles only. */
export async function createTextCourse(
  db: Db,
  eid: number,
  course: Partial<typeof schema.courses.$inferInsert> & { title: string },
  periods: Array<{ title: string; periodType?: number; content?: string; freeTrial?: boolean }> = [],
) {
  const [row] = await db
    .insert(schema.courses)
    .values({ eid, ...course })
    .returning();
  const [chapter] = await db
    .insert(schema.courseChapters)
    .values({ eid, courseId: row!.id, title: '第一章' })
    .returning();
  const made = [];
  for (const [sort, p] of periods.entries()) {
    const [period] = await db
      .insert(schema.coursePeriods)
      .values({
        eid,
        courseId: row!.id,
        chapterId: chapter!.id,
        title: p.title,
        periodType: p.periodType ?? 3,
        content: p.content ?? '',
        freeTrial: p.freeTrial ?? false,
        sort,
      })
      .returning();
    made.push(period!);
  }
  return { course: row!, periods: made };
}

/** A published news article (with its category). */
export async function createArticle(
  db: Db,
  eid: number,
  values: { title: string; content: string; published?: boolean },
) {
  const [category] = await db.insert(schema.newsCategories).values({ eid, name: '资讯' }).returning();
  const [row] = await db
    .insert(schema.news)
    .values({ eid, categoryId: category!.id, ...values })
    .returning();
  return row!;
}

/** The chat's answer: its events when it streamed, else the envelope it was refused with. */
export interface Asked {
  events: AssistantEvent[];
  refused: Envelope<unknown> | null;
  /** The answer's text (its deltas joined). */
  text: string;
}

/** Asks the assistant as the web client does (app.inject: the whole stream is read). */
export async function ask(
  t: TestApp,
  who: Learner,
  input: CallRequest<typeof chatWithAssistant>,
  options: { lang?: string } = {},
): Promise<Asked> {
  const res = await t.app.inject({
    method: 'POST',
    url: GATEWAY_PREFIX + chatWithAssistant.path,
    headers: {
      domain: who.domain,
      platform: PLATFORM_HEADER_VALUE,
      token: who.token,
      ...(options.lang ? { lang: options.lang } : {}),
    },
    payload: input,
  });
  if (!String(res.headers['content-type']).startsWith('text/event-stream')) {
    return { events: [], refused: res.json(), text: '' };
  }
  const events = parseEvents<AssistantEvent>(res.body);
  return { events, refused: null, text: textOf(events) };
}

export const textOf = (events: AssistantEvent[]) => events.map((e) => (e.type === 'delta' ? e.text : '')).join('');

/** The event of a type (the first), typed. */
export function eventOf<T extends AssistantEvent['type']>(
  events: AssistantEvent[],
  type: T,
): Extract<AssistantEvent, { type: T }> | undefined {
  return events.find((e): e is Extract<AssistantEvent, { type: T }> => e.type === type);
}
