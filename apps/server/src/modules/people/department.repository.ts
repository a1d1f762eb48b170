import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@portal/db';

/** The advisory-lock class of one enterprise's department tree: its writes go one at a time. */
const TREE_LOCK_CLASS = 37;

export interface DepartmentRow {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
  sort: number;
  memberCount: number;
}

/** A department as the audit log keeps it. */
export type DepartmentSnapshot = Omit<DepartmentRow, 'memberCount'>;

const COLUMNS = sql`d.id, d.parent_id AS "parentId", d.name, d.name_en AS "nameEn", d.sort`;

/** SQL of the department tree, always by the session's enterprise. */
export class DepartmentRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Holds the enterprise's tree until the transaction ends: two moves at the same moment cannot
   * together make a loop (A under B while B goes under A), nor two adds the same name.
   */
  static async lockTree(tx: Tx, eid: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${TREE_LOCK_CLASS}, ${eid})`);
  }

  /** Every department, a parent before its children, siblings by sort then id, with its own member count. */
  async findTree(eid: number): Promise<DepartmentRow[]> {
    const { rows } = await this.db.execute<DepartmentRow & Record<string, unknown>>(sql`
      WITH RECURSIVE tree AS (
        SELECT d.id, ARRAY[d.sort, d.id] AS path FROM departments d
         WHERE d.eid = ${eid} AND d.parent_id IS NULL
        UNION ALL
        SELECT c.id, t.path || ARRAY[c.sort, c.id] FROM departments c
          JOIN tree t ON c.parent_id = t.id
         WHERE c.eid = ${eid} AND cardinality(t.path) < 200
      ), counts AS (
        SELECT department_id, count(*)::int AS n FROM department_members WHERE eid = ${eid} GROUP BY department_id
      )
      SELECT ${COLUMNS}, COALESCE(counts.n, 0)::int AS "memberCount"
        FROM tree JOIN departments d ON d.eid = ${eid} AND d.id = tree.id
        LEFT JOIN counts ON counts.department_id = d.id
       ORDER BY tree.path`);
    return rows;
  }

  static async view(tx: Tx | Db, eid: number, id: number): Promise<DepartmentRow | null> {
    const { rows } = await tx.execute<DepartmentRow & Record<string, unknown>>(sql`
      SELECT ${COLUMNS},
             (SELECT count(*)::int FROM department_members m WHERE m.eid = d.eid AND m.department_id = d.id) AS "memberCount"
        FROM departments d WHERE d.eid = ${eid} AND d.id = ${id}`);
    return rows[0] ?? null;
  }

  /** A sibling (same parent) with this name, other than `exceptId`. */
  static async siblingNamed(
    tx: Tx,
    eid: number,
    parentId: number | null,
    name: string,
    exceptId: number,
  ): Promise<boolean> {
    const { rows } = await tx.execute(sql`
      SELECT 1 FROM departments
       WHERE eid = ${eid} AND parent_id IS NOT DISTINCT FROM ${parentId}::int AND name = ${name} AND id <> ${exceptId}
       LIMIT 1`);
    return rows.length > 0;
  }

  /** The ids of a department and every department below it. */
  static async subtreeIds(tx: Tx | Db, eid: number, id: number): Promise<number[]> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      WITH RECURSIVE sub AS (
        SELECT id, 0 AS depth FROM departments WHERE eid = ${eid} AND id = ${id}
        UNION ALL
        SELECT d.id, sub.depth + 1 FROM departments d JOIN sub ON d.parent_id = sub.id
         WHERE d.eid = ${eid} AND sub.depth < 200
      )
      SELECT id FROM sub`);
    return rows.map((r) => Number(r.id));
  }

  static async insert(
    tx: Tx,
    eid: number,
    v: { parentId: number | null; name: string; nameEn: string },
  ): Promise<DepartmentSnapshot> {
    const { rows } = await tx.execute<DepartmentSnapshot & Record<string, unknown>>(sql`
      INSERT INTO departments AS d (eid, parent_id, name, name_en, sort)
      VALUES (${eid}, ${v.parentId}, ${v.name}, ${v.nameEn},
              (SELECT COALESCE(max(sort) + 1, 0) FROM departments
                WHERE eid = ${eid} AND parent_id IS NOT DISTINCT FROM ${v.parentId}::int))
      RETURNING ${COLUMNS}`);
    return rows[0]!;
  }

  static async rename(tx: Tx, eid: number, id: number, name: string, nameEn: string): Promise<void> {
    await tx.execute(sql`UPDATE departments SET name = ${name}, name_en = ${nameEn} WHERE eid = ${eid} AND id = ${id}`);
  }

  /**
   * Puts a department under `parentId` at `index` among its new siblings, numbering the siblings'
   * sort 0, 1, 2… in their order (so positions stay whole numbers however often they move).
   */
  static async place(tx: Tx, eid: number, id: number, parentId: number | null, index: number): Promise<void> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      SELECT id FROM departments
       WHERE eid = ${eid} AND parent_id IS NOT DISTINCT FROM ${parentId}::int AND id <> ${id}
       ORDER BY sort, id`);
    const order = rows.map((r) => Number(r.id));
    order.splice(Math.min(index, order.length), 0, id);
    await tx.execute(sql`
      UPDATE departments d SET parent_id = ${parentId}, sort = o.ord - 1
        FROM unnest(${`{${order.join(',')}}`}::int[]) WITH ORDINALITY AS o(id, ord)
       WHERE d.eid = ${eid} AND d.id = o.id`);
  }

  static async hasChildren(tx: Tx, eid: number, id: number): Promise<boolean> {
    const { rows } = await tx.execute(sql`SELECT 1 FROM departments WHERE eid = ${eid} AND parent_id = ${id} LIMIT 1`);
    return rows.length > 0;
  }

  static async hasMembers(tx: Tx, eid: number, id: number): Promise<boolean> {
    const { rows } = await tx.execute(
      sql`SELECT 1 FROM department_members WHERE eid = ${eid} AND department_id = ${id} LIMIT 1`,
    );
    return rows.length > 0;
  }

  static async delete(tx: Tx, eid: number, id: number): Promise<void> {
    await tx.execute(sql`DELETE FROM departments WHERE eid = ${eid} AND id = ${id}`);
  }
}
