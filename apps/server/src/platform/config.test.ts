import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewWebsite } from '@portal/contract';
import { createTestApp, visitorOf, type TestApp } from '../test/harness.ts';
import { createEnterprise } from '../test/factories.ts';
import { DEMO_TENANT_CODES, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults parse', () => {
    const config = loadConfig({});
    expect(config.NODE_ENV).toBe('production');
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./data');
    expect(config.EMBEDDED_PG_PORT).toBe(54329);
    expect(config.SEED_DEMO_DATA).toBe(true);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.RATE_LIMIT_PER_MINUTE).toBe(1200);
    expect(config.RATE_LIMIT_PER_ACCOUNT_PER_MINUTE).toBe(1200);
    expect(config.SITE_CACHE_TTL_MS).toBe(10_000);
    expect(config.SESSION_CACHE_TTL_MS).toBe(2_000);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.SHUTDOWN_GRACE_MS).toBe(10_000);
    expect(config.BENCH_ROUTES).toBe(false);
    // Unset TENANT_CODES: the demo tenants' mapping.
    expect(config.TENANT_CODES).toEqual(loadConfig({ TENANT_CODES: DEMO_TENANT_CODES }).TENANT_CODES);
    expect(config.TENANT_CODES.get(1002)).toBe('SFJ');
    expect(config.TENANT_CODES.get(1003)).toBe('medicalInsurance');
    expect(config.TENANT_CODES.get(1004)).toBe('medicalInsurance');
    expect(config.TENANT_CODES.get(1001)).toBeUndefined();
  });

  it('parses given values', () => {
    const config = loadConfig({
      PORT: '8080',
      TRUST_PROXY: '1',
      SEED_DEMO_DATA: 'false',
      DEV_PROVIDERS: 'true',
      RATE_LIMIT_PER_MINUTE: '30',
      DATABASE_URL: 'postgres://u:p@db.internal:5432/portal',
      LOG_LEVEL: 'silent',
    });
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.SEED_DEMO_DATA).toBe(false);
    expect(config.RATE_LIMIT_PER_MINUTE).toBe(30);
    expect(config.DATABASE_URL).toBe('postgres://u:p@db.internal:5432/portal');
    expect(config.LOG_LEVEL).toBe('silent');
  });

  it('reads nothing but the given environment', () => {
    expect(loadConfig({ PORT: '4567' }).PORT).toBe(4567);
  });

  it.each(['abc', '0', '70000', '80.5', '-1'])('a bad PORT (%s) throws naming PORT', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it.each([
    ['an unknown code', 'NOPE=1001'],
    ['no eid', 'SFJ='],
    ['no equals sign', 'SFJ'],
    ['an eid that is not a number', 'SFJ=abc'],
    ['a negative eid', 'SFJ=-5'],
    ['a bad eid in a list', 'medicalInsurance=1003|x'],
  ])('bad TENANT_CODES (%s) throws naming TENANT_CODES', (_what, value) => {
    expect(() => loadConfig({ TENANT_CODES: value })).toThrow(/TENANT_CODES/);
  });

  it('names every bad setting at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'x', TRUST_PROXY: 'yes', LOG_LEVEL: 'loud' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/TRUST_PROXY/);
    expect(message).toMatch(/LOG_LEVEL/);
  });

  it.each([
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'not a url'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['RATE_LIMIT_PER_ACCOUNT_PER_MINUTE', 'many'],
    ['SITE_CACHE_TTL_MS', '-1'],
    ['SESSION_CACHE_TTL_MS', '60001'],
    ['SEED_DEMO_DATA', 'maybe'],
  ])('a bad %s throws naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('TENANT_CODES maps codes to eids, several eids per code', () => {
    const { TENANT_CODES } = loadConfig({ TENANT_CODES: ' SFJ=7 , medicalInsurance=8|9,KPY=10 ' });
    expect([...TENANT_CODES.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [7, 'SFJ'],
      [8, 'medicalInsurance'],
      [9, 'medicalInsurance'],
      [10, 'KPY'],
    ]);
  });

  it('an empty TENANT_CODES maps nothing', () => {
    expect(loadConfig({ TENANT_CODES: '' }).TENANT_CODES.size).toBe(0);
  });
});

describe('tenant codes on a running gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TENANT_CODES: 'SFJ=5001,medicalInsurance=5002|5003' });
  });
  afterAll(async () => t?.close());

  it('website view shows the tenant code of a mapped eid, null for others', async () => {
    const sfj = await createEnterprise(t.database.db, { eid: 5001 });
    const yb = await createEnterprise(t.database.db, { eid: 5003 });
    const plain = await createEnterprise(t.database.db);
    expect(plain.eid).not.toBe(5001);

    const view = async (domain: string) => t.call(viewWebsite, {}, { as: visitorOf(domain) });
    const a = await view(sfj.domain);
    expect(a.code).toBe(200);
    expect(a.data.eid).toBe(5001);
    expect(a.data.tenantCode).toBe('SFJ');
    expect((await view(yb.domain)).data.tenantCode).toBe('medicalInsurance');
    expect((await view(plain.domain)).data.tenantCode).toBeNull();
  });

  it('Tenancy.tenantCode follows the setting', () => {
    expect(t.platform.tenancy.tenantCode(5001)).toBe('SFJ');
    expect(t.platform.tenancy.tenantCode(5002)).toBe('medicalInsurance');
    expect(t.platform.tenancy.tenantCode(5003)).toBe('medicalInsurance');
    expect(t.platform.tenancy.tenantCode(1002)).toBeNull();
  });
});

describe('TENANT_CODES without the demo', () => {
  it('refuses one enterprise with two codes', () => {
    expect(() => loadConfig({ TENANT_CODES: 'SFJ=5,KPY=5' })).toThrow(/TENANT_CODES.*two codes/s);
  });
  it('maps no codes by default when the demo data is not seeded', () => {
    expect(loadConfig({ SEED_DEMO_DATA: 'false', DEV_PROVIDERS: 'true' }).TENANT_CODES.size).toBe(0);
    expect(loadConfig({}).TENANT_CODES.get(1002)).toBe('SFJ');
  });
});

describe('SMS provider settings', () => {
  it('dev providers are on for the demo only: without demo data the dev SMS provider stops the start', () => {
    expect(loadConfig({}).DEV_PROVIDERS).toBe(true);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'false' })).toThrow(
      /SMS_PROVIDER: the dev SMS provider makes codes readable/,
    );
    expect(loadConfig({ SEED_DEMO_DATA: 'false', DEV_PROVIDERS: 'true' }).DEV_PROVIDERS).toBe(true);
  });

  it('the Alibaba Cloud provider needs its four settings, named when missing', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'AK' })).toThrow(
      /ALIYUN_ACCESS_KEY_SECRET: needed with SMS_PROVIDER=aliyun[\s\S]*ALIYUN_SMS_TEMPLATE_CODE/,
    );
    const ok = loadConfig({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'AK',
      ALIYUN_ACCESS_KEY_SECRET: 'SK',
      ALIYUN_SMS_SIGN_NAME: '智学',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    });
    expect(ok.SMS_PROVIDER).toBe('aliyun');
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
  });
});
