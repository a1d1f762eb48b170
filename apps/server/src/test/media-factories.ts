import { schema, type Db } from '@portal/db';

let seq = 0;

/** A library material of `eid` (a ready direct-URL video by default). */
export async function createMaterial(
  db: Db,
  eid: number,
  values: Partial<typeof schema.resourceMaterials.$inferInsert> = {},
) {
  const n = ++seq;
  const [row] = await db
    .insert(schema.resourceMaterials)
    .values({
      eid,
      kind: 1,
      title: `素材${n}`,
      fileName: `material-${n}.mp4`,
      fileSize: 1000 + n,
      vodPlatform: 4,
      url: `https://media.example.com/${n}.m3u8`,
      durationSeconds: 60,
      ...values,
    })
    .returning();
  return row!;
}
