import {
  ASSISTANT_CONVERSATION_MAX_MESSAGES,
  ErrorCode,
  errorText,
  pageOffset,
  toPage,
  type AssistantConversation,
  type AssistantEvent,
  type AssistantMessage,
  type AssistantSource,
  type AvailableAiModel,
  type ErrorCodeValue,
  type Lang,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { EventStream } from '../../platform/event-stream.ts';
import type { IdCardVault } from '../../platform/id-card-vault.ts';
import type { Learner } from '../../platform/learner.ts';
import { extractiveAnswer, modelPrompt, piecesOf, sourcesOf } from './answers.ts';
import type {
  AnswerToSave,
  AssistantRepository,
  ConversationRow,
  MessageRow,
  ModelRow,
} from './assistant.repository.ts';
import type { PassageSearch } from './passage-search.ts';
import { addressProblem } from './provider-address.ts';
import { estimateTokens, ProviderFailure, ProviderStopped, streamChat, type ChatTurn } from './provider.ts';
import type { SearchIndex } from './search-index.ts';

export interface AssistantOptions {
  repo: AssistantRepository;
  search: PassageSearch;
  index: SearchIndex;
  vault: IdCardVault;
  log: FastifyBaseLogger;
  /** Service addresses on this machine or an internal network are allowed (AI_ALLOW_PRIVATE_HOSTS). */
  allowInternalHosts: boolean;
  connectTimeoutMs: number;
  answerTimeoutMs: number;
}

/** Passages given to a model; quoted by the extractive answer. */
const MODEL_PASSAGES = 5;
const EXTRACTIVE_PASSAGES = 3;
/** Earlier questions and answers a model is given with the question. */
const HISTORY_MESSAGES = 6;
const TITLE_CHARS = 30;

/** A question's first words as its conversation's title. */
const titleOf = (question: string) => {
  const flat = question.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS).join('')}…` : flat;
};

/** The 9810 refusal of an address, its reason in both languages. */
export function addressRefusal(problem: { zh: string; en: string }): AppError {
  return new AppError(ErrorCode.ASSISTANT_PROVIDER_URL_INVALID, {
    message: {
      zh: errorText(ErrorCode.ASSISTANT_PROVIDER_URL_INVALID, 'zh', { reason: problem.zh }),
      en: errorText(ErrorCode.ASSISTANT_PROVIDER_URL_INVALID, 'en', { reason: problem.en }),
    },
  });
}

/** Who answers a question: a model of the enterprise's service with its key, or the extractive answer (null). */
interface Answerer {
  model: ModelRow;
  baseUrl: string;
  apiKey: string;
}

/** A question accepted: counted, stored, in its conversation. */
interface Accepted {
  who: Learner;
  lang: Lang;
  question: MessageRow;
  conversation: ConversationRow;
  day: string;
  questionsToday: number;
  dailyLimit: number;
  answerer: Answerer | null;
}

/**
 * The learner's side of the study assistant (issue 24 item 3, decision 061): questions answered as
 * a stream from the enterprise's own passages — by its language model, or by quoting them where
 * none is configured — and the learner's conversations.
 */
export class AssistantService {
  /** Answers being streamed in this process, stopped (and stored) when it stops. */
  private readonly active = new Map<EventStream<AssistantEvent>, Promise<void>>();

  constructor(private readonly o: AssistantOptions) {}

  /** The models learners may pick; [] where the assistant is off, no service is set or none enabled. */
  async availableModels(eid: number): Promise<AvailableAiModel[]> {
    const settings = await this.o.repo.settingsOf(eid);
    if (!settings.enabled || !settings.baseUrl) return [];
    const models = await this.o.repo.modelsOf(eid, true);
    return models.map((m, i) => ({ id: m.id, label: m.label, isDefault: i === 0 }));
  }

  /**
   * Asks: every refusal (off, unknown model, unusable address, daily limit, unknown or full
   * conversation) comes before the stream, as the envelope; then the question is counted and
   * stored, and the answer streams.
   */
  async chat(
    who: Learner,
    lang: Lang,
    q: { conversationId?: number; content: string; modelId?: number },
  ): Promise<EventStream<AssistantEvent>> {
    const { repo } = this.o;
    const settings = await repo.settingsOf(who.eid);
    if (!settings.enabled) throw new AppError(ErrorCode.ASSISTANT_DISABLED);
    const models = settings.baseUrl ? await repo.modelsOf(who.eid, true) : [];
    const model = q.modelId === undefined ? models[0] : models.find((m) => m.id === q.modelId);
    if (q.modelId !== undefined && !model) throw new AppError(ErrorCode.ASSISTANT_MODEL_NOT_AVAILABLE);
    let answerer: Answerer | null = null;
    if (model) {
      const problem = await addressProblem(settings.baseUrl, this.o.allowInternalHosts);
      if (problem) throw addressRefusal(problem);
      answerer = {
        model,
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey ? this.o.vault.decrypt(settings.apiKey) : '',
      };
    }
    // An enterprise's first question waits for its index (built at start otherwise).
    await this.o.index.ensureBuilt(who.eid, settings.indexedAt);
    const accepted = await repo.db.transaction(async (tx): Promise<Accepted> => {
      const counted = await repo.countQuestion(tx, who, settings.dailyLimit);
      if (!counted) throw new AppError(ErrorCode.ASSISTANT_DAILY_LIMIT, { params: { limit: settings.dailyLimit } });
      let conversation: ConversationRow;
      if (q.conversationId === undefined) {
        conversation = await repo.createConversation(tx, who, titleOf(q.content));
      } else {
        const taken = await repo.takeQuestion(tx, who, q.conversationId, ASSISTANT_CONVERSATION_MAX_MESSAGES);
        if (taken === null) throw new AppError(ErrorCode.ASSISTANT_CONVERSATION_NOT_FOUND);
        if (taken === 'full') {
          throw new AppError(ErrorCode.ASSISTANT_CONVERSATION_FULL, {
            params: { max: ASSISTANT_CONVERSATION_MAX_MESSAGES },
          });
        }
        conversation = taken;
      }
      const question = await repo.insertQuestion(tx, who.eid, conversation.id, q.content);
      return {
        who,
        lang,
        question,
        conversation,
        day: counted.day,
        questionsToday: counted.questions,
        dailyLimit: settings.dailyLimit,
        answerer,
      };
    });
    const events = new EventStream<AssistantEvent>();
    const done = this.answer(accepted, events)
      .catch((err: unknown) => this.o.log.error({ err }, 'assistant answer failed'))
      .finally(() => {
        events.end();
        this.active.delete(events);
      });
    this.active.set(events, done);
    return events;
  }

  /**
   * Streams the answer and stores it however it ends: in full, stopped by the learner (what came
   * is kept, marked stopped), or failed (what came is kept with the error's code; a question the
   * service answered nothing to is given back to the day's count).
   */
  private async answer(a: Accepted, events: EventStream<AssistantEvent>): Promise<void> {
    const { who, lang, conversation, question, answerer } = a;
    events.send({
      type: 'start',
      conversationId: conversation.id,
      title: conversation.title,
      questionId: question.id,
      mode: answerer ? 'model' : 'extractive',
      model: answerer?.model.label ?? '',
    });
    let text = '';
    let sources: AssistantSource[] = [];
    let status: AnswerToSave['status'] = 'done';
    let failure: { code: ErrorCodeValue; params: Record<string, string> } | null = null;
    let tokens = { promptTokens: 0, completionTokens: 0, estimated: false };
    const delta = (piece: string) => {
      text += piece;
      events.send({ type: 'delta', text: piece });
    };
    try {
      const limit = answerer ? MODEL_PASSAGES : EXTRACTIVE_PASSAGES;
      const { passages } = await this.o.search.find(who.eid, question.content, limit);
      sources = sourcesOf(passages);
      events.send({ type: 'sources', items: sources });
      if (!answerer) {
        for (const piece of piecesOf(extractiveAnswer(lang, passages))) {
          if (!events.open) {
            status = 'stopped';
            break;
          }
          delta(piece);
        }
      } else {
        const history: ChatTurn[] = (
          await this.o.repo.historyOf(who.eid, conversation.id, question.id, HISTORY_MESSAGES)
        )
          .filter((m) => m.content && m.status !== 'failed')
          .map((m) => ({ role: m.role, content: m.content }));
        const prompt = modelPrompt(lang, passages, history, question.content);
        try {
          const usage = await streamChat({
            baseUrl: answerer.baseUrl,
            apiKey: answerer.apiKey,
            model: answerer.model.name,
            maxTokens: answerer.model.maxTokens,
            messages: prompt,
            signal: events.signal,
            connectTimeoutMs: this.o.connectTimeoutMs,
            answerTimeoutMs: this.o.answerTimeoutMs,
            onDelta: delta,
          });
          tokens = usage
            ? { ...usage, estimated: false }
            : {
                promptTokens: estimateTokens(prompt.map((t) => t.content).join('\n')),
                completionTokens: estimateTokens(text),
                estimated: true,
              };
        } catch (err) {
          if (!(err instanceof ProviderStopped) && !(err instanceof ProviderFailure)) throw err;
          // Stopped or failed: the service's count never came; what was asked and what came are estimated.
          tokens = {
            promptTokens: estimateTokens(prompt.map((t) => t.content).join('\n')),
            completionTokens: estimateTokens(text),
            estimated: true,
          };
          if (err instanceof ProviderStopped) status = 'stopped';
          else {
            status = 'failed';
            failure = { code: err.code, params: err.params };
            this.o.log.warn(
              { err: err.cause ?? err, eid: who.eid, model: answerer.model.name, code: err.code },
              'assistant provider failed',
            );
          }
        }
      }
    } catch (err) {
      status = 'failed';
      failure = { code: ErrorCode.INTERNAL, params: {} };
      this.o.log.error({ err, eid: who.eid }, 'assistant answer failed');
    }
    const refund = status === 'failed' && text === '';
    let saved: MessageRow | null = null;
    try {
      saved = await this.o.repo.saveAnswer(who, conversation.id, {
        content: text,
        sources,
        status,
        errorCode: failure?.code ?? null,
        mode: answerer ? 'model' : 'extractive',
        model: answerer?.model.label ?? '',
        promptTokens: tokens.promptTokens,
        completionTokens: tokens.completionTokens,
        tokensEstimated: tokens.estimated,
      });
      if (refund || tokens.promptTokens > 0 || tokens.completionTokens > 0) {
        await this.o.repo.settleUsage(who, a.day, refund, tokens.promptTokens, tokens.completionTokens);
      }
    } catch (err) {
      this.o.log.error({ err, eid: who.eid }, 'assistant answer could not be stored');
      failure ??= { code: ErrorCode.INTERNAL, params: {} };
    }
    if (failure || !saved) {
      const code = failure?.code ?? ErrorCode.ASSISTANT_CONVERSATION_NOT_FOUND;
      events.send({
        type: 'error',
        code,
        message: errorText(code, lang, failure?.params),
        conversationId: conversation.id,
        messageId: saved?.id ?? null,
      });
      return;
    }
    events.send({
      type: 'done',
      conversationId: conversation.id,
      messageId: saved.id,
      status,
      usage: tokens,
      questionsToday: a.questionsToday,
      dailyLimit: a.dailyLimit,
    });
  }

  /** Stops every answer being streamed (the server is stopping) and waits until each is stored. */
  async stopAll(): Promise<void> {
    for (const events of this.active.keys()) events.abort(new Error('the server is stopping'));
    await Promise.allSettled([...this.active.values()]);
  }

  async conversations(who: Learner, page: { pageCurrent: number; pageSize: number }) {
    const { rows, total } = await this.o.repo.conversationPage(
      who,
      pageOffset(page.pageCurrent, page.pageSize),
      page.pageSize,
    );
    return toPage(rows.map(presentConversation), total, page.pageCurrent, page.pageSize);
  }

  async conversation(who: Learner, id: number) {
    const row = await this.o.repo.conversationOf(who, id);
    if (!row) throw new AppError(ErrorCode.ASSISTANT_CONVERSATION_NOT_FOUND);
    const messages = await this.o.repo.messagesOf(who.eid, id);
    return { ...presentConversation(row), messages: messages.map(presentMessage) };
  }

  async deleteConversation(who: Learner, id: number): Promise<null> {
    if ((await this.o.repo.deleteConversations(who, id)) === 0) {
      throw new AppError(ErrorCode.ASSISTANT_CONVERSATION_NOT_FOUND);
    }
    return null;
  }

  async clearConversations(who: Learner): Promise<{ deleted: number }> {
    return { deleted: await this.o.repo.deleteConversations(who, null) };
  }
}

function presentConversation(row: ConversationRow): AssistantConversation {
  return {
    id: row.id,
    title: row.title,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentMessage(row: MessageRow): AssistantMessage {
  const answer = row.role === 'assistant';
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    sources: row.sources,
    status: row.status,
    errorCode: row.errorCode,
    mode: answer ? (row.mode ?? 'extractive') : null,
    model: row.model,
    usage: answer
      ? { promptTokens: row.promptTokens, completionTokens: row.completionTokens, estimated: row.tokensEstimated }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}
