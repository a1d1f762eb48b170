import { sql, type SQL } from 'drizzle-orm';

/** `%part%` for ILIKE, the pattern's own characters (`\`, `%`, `_`) taken literally. */
export const likeOf = (part: string) => `%${part.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The back office's filter of a list of members (`u`, an `enterprise_users` alias): in a
 * department (direct members) and matching a part of the name, user name or employee no. Answers
 * `AND …` conditions to add to a WHERE, nothing for no filter.
 */
export function memberFilter(eid: number, f: { departmentId?: number | undefined; keyword?: string | undefined }): SQL {
  const parts: SQL[] = [];
  if (f.departmentId !== undefined) {
    parts.push(sql`AND EXISTS (SELECT 1 FROM department_members m
      WHERE m.eid = ${eid} AND m.account_id = u.account_id AND m.department_id = ${f.departmentId})`);
  }
  if (f.keyword) {
    const like = likeOf(f.keyword);
    parts.push(sql`AND (u.real_name ILIKE ${like} OR u.user_name ILIKE ${like} OR u.employee_no ILIKE ${like})`);
  }
  return sql.join(parts, sql` `);
}
