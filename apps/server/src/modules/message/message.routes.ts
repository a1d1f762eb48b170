import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { writerOf } from './message.policy.ts';
import { MessageRepository } from './message.repository.ts';
import { MessageService } from './message.service.ts';
import { MessageAdmin } from './message-admin.ts';

/** The message-board calls (account-area.md section 7): the signed-in learner's own messages. */
export default defineModule({
  name: 'message',
  register(gateway, platform) {
    const messages = new MessageService(new MessageRepository(platform.db));
    // Writing is limited per address like sign-in: a message board is a favourite of spam scripts.
    const limited = { perMinute: platform.perMinute };
    gateway.call(calls.saveMessage, (q, ctx) => messages.saveMessage(writerOf(ctx.session), q), limited);
    gateway.call(calls.editMessage, (q, ctx) => messages.editMessage(writerOf(ctx.session), q), limited);
    gateway.call(calls.findMessages, (q, ctx) => messages.findMessages(writerOf(ctx.session), q));
    gateway.call(calls.viewMessage, (q, ctx) => messages.viewMessage(writerOf(ctx.session), q.id));
    // The back office reads every learner's messages and replies (decision 043).
    const admin = new MessageAdmin(platform.db);
    gateway.call(calls.findAdminMessages, (q, ctx) => admin.findMessages(ctx.eid, q));
    gateway.call(calls.replyMessage, (q, ctx) => admin.replyMessage(ctx, q.id, q.replyContent));
  },
});
