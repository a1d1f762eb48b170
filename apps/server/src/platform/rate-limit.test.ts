import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findEnumOptions,
  loginByPassword,
  payNotifyPath,
  saveMessage,
  type CallDef,
  type CallRequest,
} from '@portal/contract';
import { createTestApp, unchecked, type CallResult, type TestApp, type Unchecked } from '../test/harness.ts';
import { createEnterprise } from '../test/factories.ts';

// Three calls a minute per address without a session, five per signed-in account, two per
// address or account on the tight per-call limits (sign-in, codes, writing calls).
let t: TestApp;
let ent: Awaited<ReturnType<typeof createEnterprise>>;
beforeAll(async () => {
  t = await createTestApp({
    TENANT_CODES: '',
    RATE_LIMIT_PER_MINUTE: '3',
    RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '5',
    SIGN_IN_PER_IP_PER_MINUTE: '2',
  });
  ent = await createEnterprise(t.database.db);
});
afterAll(async () => t?.close());

/** A distinct client address per test: each test has its own budgets. */
let office = 0;
const nextOffice = () => `10.11.${++office}.1`;

const learner = () => t.learner(ent);
/** A call from a client address, signed in with `token` if given; the whole HTTP answer. */
const from = <C extends CallDef>(def: C, input: CallRequest<C> | Unchecked, remoteAddress: string, token?: string) =>
  t.call(def, input, { as: { domain: ent.domain, ...(token ? { token } : {}) }, remoteAddress, raw: true });
const enumCall = (remoteAddress: string, token?: string) =>
  from(findEnumOptions, { enumName: 'paymentMethod' }, remoteAddress, token);

async function statuses(n: number, call: () => Promise<CallResult<CallDef>>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call()).status);
  return out;
}

/** HTTP 429 with Retry-After (seconds, within the minute) and the 429 envelope. */
function expectRefused(res: CallResult<CallDef>) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.body).toEqual({ code: 429, message: '操作过于频繁，请稍后再试', data: null });
}

describe('signed-in traffic is counted per account, not per address (a company behind one NAT)', () => {
  it('two learners and a visitor from one address each have their own budget', async () => {
    const address = nextOffice();
    const [a, b] = [await learner(), await learner()];
    // Before: the address's 3 calls were shared by everyone behind it.
    expect(await statuses(5, () => enumCall(address, a.token))).toEqual([200, 200, 200, 200, 200]);
    expect(await statuses(5, () => enumCall(address, b.token))).toEqual([200, 200, 200, 200, 200]);
    expect(await statuses(3, () => enumCall(address))).toEqual([200, 200, 200]);
    expectRefused(await enumCall(address, a.token));
    expectRefused(await enumCall(address));
    expect((await enumCall(nextOffice(), b.token)).status).toBe(429);
  });

  it('an account’s sessions share one budget, from any address', async () => {
    const a = await learner();
    const second = await t.platform.sessions.create(a.accountId, ent.eid);
    expect(await statuses(3, () => enumCall(nextOffice(), a.token))).toEqual([200, 200, 200]);
    expect(await statuses(3, () => enumCall(nextOffice(), second.token))).toEqual([200, 200, 429]);
  });

  it('made-up tokens do not buy fresh budgets: they are counted against the address', async () => {
    const address = nextOffice();
    const codes = await statuses(4, () => enumCall(address, randomBytes(32).toString('base64url')));
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('the tight per-call limits', () => {
  it('a writing call is counted per account: two learners behind one address both write', async () => {
    const address = nextOffice();
    const save = (token: string) => from(saveMessage, { title: '标题', messageContent: '内容' }, address, token);
    const [a, b] = [await learner(), await learner()];
    expect(await statuses(2, () => save(a.token))).toEqual([200, 200]);
    expect((await save(b.token)).body.code).toBe(200);
    expectRefused(await save(a.token));
  });

  it('sign-in stays counted per address, and its 429 carries Retry-After and the envelope', async () => {
    const address = nextOffice();
    const login = () => from(loginByPassword, unchecked({ account: '13900000000', password: 'x' }), address);
    await login();
    await login();
    expectRefused(await login());
  });
});

describe('notifications from payment channels and Nuonuo (outside the gateway)', () => {
  const notify = (url: string, remoteAddress: string, token?: string) =>
    t.app
      .inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
        payload: 'out_trade_no=forged&trade_status=TRADE_SUCCESS',
      })
      .then((res) => res.statusCode);

  it('are counted per address on budgets of their own, whatever token they carry', async () => {
    const address = nextOffice();
    const pay = payNotifyPath(1, ent.eid);
    const a = await learner();
    const first = [await notify(pay, address), await notify(pay, address, a.token), await notify(pay, address)];
    expect(first).not.toContain(429);
    // A session's token does not move a notification onto the account's budget.
    expect(await notify(pay, address, a.token)).toBe(429);
    expect(await notify(pay, address)).toBe(429);
    // Another address, Nuonuo's push and the address's gateway calls each have their own budget.
    expect(await notify(pay, nextOffice())).not.toBe(429);
    expect(await notify(`/invoice-notify/nuonuo/${ent.eid}`, address)).not.toBe(429);
    expect((await enumCall(address)).status).toBe(200);
  });
});
