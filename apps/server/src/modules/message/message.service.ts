import { ErrorCode, toPage } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import { presentMessage } from './message.presenter.ts';
import type { MessageRepository } from './message.repository.ts';

/** Who is asking: the session's enterprise and account. */
export interface Writer {
  eid: number;
  accountId: number;
}

/**
 * The message board (decision 015): a learner leaves messages for the site's staff and reads and
 * edits their own. Another person's or another enterprise's message is as unknown as a missing
 * one (404); a message the staff have answered is kept as answered (4101 on edit).
 */
export class MessageService {
  constructor(private readonly repo: MessageRepository) {}

  async save(w: Writer, input: { title: string; messageContent: string }) {
    return presentMessage(await this.repo.insert(w.eid, w.accountId, input));
  }

  async edit(w: Writer, input: { id: number; title: string; messageContent: string }) {
    const { id, ...values } = input;
    const row = await this.repo.updateUnreplied(w.eid, w.accountId, id, values);
    if (row) return presentMessage(row);
    // Not updated: either not mine (or missing), or already answered.
    if (await this.repo.find(w.eid, w.accountId, id)) throw new AppError(ErrorCode.MESSAGE_REPLIED);
    throw new AppError(ErrorCode.NOT_FOUND);
  }

  async page(w: Writer, q: { pageCurrent: number; pageSize: number; keyword?: string | undefined }) {
    const filter = q.keyword ? { keyword: q.keyword } : {};
    const { rows, total } = await this.repo.page(
      w.eid,
      w.accountId,
      filter,
      (q.pageCurrent - 1) * q.pageSize,
      q.pageSize,
    );
    return toPage(rows.map(presentMessage), total, q.pageCurrent, q.pageSize);
  }

  async view(w: Writer, id: number) {
    const row = await this.repo.find(w.eid, w.accountId, id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return presentMessage(row);
  }
}
