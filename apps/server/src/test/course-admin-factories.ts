import { schema, type Db } from '@portal/db';

let n = 0;

/** A library material of the enterprise: 1 video (platform 4, a direct URL), 2 a document. */
export async function createMaterial(db: Db, eid: number, kind: 1 | 2, durationSeconds: number | null = 120) {
  n += 1;
  const [row] = await db
    .insert(schema.resourceMaterials)
    .values(
      kind === 1
        ? { eid, kind, title: `视频素材${n}`, vodPlatform: 4, url: '/demo/media/v.mp4', durationSeconds }
        : { eid, kind, title: `文档素材${n}`, fileName: 'a.pdf', url: '/demo/media/handout.pdf' },
    )
    .returning();
  return row!;
}

/** A course category (type 3), a lecturer and a tag of the enterprise. */
export async function createCourseRefs(db: Db, eid: number) {
  n += 1;
  const [category] = await db
    .insert(schema.categories)
    .values({ eid, categoryType: 3, name: `分类${n}` })
    .returning();
  const [lecturer] = await db
    .insert(schema.lecturers)
    .values({ eid, name: `讲师${n}`, title: '讲师' })
    .returning();
  const [tag] = await db
    .insert(schema.tags)
    .values({ eid, name: `标签${n}` })
    .returning();
  return { category: category!, lecturer: lecturer!, tag: tag! };
}
