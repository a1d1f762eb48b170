import type { FastifyRequest } from 'fastify';
import { ErrorCode, errorText, type Lang } from '@portal/contract';
import { AppError } from './errors.ts';
import { requestLang } from './request-context.ts';

/**
 * Checks every call's raw input before its schema (decision 022), at one place for all calls:
 * the gateway's parse step calls these for the query and the body.
 */

/** The largest id PostgreSQL's `integer` holds; every id column is one. */
const INT32_MAX = 2147483647;

/**
 * A 400 in the shape of the gateway's `badInput`: the message names the first bad field, and
 * data.fields lists every one with its message in the user's language.
 */
function refuse(fields: string[], problem: { zh: string; en: string }, lang: Lang): AppError {
  const first = fields[0]!;
  return new AppError(ErrorCode.BAD_INPUT, {
    data: { fields: fields.map((field) => ({ field, message: problem[lang] })) },
    message: {
      zh: `${errorText(ErrorCode.BAD_INPUT, 'zh')}：${first} ${problem.zh}`,
      en: `${errorText(ErrorCode.BAD_INPUT, 'en')}: ${first}: ${problem.en}`,
    },
  });
}

const NUL_MESSAGE = { zh: '不能包含空字符（U+0000）', en: 'must not contain the NUL character (U+0000)' };

/** The paths (`a.b.0.c`; a key's own path when the key holds the NUL) of strings that hold U+0000. */
export function nulFields(value: unknown, path = '', found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\0')) found.push(path || '(body)');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulFields(item, path ? `${path}.${i}` : String(i), found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\0')) found.push(at);
      nulFields(item, at, found);
    }
  }
  return found;
}

/**
 * Refuses a call whose query or body holds U+0000 anywhere (PostgreSQL cannot store it in text,
 * and no form of the portal sends it): 400 naming the first such field, every one in data.fields.
 */
export function refuseNul(req: FastifyRequest): void {
  refuseNulIn([req.query, req.body], requestLang(req));
}

/** `refuseNul` for input that came another way (a page render's in-process call). */
export function refuseNulIn(inputs: unknown[], lang: Lang): void {
  const fields = [...new Set(inputs.flatMap((input) => nulFields(input)))];
  if (fields.length > 0) throw refuse(fields, NUL_MESSAGE, lang);
}

const EID_MESSAGE = { zh: '不是有效的企业编号', en: 'is not a valid enterprise id' };

/**
 * The input a query call's schema reads: an empty `eid` left out, as `eidFromQuery` reads it (none),
 * where the schema would coerce it to 0 and refuse it.
 */
export function queryInput(query: unknown): unknown {
  if (query === null || typeof query !== 'object' || (query as Record<string, unknown>).eid !== '') return query;
  const { eid: _none, ...rest } = query as Record<string, unknown>;
  return rest;
}

/**
 * The enterprise a public or visitor-mode call names in its query (`?eid=`): absent or empty is
 * none (the domain's default enterprise serves); anything else must be an id PostgreSQL can hold
 * (1 to 2 147 483 647), else 400 like any other bad id (never silently the default enterprise).
 */
export function eidFromQuery(req: FastifyRequest): number | undefined {
  const raw = (req.query as Record<string, unknown> | undefined)?.eid;
  if (raw === undefined || raw === '') return undefined;
  const n = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (Number.isInteger(n) && n > 0 && n <= INT32_MAX) return n;
  throw refuse(['eid'], EID_MESSAGE, requestLang(req));
}
