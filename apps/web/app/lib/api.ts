// Only light modules of the contract here: this file is in every page's first load, and the call
// definitions (with their zod schemas) are imported by the features that use them.
import {
  GATEWAY_PREFIX,
  fillPath,
  isOpenAccess,
  type CallDef,
  type CallRequest,
  type CallResponse,
} from '@portal/contract/call';
import type { WebsiteInfo } from '@portal/contract/calls/system';
import type { Envelope } from '@portal/contract/envelope';
import { ErrorCode, SUCCESS_CODES } from '@portal/contract/error-codes';
import { HTTP_TIMEOUT_MS, NO_DISPOSE_FLAG, PLATFORM_HEADER_VALUE, TOAST_DEDUPE_MS } from '@portal/contract/constants';
import { startLoading } from './loading.ts';
import { isPublicPath, localePath, pathLang, type Lang } from './navigation.ts';

/**
 * The request layer (platform.md sections 7 and 8): every browser call to the gateway goes through
 * `request`. It sends the three headers, applies the timeout, shows the loading bar, returns `data`
 * for success codes, and handles every error code of the catalogue in one place.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What the request layer needs from the page: antd's message and modal, navigation, the site. */
export interface RequestUi {
  toastError(text: string): void;
  dialog(options: { title: string; content: string; okText: string; onOk?: () => void }): void;
  navigate(to: string): void;
  /** Loads another document: nothing of this page's state survives (a disabled account's sign-out). */
  leave(to: string): void;
  website(): WebsiteInfo | undefined;
  domain(): string;
  /** Forget the signed-in state kept in the page (user info, personal-confirmation flag). */
  clearSession(): void;
}

let ui: RequestUi | undefined;
export function bindRequestUi(next: RequestUi | undefined): void {
  ui = next;
}

/** Codes rejected with no message at all (platform.md section 8). */
const SILENT_CODES: readonly number[] = [8004, 3052, 7603, 7610];
export const SIGN_IN_CODES: readonly number[] = [301, 305, 307];

const lastToast = new Map<string, number>();

/** Shows an error toast unless the same text was shown within the last 2 seconds. */
export function toastOnce(text: string, now = Date.now()): boolean {
  const last = lastToast.get(text);
  if (last !== undefined && now - last < TOAST_DEDUPE_MS) return false;
  lastToast.set(text, now);
  for (const [k, t] of lastToast) if (now - t >= TOAST_DEDUPE_MS) lastToast.delete(k);
  ui?.toastError(text);
  return true;
}

function currentLang(): Lang {
  return typeof window === 'undefined' ? 'zh' : pathLang(window.location.pathname);
}

const TEXTS = {
  zh: {
    notice: '温馨提示',
    ok: '确定',
    timeout: '请求超时，请稍后再试',
    network: '网络繁忙，请稍后再试',
    // 3001's text of the registry (errors.ts), kept here so the request layer loads no registry.
    passwordFormat: '密码格式错误，密码为8~20位包含英文大、小写字母和数字或特殊字符的组合',
  },
  en: {
    notice: 'Notice',
    passwordFormat:
      'Wrong password format: 8 to 20 characters with upper and lower case letters and digits or special characters',
    ok: 'OK',
    timeout: 'The request timed out, please try again later',
    network: 'Network busy, please try again later',
  },
} as const;

/** The catalogue of platform.md section 8, for one error envelope. Always rejects. */
export function handleErrorEnvelope(env: Envelope): never {
  const lang = currentLang();
  const t = TEXTS[lang];
  const here = typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
  switch (true) {
    case env.code === ErrorCode.PASSWORD_FORMAT:
      toastOnce(t.passwordFormat);
      break;
    case SIGN_IN_CODES.includes(env.code): {
      ui?.clearSession();
      const publicHere = env.code === ErrorCode.NOT_SIGNED_IN && isPublicPath(window.location.pathname);
      if (!publicHere) {
        const login = localePath('/login', lang);
        ui?.navigate(
          here && !isPublicPath(window.location.pathname) ? `${login}?redirect=${encodeURIComponent(here)}` : login,
        );
      }
      break;
    }
    case env.code === ErrorCode.ACCOUNT_DISABLED:
      ui?.dialog({
        title: t.notice,
        content: env.message,
        okText: t.ok,
        onOk: () => {
          ui?.clearSession();
          ui?.leave(localePath('/login', lang));
        },
      });
      break;
    case env.code === ErrorCode.CHOOSE_ENTERPRISE:
      ui?.navigate(localePath('/company', lang));
      break;
    case env.code === ErrorCode.ADMISSION_TICKET_NOT_PRINTABLE && ui?.website()?.tenantCode === 'SFJ':
      ui?.dialog({
        title: t.notice,
        content: ui.website()?.individuationOptions.admissionTicketPrintTime || env.message,
        okText: t.ok,
      });
      break;
    case SILENT_CODES.includes(env.code):
      break;
    default:
      if (env.message) toastOnce(env.message);
  }
  throw new ApiError(env.code, env.message, env.data);
}

function hasNoDispose(input: unknown): boolean {
  return typeof input === 'object' && input !== null && NO_DISPOSE_FLAG in input;
}

function withoutFlag(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null) return {};
  const { [NO_DISPOSE_FLAG]: _flag, ...rest } = input as Record<string, unknown>;
  return rest;
}

/**
 * Uploads one file to a multipart call (platform.md section 7: upload progress reported), with the
 * request layer's headers and error handling. `onProgress` gets 0 to 100.
 */
export function upload<C extends CallDef>(
  call: C,
  file: Blob,
  options: {
    field: string;
    filename: string;
    onProgress?: (percent: number) => void;
    /** The call's input beside the file (a multipart call takes it in the query). */
    query?: Record<string, string>;
  },
): Promise<CallResponse<C>> {
  const lang = currentLang();
  const qs = new URLSearchParams(options.query);
  const eid = ui?.website()?.eid;
  if (isOpenAccess(call.access) && eid !== undefined) qs.set('eid', String(eid));
  const body = new FormData();
  body.append(options.field, file, options.filename);
  const done = startLoading();
  return new Promise<Envelope>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(call.method, GATEWAY_PREFIX + call.path + ([...qs].length ? `?${qs}` : ''));
    if (ui) xhr.setRequestHeader('domain', ui.domain());
    xhr.setRequestHeader('platform', PLATFORM_HEADER_VALUE);
    xhr.setRequestHeader('lang', lang);
    xhr.timeout = HTTP_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Envelope);
      } catch {
        reject(new Error('not an envelope'));
      }
    };
    xhr.onerror = xhr.ontimeout = () => reject(new Error('network'));
    xhr.send(body);
  })
    .catch(() => {
      const t = TEXTS[lang];
      toastOnce(t.network);
      throw new ApiError(ErrorCode.INTERNAL, t.network);
    })
    .then((env) => (SUCCESS_CODES.includes(env.code) ? (env.data as CallResponse<C>) : handleErrorEnvelope(env)))
    .finally(done);
}

interface RequestOptions {
  signal?: AbortSignal;
  /** Skip the loading bar (background polling). */
  quiet?: boolean;
  /** Let the request outlive the page (a report sent as the page is left: pagehide, route change). */
  keepalive?: boolean;
}

/**
 * The address and fetch options of one call (platform.md section 7): the platform, domain and
 * language headers, the input in the query or the body (a path parameter filled from it) and a
 * public call's enterprise. `request` sends it, and so does the reader of a streamed call
 * (features/assistant/chat-stream.ts), which keeps its signal and reads the body itself.
 */
export function callFetch(call: CallDef, input: unknown): { url: string; init: RequestInit } {
  // A path parameter (`{id}`) is filled from the input and left out of the query or body.
  const filled = fillPath(call.path, withoutFlag(input));
  const payload = filled.rest;
  let url = GATEWAY_PREFIX + filled.path;
  const init: RequestInit = {
    method: call.method,
    credentials: 'same-origin',
    headers: {
      // Without the page's site (not bound yet) the server derives the domain from Host.
      ...(ui ? { domain: ui.domain() } : {}),
      platform: PLATFORM_HEADER_VALUE,
      // Messages in the language of the page the user is on.
      lang: currentLang(),
      ...(call.requestIn === 'body' ? { 'content-type': 'application/json' } : {}),
    },
  };
  const qs = new URLSearchParams();
  if (call.requestIn === 'query') {
    for (const [k, v] of Object.entries(payload)) if (v !== undefined && v !== null) qs.set(k, String(v));
  } else {
    init.body = JSON.stringify(payload);
  }
  // Public calls name the page's enterprise: a visitor on another enterprise than the domain's
  // default (?eid=) gets that site's data. Signed in, the server uses the session's enterprise.
  const eid = ui?.website()?.eid;
  if (isOpenAccess(call.access) && eid !== undefined && !qs.has('eid')) qs.set('eid', String(eid));
  if ([...qs].length) url += `?${qs}`;
  return { url, init };
}

/**
 * Calls one contract call from the browser. With `_No_dispose: true` in the input it resolves to
 * the whole envelope, whatever its code (platform.md section 7).
 */
export async function request<C extends CallDef>(
  call: C,
  input: CallRequest<C> & { [NO_DISPOSE_FLAG]: true },
  options?: RequestOptions,
): Promise<Envelope<CallResponse<C>>>;
export async function request<C extends CallDef>(
  call: C,
  input?: CallRequest<C> & { [NO_DISPOSE_FLAG]?: false },
  options?: RequestOptions,
): Promise<CallResponse<C>>;
export async function request(call: CallDef, input?: unknown, options: RequestOptions = {}): Promise<unknown> {
  const raw = hasNoDispose(input);
  const { url, init } = callFetch(call, input);
  if (options.keepalive) init.keepalive = true;
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  init.signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const done = options.quiet ? () => {} : startLoading();
  let env: Envelope;
  try {
    const res = await fetch(url, init);
    env = (await res.json()) as Envelope;
  } catch {
    const t = TEXTS[currentLang()];
    // Given up by the caller: the abort reason goes back untouched, and nothing is shown.
    if (options.signal?.aborted) throw options.signal.reason;
    const text = timeout.aborted ? t.timeout : t.network;
    toastOnce(text);
    throw new ApiError(ErrorCode.INTERNAL, text);
  } finally {
    done();
  }
  // Given up while the answer was read (unmounted, input changed): no toast, no redirect.
  options.signal?.throwIfAborted();
  if (raw) return env;
  if (SUCCESS_CODES.includes(env.code)) return env.data;
  return handleErrorEnvelope(env);
}
