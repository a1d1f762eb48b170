import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEnumOptions as findEnumOptionsCall, type CallRequest } from '@portal/contract';
import { enumerations } from '@portal/contract/enums';
import {
  createTestApp,
  invalidFields,
  unchecked,
  visitorOf,
  type TestApp,
  type Unchecked,
} from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function findEnumOptions(
  query: CallRequest<typeof findEnumOptionsCall> | Unchecked,
  headers: Record<string, string> = {},
) {
  const res = await t.call(findEnumOptionsCall, query, { headers, raw: true });
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /gateway/system/api/enum/list', () => {
  it('paymentMethod: values 9 to 14 with Chinese and English labels', async () => {
    const body = await findEnumOptions({ enumName: 'paymentMethod' });
    expect(body.code).toBe(200);
    expect(body.data.map((o) => o.value)).toEqual([9, 10, 11, 12, 13, 14]);
    expect(body.data[0]).toEqual({ value: 9, label: '银行转账', labelEn: 'Bank transfer' });
    expect(body.data[5]).toEqual({ value: 14, label: '人工确认', labelEn: 'Manual confirmation' });
  });

  it('answers every enumeration of the contract as it is declared', async () => {
    const names = Object.keys(enumerations) as (keyof typeof enumerations)[];
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      const body = await findEnumOptions({ enumName: name });
      expect(body.code, name).toBe(200);
      expect(body.data, name).toEqual(enumerations[name]);
    }
  });

  it('needs no site: works without a known domain', async () => {
    const res = await t.call(
      findEnumOptionsCall,
      { enumName: 'paymentMethod' },
      { as: visitorOf('unknown-site.example.org') },
    );
    expect(res.code).toBe(200);
  });

  it('surrounding blanks are trimmed', async () => {
    const body = await findEnumOptions({ enumName: '  paymentMethod ' });
    expect(body.code).toBe(200);
    expect(body.data).toHaveLength(6);
  });

  it('unknown name → 404 envelope naming it', async () => {
    const body = await findEnumOptions({ enumName: 'noSuchEnum' });
    expect(body).toEqual({ code: 404, message: '枚举不存在：noSuchEnum', data: null });
  });

  it('unknown name in English with the en cookie', async () => {
    const body = await findEnumOptions({ enumName: 'noSuchEnum' }, { cookie: 'i18n_redirected=en' });
    expect(body.message).toBe('Unknown enumeration: noSuchEnum');
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'an inherited property name (%s) is unknown, not a crash',
    async (name) => {
      const body = await findEnumOptions({ enumName: name });
      expect(body.code).toBe(404);
      expect(body.message).toContain(name);
    },
  );

  it.each([
    ['empty', ''],
    ['blank', '   '],
  ])('%s enumName → 400 naming enumName', async (_what, value) => {
    const body = await findEnumOptions({ enumName: value });
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^参数错误：enumName /);
    expect(invalidFields(body).map((f) => f.field)).toEqual(['enumName']);
  });

  it('missing enumName → 400 naming enumName', async () => {
    const body = await findEnumOptions(unchecked({}));
    expect(body.code).toBe(400);
    expect(invalidFields(body)[0]!.field).toBe('enumName');
  });

  it('a name over 64 characters → 400', async () => {
    const body = await findEnumOptions({ enumName: 'x'.repeat(65) });
    expect(body.code).toBe(400);
    expect(invalidFields(body)[0]!.field).toBe('enumName');
  });
});
