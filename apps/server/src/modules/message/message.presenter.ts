import type { OnlineMessage } from '@portal/contract';
import type { MessageRow } from './message.repository.ts';

/** A stored message as the contract shows it (the writer and timestamps of edits stay inside). */
export const presentMessage = (r: MessageRow): OnlineMessage => ({
  id: r.id,
  title: r.title,
  messageContent: r.messageContent,
  messageDate: r.createdAt.toISOString(),
  replyContent: r.replyContent,
  repliedAt: r.repliedAt ? r.repliedAt.toISOString() : null,
});
