import { and, asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

const c = schema.categories;

/** SQL of the categories, always by enterprise. */
export class CategoryRepository {
  constructor(private readonly db: Db) {}

  /** Every category of one type of the enterprise, in order (the tree is built by the service). */
  findCategories(eid: number, categoryType: number) {
    return this.db
      .select({ id: c.id, parentId: c.parentId, name: c.name, nameEn: c.nameEn })
      .from(c)
      .where(and(eq(c.eid, eid), eq(c.categoryType, categoryType)))
      .orderBy(asc(c.sort), asc(c.id));
  }
}
