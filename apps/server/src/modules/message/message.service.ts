import { toPage, pageOffset } from '@portal/contract';
import { authorizeMessageView, refuseMessageEdit, type Writer } from './message.policy.ts';
import { presentMessage } from './message.presenter.ts';
import type { MessageRepository } from './message.repository.ts';

/**
 * The message board (decision 015): a learner leaves messages for the site's staff and reads and
 * edits their own. Another person's or another enterprise's message is as unknown as a missing
 * one (404); a message the staff have answered is kept as answered (4101 on edit).
 */
export class MessageService {
  constructor(private readonly repo: MessageRepository) {}

  async saveMessage(w: Writer, input: { title: string; messageContent: string }) {
    return presentMessage(await this.repo.saveMessage(w.eid, w.accountId, input));
  }

  async editMessage(w: Writer, input: { id: number; title: string; messageContent: string }) {
    const { id, ...values } = input;
    const row = await this.repo.editMessage(w.eid, w.accountId, id, values);
    if (row) return presentMessage(row);
    // Not updated: either not mine (or missing), or already answered.
    refuseMessageEdit(await this.repo.viewMessage(w.eid, w.accountId, id));
  }

  async findMessages(w: Writer, q: { pageCurrent: number; pageSize: number; keyword?: string | undefined }) {
    const filter = q.keyword ? { keyword: q.keyword } : {};
    const { rows, total } = await this.repo.findMessages(
      w.eid,
      w.accountId,
      filter,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentMessage), total, q.pageCurrent, q.pageSize);
  }

  async viewMessage(w: Writer, id: number) {
    return presentMessage(authorizeMessageView(await this.repo.viewMessage(w.eid, w.accountId, id)));
  }
}
