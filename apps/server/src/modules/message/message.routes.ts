import type { FastifyInstance } from 'fastify';
import { editMessage, findMessages, saveMessage, viewMessage } from '@portal/contract';
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
  registerCall(app, deps, saveMessage, (q, ctx) => messages.save(ctx.session!, q), { perMinute });
  registerCall(app, deps, editMessage, (q, ctx) => messages.edit(ctx.session!, q), { perMinute });
  registerCall(app, deps, findMessages, (q, ctx) => messages.page(ctx.session!, q));
  registerCall(app, deps, viewMessage, (q, ctx) => messages.view(ctx.session!, q.id));
}
