import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyProject,
  cancelOrder,
  createOrder,
  deleteBatchPackage,
  deleteStudyProject,
  findAdminBatchPackages,
  joinBatchPackage,
  myBatchPackages,
  payDevTrade,
  payOrder,
  queryBatchPackage,
  refundOrder,
  saveBatchPackage,
  savePayMethod,
  viewAdminBatchPackage,
  viewCourse,
  viewOrderGoods,
  type BatchPackageForm,
} from '@portal/contract';
import { schema, withTenant } from '@portal/db';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createCourse, createEnterprise, type Learner } from '../../test/factories.ts';

/**
 * Projects and batch packages as goods (decision 058): bought through the same order and payment
 * path as a course, opened by `unlockOnce`, closed by a refund; a package's seats are joined by its
 * number, never past its seats or its last day, and only within its own enterprise.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let admin: Learner;
let adminOfB: Learner;
let courseA: { id: number };
let courseB: { id: number };
let foreignCourse: { id: number };

const db = () => t.database.db;
const as = (who: Learner) => ({ as: who });
const DAY = 86_400_000;
const chinaDay = (offsetDays: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * DAY).toISOString().slice(0, 10);

const form = (over: Partial<BatchPackageForm> = {}): BatchPackageForm => ({
  title: '2026 华东分公司销售训练包',
  organisation: '华东分公司',
  intro: '两门销售课，三人学习',
  priceFen: 60_000,
  seats: 3,
  validUntil: chinaDay(90),
  courseIds: [courseA.id, courseB.id],
  published: true,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp(
    { TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '100000', SIGN_IN_PER_IP_PER_MINUTE: '100000' },
    { jobs: true },
  );
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true, realName: '李管理' } });
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
  courseA = await createCourse(db(), a.eid, { title: '大客户销售', priceFen: 30_000 });
  courseB = await createCourse(db(), a.eid, { title: '商务谈判', priceFen: 40_000 });
  foreignCourse = await createCourse(db(), b.eid, { title: '乙的课', priceFen: 100 });
  for (const who of [admin, adminOfB]) {
    const saved = await t.call(
      savePayMethod,
      { method: 11, enabled: true, mode: 'dev', merchant: {}, secrets: {} },
      as(who),
    );
    expect(saved.code).toBe(200);
  }
});
afterAll(async () => t?.close());

/** Orders goods and pays with the dev channel (a signed notification, as a real channel's). */
async function buy(who: Learner, goodsType: 2 | 3, goodsId: number, code?: string) {
  const made = await t.call(createOrder, { goodsType, goodsId, ...(code ? { code } : {}) }, as(who));
  expect(made.code, JSON.stringify(made)).toBe(200);
  const start = await t.call(payOrder, { id: made.data.id, payMethod: 11, isMobile: false }, as(who));
  expect(start.code).toBe(200);
  expect((await t.call(payDevTrade, { outTradeNo: start.data.outTradeNo }, as(who))).code).toBe(200);
  return made.data;
}

const holds = async (who: Learner, courseId: number) => (await t.call(viewCourse, { courseId }, as(who))).data.bought;

async function newPackage(over: Partial<BatchPackageForm> = {}) {
  const saved = await t.call(saveBatchPackage, form(over), as(admin));
  expect(saved.code, JSON.stringify(saved)).toBe(200);
  return saved.data;
}

describe('batch packages', () => {
  it('is set up by the back office with a 12-digit number; learners cannot see it before it is on sale', async () => {
    const p = await newPackage({ published: false });
    expect(p.code).toMatch(/^[1-9]\d{11}$/);
    expect(p).toMatchObject({ seats: 3, seatsTaken: 0, state: 4, courseCount: 2, amountFen: 60_000 });
    const learner = await t.learner(a);
    expect((await t.call(queryBatchPackage, { code: p.code }, as(learner))).code).toBe(9041);
    const listed = await t.call(findAdminBatchPackages, { keyword: p.code }, as(admin));
    expect(listed.data.list.map((x) => x.id)).toEqual([p.id]);
    // A course of another enterprise, a day gone by: refused, nothing stored.
    expect((await t.call(saveBatchPackage, form({ courseIds: [foreignCourse.id] }), as(admin))).code).toBe(9048);
    expect((await t.call(saveBatchPackage, form({ validUntil: chinaDay(-2) }), as(admin))).code).toBe(9049);
    const before = await db().select().from(schema.batchPackages).where(eq(schema.batchPackages.eid, a.eid));
    expect(before.map((x) => x.id)).toEqual([p.id]);
  });

  it('is bought once at the server’s price; people join by its number up to its seats, and a refund ends it for all', async () => {
    const p = await newPackage();
    const buyer = await t.learner(a, { member: { realName: '采购员' } });
    const rival = await t.learner(a);
    const view = await t.call(queryBatchPackage, { code: p.code }, as(buyer));
    expect(view.data).toMatchObject({ state: 1, bought: false, joined: false, amount: 600 });
    expect(view.data.courses.map((c) => c.title)).toEqual(['大客户销售', '商务谈判']);
    expect((await t.call(joinBatchPackage, { code: p.code }, as(buyer))).code).toBe(9042);
    // Its id alone sells nothing and tells nothing: the number is the secret its people share.
    expect((await t.call(viewOrderGoods, { goodsType: 3, goodsId: p.id }, as(buyer))).code).toBe(9002);
    expect((await t.call(createOrder, { goodsType: 3, goodsId: p.id }, as(buyer))).code).toBe(9002);
    const wrong = p.code === '100000000000' ? '100000000001' : '100000000000';
    expect((await t.call(createOrder, { goodsType: 3, goodsId: p.id, code: wrong }, as(buyer))).code).toBe(9002);
    const goods = await t.call(viewOrderGoods, { goodsType: 3, goodsId: p.id, code: p.code }, as(buyer));
    expect(goods.data).toMatchObject({ amountFen: 60_000, studyPath: `/batchPackage/query?code=${p.code}` });

    // Two organisations' buyers at once: one order of the package is open at a time.
    const [first, second] = await Promise.all([
      t.call(createOrder, { goodsType: 3, goodsId: p.id, code: p.code }, as(buyer)),
      t.call(createOrder, { goodsType: 3, goodsId: p.id, code: p.code }, as(rival)),
    ]);
    expect([first.code, second.code].sort()).toEqual([200, 9046]);
    const winner = first.code === 200 ? buyer : rival;
    const loser = winner === buyer ? rival : buyer;
    const order = first.code === 200 ? first.data : second.data;
    const start = await t.call(payOrder, { id: order.id, payMethod: 11, isMobile: false }, as(winner));
    await Promise.all(
      Array.from({ length: 5 }, () => t.call(payDevTrade, { outTradeNo: start.data.outTradeNo }, as(winner))),
    );
    const bought = await t.call(queryBatchPackage, { code: p.code }, as(winner));
    expect(bought.data).toMatchObject({ state: 2, bought: true, joined: true, seatsTaken: 1 });
    expect(await holds(winner, courseA.id)).toBe(true);
    expect((await t.call(createOrder, { goodsType: 3, goodsId: p.id, code: p.code }, as(loser))).code).toBe(9046);

    // Three people race for the two seats left: two get one.
    const people = await Promise.all([t.learner(a), t.learner(a), t.learner(a)]);
    const joins = await Promise.all(people.map((who) => t.call(joinBatchPackage, { code: p.code }, as(who))));
    expect(joins.map((r) => r.code).sort()).toEqual([200, 200, 9044]);
    const joined = people.filter((_, i) => joins[i]!.code === 200);
    expect(await holds(joined[0]!, courseB.id)).toBe(true);
    expect((await t.call(joinBatchPackage, { code: p.code }, as(joined[0]!))).code).toBe(9045);
    const left = people.find((_, i) => joins[i]!.code !== 200)!;
    expect(await holds(left, courseB.id)).toBe(false);
    expect((await t.call(myBatchPackages, {}, as(joined[1]!))).data.map((x) => x.id)).toEqual([p.id]);
    const [row] = await db().select().from(schema.batchPackages).where(eq(schema.batchPackages.id, p.id));
    expect(row).toMatchObject({ seatsTaken: 3, seats: 3, boughtBy: winner.accountId, orderId: order.id });

    // Bought: courses and price stay, seats never fall below those taken, it is not deleted.
    expect((await t.call(saveBatchPackage, { ...form({ priceFen: 1 }), id: p.id }, as(admin))).code).toBe(9046);
    expect((await t.call(saveBatchPackage, { ...form({ seats: 2 }), id: p.id }, as(admin))).code).toBe(9047);
    expect((await t.call(deleteBatchPackage, { id: p.id }, as(admin))).code).toBe(9046);
    const more = await t.call(saveBatchPackage, { ...form({ seats: 4, title: '改名的训练包' }), id: p.id }, as(admin));
    expect(more.data).toMatchObject({ seats: 4, seatsTaken: 3, title: '改名的训练包' });
    expect((await t.call(joinBatchPackage, { code: p.code }, as(left))).code).toBe(200);

    // The refund ends it for every member; it is for sale again.
    expect((await t.call(refundOrder, { id: order.id, reason: '合同取消' }, as(admin))).code).toBe(200);
    for (const who of [winner, ...joined, left]) expect(await holds(who, courseA.id)).toBe(false);
    const again = await t.call(queryBatchPackage, { code: p.code }, as(loser));
    expect(again.data).toMatchObject({ state: 1, seatsTaken: 0 });
  });

  it('closes its courses after its last day and refuses joining then', async () => {
    const p = await newPackage({ seats: 5 });
    const buyer = await t.learner(a);
    await buy(buyer, 3, p.id, p.code);
    expect(await holds(buyer, courseA.id)).toBe(true);
    await db()
      .update(schema.batchPackages)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(and(eq(schema.batchPackages.eid, a.eid), eq(schema.batchPackages.id, p.id)));
    expect(await holds(buyer, courseA.id)).toBe(false);
    expect((await t.call(joinBatchPackage, { code: p.code }, as(await t.learner(a)))).code).toBe(9043);
    expect((await t.call(queryBatchPackage, { code: p.code }, as(buyer))).data.state).toBe(3);
  });

  it('stays inside its enterprise: another enterprise’s people and administrators never find it', async () => {
    const p = await newPackage();
    const outsider = await t.learner(b);
    expect((await t.call(queryBatchPackage, { code: p.code }, as(outsider))).code).toBe(9041);
    expect((await t.call(joinBatchPackage, { code: p.code }, as(outsider))).code).toBe(9041);
    expect((await t.call(createOrder, { goodsType: 3, goodsId: p.id, code: p.code }, as(outsider))).code).toBe(9002);
    expect((await t.call(viewAdminBatchPackage, { id: p.id }, as(adminOfB))).code).toBe(9041);
    expect((await t.call(deleteBatchPackage, { id: p.id }, as(adminOfB))).code).toBe(9041);
    const hijack = await t.call(
      saveBatchPackage,
      { ...form({ courseIds: [foreignCourse.id] }), id: p.id },
      as(adminOfB),
    );
    expect(hijack.code).toBe(9041);
    const [row] = await db().select().from(schema.batchPackages).where(eq(schema.batchPackages.id, p.id));
    expect(row!.title).toBe(form().title);
    // An ordinary learner is not an administrator.
    expect((await t.call(findAdminBatchPackages, {}, as(outsider))).code).not.toBe(200);
    // Row-level security holds where a query forgets the enterprise.
    const seen = await withTenant(b.eid, async () =>
      t.database.tenantDb.execute(sql`SELECT id FROM batch_packages WHERE id = ${p.id}`),
    );
    expect(seen.rows).toHaveLength(0);
    const own = await withTenant(a.eid, async () =>
      t.database.tenantDb.execute(sql`SELECT id FROM batch_packages WHERE id = ${p.id}`),
    );
    expect(own.rows).toHaveLength(1);
  });

  it('keeps its goods while ordered; is deleted once nobody bought or ordered it; its day is a real day', async () => {
    const p = await newPackage();
    const learner = await t.learner(a);
    const order = await t.call(createOrder, { goodsType: 3, goodsId: p.id, code: p.code }, as(learner));
    expect(order.code).toBe(200);
    expect((await t.call(deleteBatchPackage, { id: p.id }, as(admin))).code).toBe(9046);
    expect((await t.call(saveBatchPackage, { ...form({ priceFen: 1 }), id: p.id }, as(admin))).code).toBe(9046);
    // The same courses in another order are the same goods.
    const reordered = { ...form({ courseIds: [courseB.id, courseA.id] }), id: p.id };
    expect((await t.call(saveBatchPackage, reordered, as(admin))).code).toBe(200);
    expect((await t.call(cancelOrder, { id: order.data.id }, as(learner))).code).toBe(200);
    for (const validUntil of ['2026-13-45', '2099-02-31']) {
      const bad = await t.call(saveBatchPackage, { ...form({ validUntil }), id: p.id }, as(admin));
      expect(bad.code).not.toBe(200);
      expect(bad.code).not.toBe(500);
    }
    expect((await t.call(deleteBatchPackage, { id: p.id }, as(admin))).code).toBe(200);
    expect((await t.call(viewAdminBatchPackage, { id: p.id }, as(admin))).code).toBe(9041);
  });
});

describe('projects as goods', () => {
  async function pricedProject(over: Partial<typeof schema.studyProjects.$inferInsert> = {}) {
    const [p] = await db()
      .insert(schema.studyProjects)
      .values({
        eid: a.eid,
        title: '付费训练营',
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + 30 * DAY),
        capacity: 2,
        enrolRule: 2,
        priceFen: 88_800,
        ...over,
      })
      .returning();
    return p!;
  }
  const application = async (projectId: number, who: Learner) =>
    (
      await db()
        .select()
        .from(schema.studyProjectApplications)
        .where(
          and(
            eq(schema.studyProjectApplications.projectId, projectId),
            eq(schema.studyProjectApplications.accountId, who.accountId),
          ),
        )
    )[0];
  const seatsTaken = async (projectId: number) =>
    (await db().select().from(schema.studyProjects).where(eq(schema.studyProjects.id, projectId)))[0]!.seatsTaken;

  it('is joined by buying it, never by applying; paying enrols with a seat once, a refund frees it', async () => {
    const p = await pricedProject();
    const learner = await t.learner(a);
    expect((await t.call(applyProject, { projectId: p.id }, as(learner))).code).toBe(9050);
    const goods = await t.call(viewOrderGoods, { goodsType: 2, goodsId: p.id }, as(learner));
    expect(goods.data).toMatchObject({
      amountFen: 88_800,
      owned: false,
      studyPath: `/knowledge/project/info?id=${p.id}`,
    });
    // Paid once, notified five times at once: enrolled once, one seat.
    const made = await t.call(createOrder, { goodsType: 2, goodsId: p.id }, as(learner));
    const start = await t.call(payOrder, { id: made.data.id, payMethod: 11, isMobile: false }, as(learner));
    await Promise.all(
      Array.from({ length: 5 }, () => t.call(payDevTrade, { outTradeNo: start.data.outTradeNo }, as(learner))),
    );
    const order = made.data;
    expect(await application(p.id, learner)).toMatchObject({ status: 2 });
    expect(await seatsTaken(p.id)).toBe(1);
    expect((await t.call(createOrder, { goodsType: 2, goodsId: p.id }, as(learner))).code).toBe(9003);
    expect((await t.call(refundOrder, { id: order.id, reason: '无法参加' }, as(admin))).code).toBe(200);
    expect(await application(p.id, learner)).toMatchObject({ status: 4 });
    expect(await seatsTaken(p.id)).toBe(0);
  });

  it('is not deleted while an order of it is being paid: the payment must find it', async () => {
    const p = await pricedProject();
    const learner = await t.learner(a);
    expect((await t.call(createOrder, { goodsType: 2, goodsId: p.id }, as(learner))).code).toBe(200);
    expect((await t.call(deleteStudyProject, { id: p.id }, as(admin))).code).toBe(8213);
    const [row] = await db().select().from(schema.studyProjects).where(eq(schema.studyProjects.id, p.id));
    expect(row).toBeDefined();
  });

  it('is not ordered when full or ended', async () => {
    const full = await pricedProject({ capacity: 1, seatsTaken: 1 });
    const ended = await pricedProject({ endsAt: new Date(Date.now() - 1000) });
    const learner = await t.learner(a);
    expect((await t.call(createOrder, { goodsType: 2, goodsId: full.id }, as(learner))).code).toBe(8204);
    expect((await t.call(createOrder, { goodsType: 2, goodsId: ended.id }, as(learner))).code).toBe(8203);
    expect((await t.call(createOrder, { goodsType: 2, goodsId: full.id }, as(await t.learner(b)))).code).toBe(9002);
  });
});
