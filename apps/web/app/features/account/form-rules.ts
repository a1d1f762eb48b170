import type { Rule } from 'antd/es/form';
import { validate, type ValidatorKind } from '@portal/contract/validators';
import type { Lang } from '../../lib/navigation.ts';

/** An antd form rule from a shared validator: the spec's exact required and format messages. */
export function ruleOf(kind: ValidatorKind, lang: Lang, required = true): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const error = validate(kind, typeof value === 'string' ? value : '', { lang, required });
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
}

/** A required text field: trimmed, with the given message when empty. */
export function requiredRule(message: string): Rule {
  return { required: true, whitespace: true, message };
}

/** The confirmation of a new password: required, and equal to the field `of`. */
export function confirmRules(of: string, texts: { confirmRequired: string; confirmMismatch: string }): Rule[] {
  return [
    { required: true, message: texts.confirmRequired },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !value || value === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(texts.confirmMismatch)),
    }),
  ];
}

/**
 * Only a path of this site may be returned to after signing in: parsed as a browser would (tabs
 * and newlines dropped, backslashes as slashes), anything reaching another origin falls back.
 */
export function safeRedirect(raw: string | null, fallback: string): string {
  if (!raw || !raw.startsWith('/')) return fallback;
  const base = 'http://portal.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback;
}

/**
 * `path` passing on the `redirect` a page was opened with (this site's paths only, else the
 * fallback), or `path` alone when it had none: sign-in and registration lead to each other and
 * both back to the page that sent the person (the enrolment page of a shared link, decision 063).
 */
export function passRedirect(path: string, raw: string | null, fallback: string): string {
  return raw ? `${path}?redirect=${encodeURIComponent(safeRedirect(raw, fallback))}` : path;
}
