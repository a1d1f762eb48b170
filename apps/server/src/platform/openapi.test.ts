import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_PREFIX, allCalls } from '@portal/contract';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { buildOpenApi } from './openapi.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Operation {
  operationId: string;
  security: unknown[];
  'x-access': string;
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<
    string,
    { content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }> }
  >;
}
interface Document {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

async function served(): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url: '/gateway/docs/json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as Document;
}

describe('GET /gateway/docs/json', () => {
  it('is an OpenAPI 3.1 document with every call of the contract under /gateway, and nothing else', async () => {
    const doc = await served();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(allCalls.length).toBeGreaterThan(10);
    for (const call of allCalls) {
      const path = GATEWAY_PREFIX + call.path;
      const op = doc.paths[path]?.[call.method.toLowerCase()];
      expect(op, `${call.method} ${path}`).toBeDefined();
      expect(op!.operationId).toBe(call.name);
    }
    const expected = new Set(allCalls.map((c) => `${c.method.toLowerCase()} ${GATEWAY_PREFIX}${c.path}`));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(new Set(documented)).toEqual(expected);
  });

  it('marks session and admin calls as needing the token, public calls as open, visitor-mode calls as either', async () => {
    const doc = await served();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['token', 'tokenCookie']);
    for (const call of allCalls) {
      const op = doc.paths[GATEWAY_PREFIX + call.path]![call.method.toLowerCase()]!;
      if (call.access === 'session' || call.access === 'account' || call.access === 'admin')
        expect(op.security, call.name).toEqual([{ token: [] }, { tokenCookie: [] }]);
      else if (call.access === 'visitor')
        expect(op.security, call.name).toEqual([{}, { token: [] }, { tokenCookie: [] }]);
      else expect(op.security, call.name).toEqual([]);
      expect(op['x-access'], call.name).toBe(call.access);
    }
  });

  it('describes query parameters of GET calls, bodies of POST calls, the platform header and the envelope', async () => {
    const doc = await served();
    const domain = doc.paths['/gateway/system/api/website/domain']!.get!;
    expect(domain.parameters).toContainEqual(expect.objectContaining({ name: 'eid', in: 'query', required: true }));
    const view = doc.paths['/gateway/system/api/website/view']!.get!;
    expect(view.parameters).toContainEqual(expect.objectContaining({ name: 'eid', in: 'query', required: false }));
    expect(view.parameters).toContainEqual(
      expect.objectContaining({ name: 'platform', in: 'header', required: false }),
    );
    const agreement = doc.paths['/gateway/system/api/website/agreement']!.get!;
    expect(agreement.parameters).toContainEqual(expect.objectContaining({ name: 'type', in: 'query', required: true }));

    const region = doc.paths['/gateway/system/api/region/list']!.post!;
    expect(region.parameters).toContainEqual(
      expect.objectContaining({ name: 'platform', in: 'header', required: true }),
    );
    expect(Object.keys(region.requestBody!.content['application/json']!.schema.properties ?? {}).sort()).toEqual([
      'depth',
      'kind',
    ]);

    const envelope = view.responses['200']!.content['application/json']!.schema;
    expect(envelope.required).toEqual(['code', 'message', 'data']);
    expect(Object.keys(envelope.properties).sort()).toEqual(['code', 'data', 'message']);
  });

  it('is the document buildOpenApi generates from the contract', async () => {
    const doc = await served();
    expect(doc.paths).toEqual(JSON.parse(JSON.stringify(buildOpenApi().paths)));
  });

  it('is also served as YAML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gateway/docs/yaml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/gateway/system/api/website/view');
  });
});

describe('GET /gateway/docs', () => {
  it('answers the Swagger UI page as HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gateway/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<!DOCTYPE html>/i);
    expect(res.body).toMatch(/swagger/i);
  });

  it('its initializer points at the served JSON document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gateway/docs/static/swagger-initializer.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/json/);
  });
});
