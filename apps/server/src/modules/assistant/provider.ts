import { ErrorCode, type ErrorCodeValue } from '@portal/contract';

/** A message of the conversation as the service takes it. */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  baseUrl: string;
  /** '' for a service without one (a local Ollama): a placeholder is sent. */
  apiKey: string;
  model: string;
  maxTokens: number;
  messages: ChatTurn[];
  /** Aborted when the learner stops (the client went away) or the server stops. */
  signal: AbortSignal;
  /** Until the service answers the request at all (its response headers). */
  connectTimeoutMs: number;
  /** The whole answer, first word to last. */
  answerTimeoutMs: number;
  /** Each piece of the answer as it comes. */
  onDelta: (text: string) => void;
}

/** Tokens as the service counted them (`stream_options.include_usage`), null when it did not say. */
export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

/** The service failed: the registry code the learner is told (in their language), with its params. */
export class ProviderFailure extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly params: Record<string, string> = {},
    options?: { cause?: unknown },
  ) {
    super(`assistant provider failed: ${code}`, options);
  }
}

/** The answer was stopped by `signal` (the learner or the server), not by the service. */
export class ProviderStopped extends Error {
  constructor() {
    super('stopped');
  }
}

/** An HTTP status the service answered, as the learner's error code. */
function codeOfStatus(status: number): ErrorCodeValue {
  if (status === 401 || status === 403) return ErrorCode.ASSISTANT_PROVIDER_KEY_REFUSED;
  if (status === 404) return ErrorCode.ASSISTANT_PROVIDER_MODEL_UNKNOWN;
  if (status === 429) return ErrorCode.ASSISTANT_PROVIDER_BUSY;
  if (status === 408 || status === 504) return ErrorCode.ASSISTANT_PROVIDER_TIMEOUT;
  return ErrorCode.ASSISTANT_PROVIDER_FAILED;
}

/**
 * One answer of an OpenAI-compatible chat service (OpenAI, DeepSeek, Qwen/DashScope, Ollama, vLLM…)
 * through the official `openai` package, loaded when first used: streamed, with no retry (a retry
 * would bill the question twice and keep the learner waiting), stopped when `signal` aborts (the
 * request is aborted, so the service stops generating), bounded by a connect timeout and an
 * answer timeout, and its failures mapped to the registry's codes (ProviderFailure).
 */
export async function streamChat(req: ChatRequest): Promise<ChatUsage | null> {
  const { default: OpenAI, APIError, APIConnectionTimeoutError } = await import('openai');
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (req.signal.aborted) throw new ProviderStopped();
  req.signal.addEventListener('abort', stop, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.answerTimeoutMs);
  try {
    const client = new OpenAI({
      baseURL: req.baseUrl,
      apiKey: req.apiKey || 'none',
      timeout: req.connectTimeoutMs,
      maxRetries: 0,
      logLevel: 'off',
    });
    const stream = await client.chat.completions.create(
      {
        model: req.model,
        messages: req.messages,
        max_tokens: req.maxTokens,
        stream: true,
        stream_options: { include_usage: true },
      },
      { signal: controller.signal },
    );
    let usage: ChatUsage | null = null;
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) req.onDelta(text);
      if (chunk.usage) {
        usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
      }
    }
    // A stream the service ended early because we aborted it ends without an error in some servers.
    if (req.signal.aborted) throw new ProviderStopped();
    if (timedOut) throw new ProviderFailure(ErrorCode.ASSISTANT_PROVIDER_TIMEOUT);
    return usage;
  } catch (err) {
    if (err instanceof ProviderStopped || err instanceof ProviderFailure) throw err;
    if (req.signal.aborted) throw new ProviderStopped();
    if (timedOut || err instanceof APIConnectionTimeoutError) {
      throw new ProviderFailure(ErrorCode.ASSISTANT_PROVIDER_TIMEOUT, {}, { cause: err });
    }
    if (err instanceof APIError && typeof err.status === 'number') {
      throw new ProviderFailure(codeOfStatus(err.status), { model: req.model }, { cause: err });
    }
    throw new ProviderFailure(ErrorCode.ASSISTANT_PROVIDER_FAILED, {}, { cause: err });
  } finally {
    clearTimeout(timer);
    req.signal.removeEventListener('abort', stop);
  }
}

/**
 * Tokens a text is likely to be, where the service did not count them (a stopped answer, a service
 * without usage): a Chinese character about one, other text about one per four characters.
 */
export function estimateTokens(text: string): number {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  return han + Math.ceil((text.length - han) / 4);
}
