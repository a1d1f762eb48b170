import { z } from 'zod';
import { GATEWAY_PREFIX, allCalls, isOpenAccess, pathParamsOf, type CallDef } from '@portal/contract';

/** The envelope `{ code, message, data }` with `data` of the given schema. */
const envelopeOf = (data: unknown) => ({
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: { code: { type: 'integer' }, message: { type: 'string' }, data },
});

/** The OpenAPI 3.1 document, generated from the contract's zod schemas (never hand-written). */
export function buildOpenApi(calls: CallDef[] = allCalls): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const method = call.method.toLowerCase();
    const reqSchema = z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    const dataSchema = z.toJSONSchema(call.response, { io: 'output', unrepresentable: 'any' });
    const op: Record<string, unknown> = {
      operationId: call.name,
      summary: call.summary,
      tags: call.tags,
      // Session and account calls need the token; visitor calls take it where visitor mode is off.
      security: isOpenAccess(call.access)
        ? call.access === 'visitor'
          ? [{}, { token: [] }, { tokenCookie: [] }]
          : []
        : [{ token: [] }, { tokenCookie: [] }],
      'x-access': call.access,
      parameters: [
        {
          name: 'domain',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          description: 'Registrable domain of the site',
        },
        { name: 'platform', in: 'header', required: call.method !== 'GET', schema: { const: 'WEB-CLIENT' } },
      ],
      responses: {
        200: call.stream
          ? {
              description:
                'Server-sent events, each `data:` line one JSON event of the schema; a refusal before the stream starts is the envelope',
              content: {
                'text/event-stream': { schema: dataSchema },
                'application/json': { schema: envelopeOf({}) },
              },
            }
          : {
              description: 'The envelope; `code` 200 or 3300 is success, any other code is an error of the registry',
              content: { 'application/json': { schema: envelopeOf(dataSchema) } },
            },
      },
    };
    if (call.requestIn === 'query') {
      const required = new Set(reqSchema.required ?? []);
      const inPath = new Set(pathParamsOf(call.path));
      for (const [name, schema] of Object.entries(reqSchema.properties ?? {})) {
        const where = inPath.has(name) ? 'path' : 'query';
        (op.parameters as unknown[]).push({
          name,
          in: where,
          required: where === 'path' || required.has(name),
          schema,
        });
      }
    } else {
      op.requestBody = { required: false, content: { 'application/json': { schema: reqSchema } } };
    }
    (paths[GATEWAY_PREFIX + call.path] ??= {})[method] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Learning portal gateway',
      version: '1',
      description:
        'Every response is `{ code, message, data }`. The HTTP status is 200 for every outcome the API meant to produce; 413, 429 and 5xx keep their status.',
    },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        tokenCookie: { type: 'apiKey', in: 'cookie', name: 'token' },
      },
    },
    paths,
  };
}
