import { schema, type Db } from '@portal/db';

/** Lecturers, ranks, categories and tags for the back office's catalogue tests (decision 040). */

export async function createLecturerRank(
  db: Db,
  eid: number,
  values: Partial<typeof schema.lecturerRanks.$inferInsert> = {},
) {
  const [row] = await db
    .insert(schema.lecturerRanks)
    .values({ eid, name: '金牌讲师', ...values })
    .returning();
  return row!;
}

export async function createLecturer(db: Db, eid: number, values: Partial<typeof schema.lecturers.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.lecturers)
    .values({ eid, name: '讲师', ...values })
    .returning();
  return row!;
}

export async function createCategory(db: Db, eid: number, values: Partial<typeof schema.categories.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.categories)
    .values({ eid, categoryType: 3, name: '分类', ...values })
    .returning();
  return row!;
}

export async function createTag(db: Db, eid: number, values: Partial<typeof schema.tags.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.tags)
    .values({ eid, name: `标签${Math.random().toString(36).slice(2, 8)}`, ...values })
    .returning();
  return row!;
}

/** A 1×1 PNG: what the picture upload accepts by its content. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
