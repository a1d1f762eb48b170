import type { FastifyInstance } from 'fastify';
import { messageEdit, messagePage, messageSave, messageView } from '@portal/contract';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import type { MessageService } from './message.service.ts';

/** The message-board calls (account-area.md section 7): the signed-in learner's own messages. */
export function registerMessageRoutes(
  app: FastifyInstance,
  deps: GatewayDeps,
  messages: MessageService,
  perMinute: number,
): void {
  // Writing is limited per address like sign-in: a message board is a favourite of spam scripts.
  registerCall(app, deps, messageSave, (q, ctx) => messages.save(ctx.session!, q), { perMinute });
  registerCall(app, deps, messageEdit, (q, ctx) => messages.edit(ctx.session!, q), { perMinute });
  registerCall(app, deps, messagePage, (q, ctx) => messages.page(ctx.session!, q));
  registerCall(app, deps, messageView, (q, ctx) => messages.view(ctx.session!, q.id));
}
