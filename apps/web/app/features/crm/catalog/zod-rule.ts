import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * An antd form rule from a field of the call's own zod schema (packages/contract): the page checks
 * what the gateway checks, with the same message in the page's language.
 */
export const zodRule = (schema: z.ZodType): Rule => ({
  validator: (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? undefined);
    return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message ?? ''));
  },
});
