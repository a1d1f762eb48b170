import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { learnerOf } from '../../platform/learner.ts';
import { AssistantAdmin } from './assistant-admin.ts';
import { AssistantRepository } from './assistant.repository.ts';
import { AssistantService } from './assistant.service.ts';
import { PassageSearch } from './passage-search.ts';
import { searchIndexOf } from './search-index.ts';

/**
 * The AI study assistant (issue 24 items 3 and 4, decision 061): the learner's questions answered
 * as server-sent events from the enterprise's own courses, periods and news — by its
 * OpenAI-compatible language model, or quoted where none is configured — and their conversations;
 * the back office's settings, models, index and usage. The search index is built for every
 * enterprise that needs it once the server listens (in the background), kept current from the
 * changes the database announces, and the answers being streamed are stopped and stored when the
 * server stops.
 */
export default defineModule({
  name: 'assistant',
  register(gateway, platform) {
    const log = gateway.app.log.child({ module: 'assistant' });
    const onError = (err: unknown, what: string) => log.error({ err }, `assistant: ${what} failed`);
    const repo = new AssistantRepository(platform.db);
    const index = searchIndexOf(platform);
    const { config } = platform;
    const assistant = new AssistantService({
      repo,
      search: new PassageSearch(platform.db),
      index,
      vault: platform.vault,
      log,
      allowInternalHosts: config.AI_ALLOW_PRIVATE_HOSTS,
      connectTimeoutMs: config.AI_CONNECT_TIMEOUT_MS,
      answerTimeoutMs: config.AI_ANSWER_TIMEOUT_MS,
    });
    const admin = new AssistantAdmin({
      repo,
      index,
      vault: platform.vault,
      allowInternalHosts: config.AI_ALLOW_PRIVATE_HOSTS,
      onError,
    });
    // A course (its row, chapters, periods) or an article changed: re-indexed. After the first
    // connection, a gap in the announcements may have hidden changes: every index is rebuilt.
    let listening = false;
    void platform.database.changes.subscribe({
      change: (c) => index.changed(c),
      gap: () => {
        if (listening) void index.buildOutdated(true).catch((err: unknown) => onError(err, 'rebuild after a gap'));
        listening = true;
      },
    });
    // Not in the way of the start: indexes never built (or by another version) are built after listening.
    gateway.app.addHook('onListen', async () => {
      void index
        .buildOutdated()
        .then((n) => n > 0 && log.info(`assistant: search index built for ${n} enterprise(s)`))
        .catch((err: unknown) => onError(err, 'start-up index build'));
    });
    gateway.app.addHook('preClose', async () => {
      await assistant.stopAll();
      await index.stop();
    });

    gateway.call(calls.chatWithAssistant, (q, ctx) => assistant.chat(learnerOf(ctx.session), ctx.lang, q), {
      perMinute: platform.perMinute,
    });
    gateway.call(calls.findAssistantConversations, (q, ctx) => assistant.conversations(learnerOf(ctx.session), q));
    gateway.call(calls.viewAssistantConversation, (q, ctx) => assistant.conversation(learnerOf(ctx.session), q.id));
    gateway.call(calls.deleteAssistantConversation, (q, ctx) =>
      assistant.deleteConversation(learnerOf(ctx.session), q.id),
    );
    gateway.call(calls.clearAssistantConversations, (_q, ctx) => assistant.clearConversations(learnerOf(ctx.session)));
    gateway.call(calls.findAvailableAiModels, (_q, ctx) => assistant.availableModels(ctx.eid));

    gateway.call(calls.viewAssistantSettings, (_q, ctx) => admin.settings(ctx.eid));
    gateway.call(calls.saveAssistantSettings, (q, ctx) => admin.saveSettings(ctx, q));
    gateway.call(calls.findAdminAiModels, (_q, ctx) => admin.models(ctx.eid));
    gateway.call(calls.saveAiModel, (q, ctx) => admin.saveModel(ctx, q));
    gateway.call(calls.deleteAiModel, (q, ctx) => admin.deleteModel(ctx, q.id));
    gateway.call(calls.rebuildAssistantIndex, (_q, ctx) => admin.rebuildIndex(ctx));
    gateway.call(calls.viewAssistantUsage, (q, ctx) => admin.usage(ctx.eid, q.from, q.to));
  },
});
