import { chatWithAssistant, viewAssistantConversation, type AssistantEvent } from '@portal/contract/calls/assistant';
import type { CallResponse } from '@portal/contract/call';
import { errorText } from '@portal/contract/errors';
import { ApiError, request } from '../../lib/api.ts';
import { pick } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/navigation.ts';
import { isAbort } from '../../lib/use-call.ts';
import { assistantMessages } from './assistant-messages.ts';
import { chatReducer, emptyChat, turnsOf, type ChatAction, type ChatState } from './chat-state.ts';
import { StreamFailure, streamCall } from './chat-stream.ts';

/** What the session calls: the streamed chat and the conversation's detail (tests give their own). */
export interface ChatDeps {
  stream: (
    input: { content: string; conversationId?: number; modelId?: number },
    options: { signal: AbortSignal; onEvent: (event: AssistantEvent) => void },
  ) => Promise<void>;
  view: (id: number, signal: AbortSignal) => Promise<CallResponse<typeof viewAssistantConversation>>;
}

const gatewayDeps: ChatDeps = {
  stream: (input, options) => streamCall(chatWithAssistant, input, options),
  view: (id, signal) => request(viewAssistantConversation, { id }, { signal }),
};

/**
 * The learner's conversation with the assistant, outside any component: the float window's, the
 * course page's and the player's drawers show the same one, and an answer goes on streaming while
 * its drawer is closed or the learner moves to another page. One session per signed-in person
 * (`chatSessionFor`).
 */
export class ChatSession {
  private state: ChatState = emptyChat;
  private readonly listeners = new Set<() => void>();
  /** The answer's stream (aborted to stop it) or the conversation being opened. */
  private controller: AbortController | null = null;
  private keys = 0;

  constructor(private readonly deps: ChatDeps = gatewayDeps) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): ChatState => this.state;

  private dispatch(action: ChatAction): void {
    const next = chatReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const l of this.listeners) l();
  }

  /**
   * Asks in the conversation shown (a new one when none): the answer streams into the state. Does
   * nothing while an answer is streaming. Resolves when the answer has ended, however it ended.
   */
  async ask(question: string, options: { lang: Lang; modelId?: number | undefined }): Promise<void> {
    const content = question.trim();
    if (!content || this.state.answering !== null) return;
    this.controller?.abort(); // a conversation being opened is no longer wanted
    const controller = new AbortController();
    this.controller = controller;
    const n = ++this.keys;
    const key = `a${n}`;
    const { conversationId } = this.state;
    this.dispatch({ type: 'ask', question: content, keys: [`q${n}`, key] });
    const t = pick(assistantMessages, options.lang);
    try {
      await this.deps.stream(
        {
          content,
          ...(conversationId !== null ? { conversationId } : {}),
          ...(options.modelId !== undefined ? { modelId: options.modelId } : {}),
        },
        { signal: controller.signal, onEvent: (event) => this.dispatch({ type: 'event', key, event }) },
      );
      // Ended without `done` or `error` (nothing happens if one came): the server went away mid-answer.
      this.dispatch({ type: 'failed', key, message: t.interrupted });
    } catch (err) {
      if (controller.signal.aborted) this.dispatch({ type: 'stopped', key });
      else if (err instanceof ApiError) this.dispatch({ type: 'refused', key, code: err.code, message: err.message });
      else if (err instanceof StreamFailure) {
        this.dispatch({ type: 'failed', key, message: err.reason === 'timeout' ? t.timeout : t.interrupted });
      } else {
        console.error(err);
        this.dispatch({ type: 'failed', key, message: t.interrupted });
      }
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  /**
   * Stops the answer being streamed, at once: the connection closes (the server keeps what came,
   * as stopped) and the answer shows as stopped; a conversation being opened is no longer wanted.
   */
  stop(): void {
    this.controller?.abort();
    this.controller = null;
    const key = this.state.answering;
    if (key !== null) this.dispatch({ type: 'stopped', key });
  }

  /** Shows a conversation of the history (the answer being streamed is stopped first). */
  async open(id: number, lang: Lang): Promise<void> {
    this.stop();
    const controller = new AbortController();
    this.controller = controller;
    this.dispatch({ type: 'opening' });
    try {
      const c = await this.deps.view(id, controller.signal);
      if (controller.signal.aborted) return;
      const turns = turnsOf(c.messages, (code) => errorText(code, lang));
      this.dispatch({ type: 'opened', id: c.id, title: c.title, turns });
    } catch (err) {
      // Shown by the request layer (9802: deleted meanwhile). Aborted: something else was wanted.
      if (controller.signal.aborted) return;
      if (!isAbort(err) && !(err instanceof ApiError)) console.error(err);
      this.dispatch({ type: 'notOpened' });
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  /** A new conversation (the answer being streamed is stopped first). */
  reset(): void {
    this.stop();
    this.dispatch({ type: 'reset' });
  }

  /** The model the next questions ask (null: the default), kept for the learner's next conversations. */
  chooseModel(id: number | null): void {
    this.dispatch({ type: 'model', id });
  }

  /** The refusal's message was read (the learner typed again or closed it). */
  dismissRefusal(): void {
    this.dispatch({ type: 'refusalSeen' });
  }

  /** Conversations deleted from the history (`null`: all): the one shown goes if it was one of them. */
  forget(id: number | null): void {
    const shown = this.state.conversationId;
    if (shown !== null && (id === null || id === shown)) this.reset();
  }

  /** The person signed out or another signed in: nothing goes on streaming for them. */
  dispose(): void {
    this.stop();
    this.listeners.clear();
  }
}

let current: { owner: string; session: ChatSession } | null = null;

/** The chat session of the signed-in person (`owner`: who, in which enterprise); another person gets a new one. */
export function chatSessionFor(owner: string): ChatSession {
  if (current?.owner !== owner) {
    current?.session.dispose();
    current = { owner, session: new ChatSession() };
  }
  return current.session;
}
