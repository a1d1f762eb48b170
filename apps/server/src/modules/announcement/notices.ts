import { sql } from 'drizzle-orm';
import { ANNOUNCEMENT_KIND } from '@portal/contract';
import type { Tx } from '@portal/db';

/**
 * A system notice (kind 2) for named members only (`announcement_recipients`): it is in their
 * messages and notices (/account?change=5) and the header's bell, and nobody else's. Published
 * when the transaction commits. `recipients` is given the notice's id and answers whom it is for
 * (a caller notes each reminder under that id first, so a person reminded twice at once gets one);
 * a notice for nobody is not kept.
 */
export async function sendNotice(
  tx: Tx,
  eid: number,
  notice: { title: string; content: string },
  recipients: (noticeId: number) => Promise<readonly number[]>,
): Promise<readonly number[]> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO announcements (eid, kind, title, content, popup, comment_open, published)
    VALUES (${eid}, ${ANNOUNCEMENT_KIND.platform}, ${notice.title}, ${notice.content}, false, false, true)
    RETURNING id`);
  const id = rows[0]!.id;
  const accountIds = await recipients(id);
  if (accountIds.length === 0) {
    await tx.execute(sql`DELETE FROM announcements WHERE eid = ${eid} AND id = ${id}`);
    return accountIds;
  }
  await tx.execute(sql`
    INSERT INTO announcement_recipients (eid, announcement_id, account_id)
    SELECT ${eid}, ${id}, x::int FROM jsonb_array_elements_text(${JSON.stringify(accountIds)}::jsonb) AS x`);
  return accountIds;
}
