import { ErrorCode } from '@portal/contract/error-codes';
import type {
  AssistantEvent,
  AssistantMessage,
  AssistantMode,
  AssistantSource,
} from '@portal/contract/calls/assistant';

/**
 * The state of the conversation shown in the assistant's drawer, changed only by `chatReducer`:
 * a question asked, the events of its answer's stream, the learner's stop, a failed or refused
 * call, a conversation opened from the history, a new conversation.
 */

/** waiting: asked, nothing came yet; streaming: the text is coming; then how it ended. */
export type TurnStatus = 'waiting' | 'streaming' | 'done' | 'stopped' | 'failed';

/** One bubble: a question or an answer. */
export interface ChatTurn {
  /** Stable for the bubble's life (the stored ids come later, or never for a refused question). */
  key: string;
  role: 'user' | 'assistant';
  content: string;
  /** An answer's sources, numbered as the text cites them; [] for a question. */
  sources: AssistantSource[];
  status: TurnStatus;
  /** How an answer was made: a language model, or quoted passages (no model configured). */
  mode: AssistantMode | null;
  /** The model's shown name, '' otherwise. */
  model: string;
  /** Why a failed answer failed, in the learner's language. */
  error: string | null;
}

export interface ChatState {
  /** The conversation on the server; null until the first answer starts. */
  conversationId: number | null;
  title: string;
  turns: ChatTurn[];
  /** The key of the answer being streamed, or null. */
  answering: string | null;
  /** The day's questions after the last answer: asked so far, and the limit. */
  quota: { questionsToday: number; dailyLimit: number } | null;
  /**
   * The last question the gateway refused before storing it (the daily limit, the assistant off, a
   * conversation deleted elsewhere): its words go back into the box, the message is shown.
   */
  refusal: { code: number; message: string; question: string } | null;
  /** A conversation of the history is being opened. */
  opening: boolean;
  /** The model the learner chose (kept for the next conversations); null: the default. */
  modelId: number | null;
}

export const emptyChat: ChatState = {
  conversationId: null,
  title: '',
  turns: [],
  answering: null,
  quota: null,
  refusal: null,
  opening: false,
  modelId: null,
};

export type ChatAction =
  /** A question asked: its bubble and its answer's, waiting (`keys`: question, answer). */
  | { type: 'ask'; question: string; keys: [string, string] }
  // The answer's own actions name it (`key`): one of an answer already ended changes nothing.
  | { type: 'event'; key: string; event: AssistantEvent }
  /** The learner stopped the answer: what came stays, marked stopped (the server keeps it so). */
  | { type: 'stopped'; key: string }
  /** The stream ended without its last event, or could not be read: what came stays. */
  | { type: 'failed'; key: string; message: string }
  /** The gateway refused the question before storing it: both bubbles go, the question back in the box. */
  | { type: 'refused'; key: string; code: number; message: string }
  | { type: 'opening' }
  | { type: 'opened'; id: number; title: string; turns: ChatTurn[] }
  /** Opening failed (the request layer said why): the conversation shown stays. */
  | { type: 'notOpened' }
  | { type: 'refusalSeen' }
  | { type: 'model'; id: number | null }
  | { type: 'reset' };

function updateAnswer(state: ChatState, change: (turn: ChatTurn) => ChatTurn): ChatTurn[] {
  return state.turns.map((t) => (t.key === state.answering ? change(t) : t));
}

/** The answer has ended (however): nothing is being streamed any more. */
function settle(state: ChatState, change: (turn: ChatTurn) => ChatTurn): ChatState {
  if (state.answering === null) return state;
  return { ...state, turns: updateAnswer(state, change), answering: null };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  if ('key' in action && action.key !== state.answering) return state;
  switch (action.type) {
    case 'ask': {
      if (state.answering !== null) return state;
      const [q, a] = action.keys;
      const blank = { sources: [], mode: null, model: '', error: null };
      return {
        ...state,
        refusal: null,
        opening: false,
        answering: a,
        turns: [
          ...state.turns,
          { ...blank, key: q, role: 'user', content: action.question, status: 'done' },
          { ...blank, key: a, role: 'assistant', content: '', status: 'waiting' },
        ],
      };
    }
    case 'event':
      return applyEvent(state, action.event);
    case 'stopped':
      return settle(state, (t) => ({ ...t, status: 'stopped' }));
    case 'failed':
      return settle(state, (t) => ({ ...t, status: 'failed', error: action.message }));
    case 'refused': {
      const at = state.turns.findIndex((t) => t.key === state.answering);
      const question = state.turns[at - 1];
      return {
        ...state,
        turns: state.turns.slice(0, Math.max(0, at - 1)),
        answering: null,
        refusal: { code: action.code, message: action.message, question: question?.content ?? '' },
        // The day's questions are used up (the limit may have changed since the count shown).
        quota: action.code === ErrorCode.ASSISTANT_DAILY_LIMIT ? null : state.quota,
      };
    }
    case 'refusalSeen':
      return state.refusal ? { ...state, refusal: null } : state;
    case 'model':
      return { ...state, modelId: action.id };
    case 'opening':
      return { ...state, opening: true };
    case 'opened':
      // Never over an answer being streamed (the drawer stops it first).
      if (state.answering !== null) return { ...state, opening: false };
      return {
        ...emptyChat,
        quota: state.quota,
        modelId: state.modelId,
        conversationId: action.id,
        title: action.title,
        turns: action.turns,
      };
    case 'notOpened':
      return { ...state, opening: false };
    case 'reset':
      return state.answering !== null ? state : { ...emptyChat, quota: state.quota, modelId: state.modelId };
  }
}

function applyEvent(state: ChatState, event: AssistantEvent): ChatState {
  if (state.answering === null) return state;
  switch (event.type) {
    case 'start':
      return {
        ...state,
        conversationId: event.conversationId,
        title: event.title,
        turns: updateAnswer(state, (t) => ({ ...t, mode: event.mode, model: event.model })),
      };
    case 'sources':
      return { ...state, turns: updateAnswer(state, (t) => ({ ...t, sources: event.items })) };
    case 'delta':
      return {
        ...state,
        turns: updateAnswer(state, (t) => ({ ...t, status: 'streaming', content: t.content + event.text })),
      };
    case 'done':
      return {
        ...settle(state, (t) => ({ ...t, status: event.status })),
        conversationId: event.conversationId,
        quota: { questionsToday: event.questionsToday, dailyLimit: event.dailyLimit },
      };
    case 'error':
      return {
        ...settle(state, (t) => ({ ...t, status: 'failed', error: event.message })),
        conversationId: event.conversationId,
      };
  }
}

/**
 * A stored conversation's messages as bubbles; a failed answer's error in the learner's language
 * (`errorText`, the registry's text of its code).
 */
export function turnsOf(messages: AssistantMessage[], errorText: (code: number) => string): ChatTurn[] {
  return messages.map((m) => ({
    key: `m${m.id}`,
    role: m.role,
    content: m.content,
    sources: m.sources,
    status: m.status,
    mode: m.mode,
    model: m.model,
    error: m.status === 'failed' && m.errorCode !== null ? errorText(m.errorCode) : null,
  }));
}

/** A piece of an answer's text: words, or a citation `[n]` of one of its sources. */
export type TextPart = { text: string } | { text: string; source: AssistantSource };

/**
 * An answer's text cut at its citations (`[1]`, `[2]`…), each citation that numbers one of the
 * answer's sources with it; the rest stays text (the answer is shown as text, never as HTML).
 */
export function citationParts(text: string, sources: AssistantSource[]): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[(\d{1,3})\]/g)) {
    const source = sources.find((s) => s.index === Number(m[1]));
    if (!source) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: m[0], source });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * A source's page in the learner's language, or null when its link is not a path of this site
 * (only `/…`, never `//host` or `javascript:`): the server builds them, the page never trusts them.
 */
export function sourceHref(link: string, lang: 'zh' | 'en'): string | null {
  if (!/^\/(?![/\\])[^\s]*$/.test(link)) return null;
  return lang === 'en' ? `/en${link}` : link;
}
