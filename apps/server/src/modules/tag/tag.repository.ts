import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

const t = schema.tags;

/** `%part%` for ILIKE, with the part's own % and _ taken literally. */
const likeOf = (part: string) => `%${part.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** SQL of the learner tags, always by enterprise. */
export class TagRepository {
  constructor(private readonly db: Db) {}

  /** The enterprise's tags in order; `tagName` matches a part of the Chinese or English name. */
  findTags(eid: number, filter: { tagName?: string } = {}) {
    const where: SQL[] = [eq(t.eid, eid)];
    if (filter.tagName) where.push(or(ilike(t.name, likeOf(filter.tagName)), ilike(t.nameEn, likeOf(filter.tagName)))!);
    return this.db
      .select({ id: t.id, name: t.name, nameEn: t.nameEn })
      .from(t)
      .where(and(...where))
      .orderBy(asc(t.sort), asc(t.id));
  }
}
