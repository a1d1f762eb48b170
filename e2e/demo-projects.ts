import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';
import { demoTaskTitle } from '@portal/db/seed-tasks';

/** A demo site's study project of the seed (open or approval rule): its id and title. */
export async function demoProject(
  db: Db,
  eid: number,
  role: 'projectOpen' | 'projectApproval',
): Promise<{ id: number; title: string }> {
  const p = schema.studyProjects;
  const title = demoTaskTitle(eid, role);
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.eid, eid), eq(p.title, title)));
  return { id: row!.id, title };
}

/** The places a project has left, as stored. */
export async function seatsLeftOf(db: Db, eid: number, projectId: number): Promise<number> {
  const p = schema.studyProjects;
  const [row] = await db
    .select({ capacity: p.capacity, taken: p.seatsTaken })
    .from(p)
    .where(and(eq(p.eid, eid), eq(p.id, projectId)));
  return row!.capacity - row!.taken;
}
