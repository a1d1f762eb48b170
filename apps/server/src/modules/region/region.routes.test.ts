import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRegions as findRegionsCall, type CallRequest, type RegionNode } from '@portal/contract';
import {
  clientHeaders,
  createTestApp,
  invalidFields,
  unchecked,
  type TestApp,
  type Unchecked,
} from '../../test/harness.ts';
import { DIRECTLY_UNDER_CITY } from './region.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function findRegions(
  input: CallRequest<typeof findRegionsCall> | Unchecked,
  headers: Record<string, string> = {},
) {
  const res = await t.call(findRegionsCall, input, { headers, raw: true });
  expect(res.status).toBe(200);
  return res.body;
}

function depthOf(nodes: RegionNode[]): number {
  return nodes.reduce((max, n) => Math.max(max, 1 + (n.children ? depthOf(n.children) : 0)), 0);
}

describe('POST /gateway/system/api/region/list', () => {
  it('national, depth 1: the 31 mainland provinces without children', async () => {
    const body = await findRegions({ kind: 'national', depth: 1 });
    expect(body.code).toBe(200);
    const provinces = body.data as RegionNode[];
    expect(provinces).toHaveLength(31);
    for (const p of provinces) {
      expect(p).not.toHaveProperty('children');
      expect(p.code).toMatch(/^\d{2}0000$/);
    }
    expect(provinces.map((p) => p.code)).not.toContain('710000');
    expect(provinces.map((p) => p.code.slice(0, 2))).not.toContain('81');
    expect(provinces.map((p) => p.code.slice(0, 2))).not.toContain('82');
    expect(provinces[0]).toEqual({ code: '110000', name: '北京市' });
  });

  it('full: 34 provinces including Taiwan, Hong Kong and Macao, three levels deep by default', async () => {
    const body = await findRegions({ kind: 'full' });
    const full = body.data as RegionNode[];
    expect(full).toHaveLength(34);
    expect(full.map((p) => p.code)).toEqual(expect.arrayContaining(['710000', '810000', '820000']));
    expect(depthOf(full)).toBe(3);
  });

  it('depth 2 stops at cities', async () => {
    const body = await findRegions({ kind: 'national', depth: 2 });
    const tree = body.data as RegionNode[];
    expect(depthOf(tree)).toBe(2);
    const guangdong = tree.find((p) => p.code === '440000')!;
    expect(guangdong.children!.map((c) => c.name)).toContain('广州市');
  });

  it('no body: national, depth 3', async () => {
    // A request with no body at all (the HTTP layer, not a typed input): raw inject.
    const res = await t.app.inject({
      method: 'POST',
      url: '/gateway/system/api/region/list',
      headers: clientHeaders(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: number; data: RegionNode[] };
    expect(body.code).toBe(200);
    expect(body.data).toHaveLength(31);
    expect(depthOf(body.data)).toBe(3);
  });

  it('depth given as a string is accepted', async () => {
    const body = await findRegions({ kind: 'full', depth: '1' });
    expect(body.code).toBe(200);
    expect(body.data).toHaveLength(34);
    expect(depthOf(body.data)).toBe(1);
  });

  it('guangxi starts with its cities, each led by the directly-under entry', async () => {
    const body = await findRegions({ kind: 'guangxi' });
    expect(body.code).toBe(200);
    const cities = body.data as RegionNode[];
    expect(cities.length).toBeGreaterThan(10);
    for (const c of cities) {
      expect(c.code).toMatch(/^45\d{2}00$/);
      expect(c.code).not.toBe('450000');
    }
    expect(cities[0]!.name).toBe('南宁市');
    expect(cities[0]!.children![0]).toEqual({ code: cities[0]!.code, name: DIRECTLY_UNDER_CITY });
    expect(depthOf(cities)).toBe(2);
  });

  it('bad kind → 400 naming kind', async () => {
    const body = await findRegions(unchecked({ kind: 'planet' }));
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^参数错误：kind /);
    expect(invalidFields(body).map((f) => f.field)).toEqual(['kind']);
  });

  it.each([4, 0, 2.5, 'deep'])('depth %s → 400 naming depth', async (depth) => {
    const body = await findRegions(unchecked({ kind: 'national', depth }));
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^参数错误：depth /);
    expect(invalidFields(body)[0]!.field).toBe('depth');
  });

  it('bad kind in English with the en cookie', async () => {
    const body = await findRegions(unchecked({ kind: 'planet' }), { cookie: 'i18n_redirected=en' });
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^Invalid input: kind: /);
  });
});
