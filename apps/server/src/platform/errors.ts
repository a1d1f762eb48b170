import { ErrorCode, errorText, type ErrorCodeValue, type Lang } from '@portal/contract';

/**
 * The one error type of the server. A service throws it with a registry code; the gateway turns it
 * into the envelope with the text in the user's language (or the given message).
 */
export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly data: unknown;
  readonly params: Record<string, string | number> | undefined;
  readonly customMessage: { zh: string; en: string } | undefined;

  constructor(
    code: ErrorCodeValue,
    options: {
      data?: unknown;
      params?: Record<string, string | number>;
      message?: { zh: string; en: string };
      cause?: unknown;
    } = {},
  ) {
    super(options.message?.en ?? errorText(code, 'en', options.params), { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.data = options.data ?? null;
    this.params = options.params;
    this.customMessage = options.message;
  }

  messageFor(lang: Lang): string {
    return this.customMessage ? this.customMessage[lang] : errorText(this.code, lang, this.params);
  }
}

/**
 * The row a look-up found, or the error that nothing was found (404 unless a feature names its own
 * code): another learner's or enterprise's id and a missing one answer alike, so ids reveal nothing.
 */
export function requireFound<T>(row: T | null | undefined, code: ErrorCodeValue = ErrorCode.NOT_FOUND): T {
  if (row === null || row === undefined) throw new AppError(code);
  return row;
}
