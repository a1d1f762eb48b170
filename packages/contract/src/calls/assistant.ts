import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';

/**
 * The AI study assistant (issue 24 item 3, decision 061; account-area.md section 7 "AI chat"),
 * served by the assistant module: a learner asks, the answer is grounded in the session
 * enterprise's own courses, periods and news, streamed as server-sent events, with its sources
 * linked. With a language model configured (any OpenAI-compatible service) the model answers from
 * the passages found; without one the assistant quotes the best passages and says plainly that no
 * model is configured. The back office (item 4) sets the service, the models, the daily limit,
 * rebuilds the index and reads the usage.
 */

/** The longest question (characters, after trimming). */
export const ASSISTANT_QUESTION_MAX = 2000;
/** Messages (questions and answers) one conversation holds; then 9809 asks for a new one. */
export const ASSISTANT_CONVERSATION_MAX_MESSAGES = 200;
/** Questions an account may ask a day (China day) where the enterprise has set nothing. */
export const ASSISTANT_DEFAULT_DAILY_LIMIT = 50;
/** The longest period the usage covers (days). */
export const ASSISTANT_USAGE_MAX_DAYS = 366;

/** What a passage (and so a source) is from. */
export const ASSISTANT_SOURCE_KINDS = ['course', 'period', 'news'] as const;
export type AssistantSourceKind = (typeof ASSISTANT_SOURCE_KINDS)[number];

/**
 * A source an answer draws on. `index` is its number in the answer ([1], [2]…); `link` the page's
 * path without the language prefix (the web app adds /en): a course's page
 * `/knowledge/course/info?id=`, a period in the player `/watch/course?id=&periodId=`, a news article
 * `/news/detail?id=`.
 */
export const assistantSource = z.object({
  index: z.number().int().min(1),
  kind: z.enum(ASSISTANT_SOURCE_KINDS),
  title: z.string(),
  link: z.string(),
  courseId: z.number().int().nullable(),
  periodId: z.number().int().nullable(),
  newsId: z.number().int().nullable(),
  /** The passage's words the answer drew on, trimmed. */
  excerpt: z.string(),
});
export type AssistantSource = z.infer<typeof assistantSource>;

/** Tokens an answer used: the service's count when it gives one, else an estimate (`estimated`). */
export const assistantUsage = z.object({
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  estimated: z.boolean(),
});
export type AssistantUsage = z.infer<typeof assistantUsage>;

/** `model`: a language model answered; `extractive`: the built-in answer from the passages found. */
export const ASSISTANT_MODES = ['model', 'extractive'] as const;
export type AssistantMode = (typeof ASSISTANT_MODES)[number];

/** done: answered in full; stopped: the learner stopped it (what came is kept); failed: the service failed. */
export const ASSISTANT_ANSWER_STATUSES = ['done', 'stopped', 'failed'] as const;
export type AssistantAnswerStatus = (typeof ASSISTANT_ANSWER_STATUSES)[number];

/**
 * One event of the chat's stream, in this order: `start` (the conversation, made for a first
 * question, and the question stored), `sources` (the passages found, numbered), `delta`s (the
 * answer's text as it comes), then `done` — or `error` (the service failed or took too long: the
 * code and the message in the learner's language; what came before it is kept).
 */
export const assistantEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    conversationId: z.number().int(),
    /** The conversation's title (its first question, shortened). */
    title: z.string(),
    /** The stored question's id. */
    questionId: z.number().int(),
    mode: z.enum(ASSISTANT_MODES),
    /** The model's shown name; '' for the extractive answer. */
    model: z.string(),
  }),
  z.object({ type: z.literal('sources'), items: z.array(assistantSource) }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    conversationId: z.number().int(),
    /** The stored answer's id. */
    messageId: z.number().int(),
    status: z.enum(ASSISTANT_ANSWER_STATUSES),
    usage: assistantUsage,
    /** Questions asked today (this one included) and the day's limit. */
    questionsToday: z.number().int(),
    dailyLimit: z.number().int(),
  }),
  z.object({
    type: z.literal('error'),
    code: z.number().int(),
    message: z.string(),
    conversationId: z.number().int(),
    /** The stored (failed) answer's id, null when nothing could be stored. */
    messageId: z.number().int().nullable(),
  }),
]);
export type AssistantEvent = z.infer<typeof assistantEvent>;

export const chatWithAssistant = defineCall({
  name: 'chatWithAssistant',
  method: 'POST',
  path: '/course/auth/ai-chat/chat',
  summary:
    "Asks the study assistant: answered as server-sent events (start, sources, delta…, done or error) from the enterprise's own courses, periods and news; a first question starts a conversation. Counted against the account's daily limit (9801); closing the connection stops the answer, keeping what came",
  tags: ['assistant'],
  request: z.object({
    /** The conversation to continue; none starts a new one. */
    conversationId: id.optional(),
    content: z.string().trim().min(1).max(ASSISTANT_QUESTION_MAX),
    /** One of the available models; none: the first. Ignored where no model is configured. */
    modelId: id.optional(),
  }),
  response: assistantEvent,
  stream: 'events',
});

export const assistantMessage = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** An answer's sources; [] for a question. */
  sources: z.array(assistantSource),
  /** An answer's status; 'done' for a question. */
  status: z.enum(ASSISTANT_ANSWER_STATUSES),
  /** A failed answer's error code, else null. */
  errorCode: z.number().int().nullable(),
  mode: z.enum(ASSISTANT_MODES).nullable(),
  /** The model's shown name when a model answered, else ''. */
  model: z.string(),
  usage: assistantUsage.nullable(),
  createdAt: z.string(),
});
export type AssistantMessage = z.infer<typeof assistantMessage>;

export const assistantConversation = z.object({
  id: z.number().int(),
  title: z.string(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  /** The last question or answer. */
  updatedAt: z.string(),
});
export type AssistantConversation = z.infer<typeof assistantConversation>;

export const findAssistantConversations = defineCall({
  name: 'findAssistantConversations',
  method: 'GET',
  path: '/course/auth/ai-chat/record',
  summary: "The signed-in learner's conversations with the assistant in the session's enterprise, latest first",
  tags: ['assistant'],
  request: z.object(paging(20, 100)),
  response: pageResponse(assistantConversation),
});

export const viewAssistantConversation = defineCall({
  name: 'viewAssistantConversation',
  method: 'GET',
  path: '/course/auth/ai-chat/detail',
  summary: "One of the learner's conversations with its questions and answers in order (9802 when not theirs)",
  tags: ['assistant'],
  request: z.object({ id }),
  response: assistantConversation.extend({ messages: z.array(assistantMessage) }),
});

export const deleteAssistantConversation = defineCall({
  name: 'deleteAssistantConversation',
  method: 'POST',
  path: '/course/auth/ai-chat/delete',
  summary: "Deletes one of the learner's conversations (9802 when not theirs); the day's question count stays",
  tags: ['assistant'],
  request: z.object({ id }),
  requestIn: 'query',
  response: z.null(),
});

export const clearAssistantConversations = defineCall({
  name: 'clearAssistantConversations',
  method: 'POST',
  path: '/course/auth/ai-chat/clear',
  summary: "Deletes all the learner's conversations in the session's enterprise; the day's question count stays",
  tags: ['assistant'],
  request: z.object({}),
  response: z.object({ deleted: z.number().int() }),
});

export const availableAiModel = z.object({
  id: z.number().int(),
  /** The shown name. */
  label: z.string(),
  /** The first model answers when the learner picks none. */
  isDefault: z.boolean(),
});
export type AvailableAiModel = z.infer<typeof availableAiModel>;

export const findAvailableAiModels = defineCall({
  name: 'findAvailableAiModels',
  method: 'GET',
  path: '/system/auth/ai-model/list/available',
  summary:
    'The language models the enterprise has enabled, the default first; [] where none is configured (the assistant then quotes the passages it finds)',
  tags: ['assistant'],
  request: z.object({}),
  response: z.array(availableAiModel),
});

// ---- The back office (issue 24 item 4): the assistant's settings, models, index and usage ----

/** The service's address: http(s), no credentials in it (the key is its own field). */
const baseUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s/@]+(\/\S*)?$/i.test(v), {
    error: 'An http(s) address without a user name',
  })
  .describe('The OpenAI-compatible service, e.g. https://api.deepseek.com/v1; empty: none');

export const assistantIndexState = z.object({
  /** ISO 8601 of the last full build; null: never built. */
  indexedAt: z.string().nullable(),
  /** Passages the index holds now. */
  passages: z.number().int(),
  /** A rebuild was asked for and has not finished. */
  rebuilding: z.boolean(),
});

export const assistantSettings = z.object({
  /** Learners may ask (off: 9808). */
  enabled: z.boolean(),
  baseUrl: z.string(),
  /** Whether a key is stored: the key itself is never answered. */
  apiKeySet: z.boolean(),
  /** Questions an account may ask a China day. */
  dailyLimit: z.number().int(),
  /** Answers come from a model (a service set and a model enabled), else the built-in extractive answer. */
  mode: z.enum(ASSISTANT_MODES),
  index: assistantIndexState,
});
export type AssistantSettings = z.infer<typeof assistantSettings>;

export const viewAssistantSettings = defineCall({
  name: 'viewAssistantSettings',
  method: 'GET',
  path: '/course/auth/admin/ai/settings',
  summary:
    "The assistant's settings: on or off, the service's address, whether a key is set (never the key), the daily limit and the index",
  tags: ['assistant-admin'],
  request: z.object({}),
  response: assistantSettings,
});

export const saveAssistantSettings = defineCall({
  name: 'saveAssistantSettings',
  method: 'POST',
  path: '/course/auth/admin/ai/settings/save',
  summary:
    'Saves the settings: a key given replaces the stored one, none keeps it unless the address moves to another host (then it is dropped: a key is sent only where it was given for); clearApiKey drops it',
  tags: ['assistant-admin'],
  request: z.object({
    enabled: z.boolean(),
    baseUrl,
    apiKey: z.string().trim().max(500).optional(),
    clearApiKey: z.boolean().default(false),
    dailyLimit: z.number().int().min(1).max(100_000),
  }),
  response: assistantSettings,
});

export const adminAiModel = z.object({
  id: z.number().int(),
  /** The model's name at the service (deepseek-chat, qwen-plus, llama3.1…). */
  name: z.string(),
  label: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** The longest answer asked of the model (tokens). */
  maxTokens: z.number().int(),
  updatedAt: z.string(),
});
export type AdminAiModel = z.infer<typeof adminAiModel>;

export const findAdminAiModels = defineCall({
  name: 'findAdminAiModels',
  method: 'GET',
  path: '/system/auth/admin/ai-model/list',
  summary: "The enterprise's language models, enabled or not, in their order",
  tags: ['assistant-admin'],
  request: z.object({}),
  response: z.array(adminAiModel),
});

export const saveAiModel = defineCall({
  name: 'saveAiModel',
  method: 'POST',
  path: '/system/auth/admin/ai-model/save',
  summary:
    'Adds a model (no id) or changes one; a name once per enterprise (9812); enabling one needs the service address (9811)',
  tags: ['assistant-admin'],
  request: z.object({
    id: id.optional(),
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[\w.:/@+-]+$/, { error: 'Letters, digits and . _ : / @ + - only' }),
    label: z.string().trim().min(1).max(50),
    enabled: z.boolean(),
    sort: z.number().int().min(0).max(9999).default(0),
    maxTokens: z.number().int().min(64).max(32_000).default(1024),
  }),
  response: adminAiModel,
});

export const deleteAiModel = defineCall({
  name: 'deleteAiModel',
  method: 'POST',
  path: '/system/auth/admin/ai-model/delete',
  summary: 'Deletes a model (9813 when there is none); answers stored keep its name',
  tags: ['assistant-admin'],
  request: z.object({ id }),
  response: z.null(),
});

export const rebuildAssistantIndex = defineCall({
  name: 'rebuildAssistantIndex',
  method: 'POST',
  path: '/course/auth/admin/ai/index/rebuild',
  summary:
    "Rebuilds the search index of the enterprise's courses, periods and news in the background (learners keep the current one until it is done); answers the index's state",
  tags: ['assistant-admin'],
  request: z.object({}),
  response: assistantIndexState,
});

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const assistantUsageDay = z.object({
  day: z.string(),
  questions: z.number().int(),
  /** Accounts that asked that day. */
  learners: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
});

export const viewAssistantUsage = defineCall({
  name: 'viewAssistantUsage',
  method: 'GET',
  path: '/course/auth/admin/ai/usage',
  summary:
    'Questions and tokens by China day over a period (at most 366 days: 9526), its totals, and the ten learners who asked most',
  tags: ['assistant-admin'],
  request: z.object({ from: day, to: day }),
  response: z.object({
    days: z.array(assistantUsageDay),
    totals: assistantUsageDay.omit({ day: true }),
    top: z.array(
      z.object({
        accountId: z.number().int(),
        name: z.string(),
        questions: z.number().int(),
        promptTokens: z.number().int(),
        completionTokens: z.number().int(),
      }),
    ),
  }),
});
