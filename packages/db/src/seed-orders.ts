import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as s from './schema.ts';
// seed.ts calls seedOrders and this reads its demo lists: the cycle is only touched when the seed
// runs, after both modules have loaded.
import { DEMO_ACCOUNTS, DEMO_COURSE_ROLES, DEMO_TENANTS } from './seed.ts';

type Db = NodePgDatabase<typeof s>;

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The payment methods of decision 057, in the order a learner sees them. */
const ALL_METHODS = [9, 10, 11, 12, 13, 14];
/** What a site that sells nothing has on: bank transfer, Alipay, WeChat Pay, manual confirmation. */
const BASIC_METHODS = [9, 11, 12, 14];

/** The e-mail the demo learner's invoice goes to, by phone. */
const DEMO_INVOICE_EMAIL: Record<string, string> = {
  '13800000001': 'zhangxm@example.com',
  '13800000004': 'chenchen@example.com',
};

/**
 * The demo order settings and payment methods of every demo site made in this run (decision 057),
 * and on the public-training site (the only one that sells courses) its demo learner's orders:
 * one paid, with its trade, notice, the course opened and an invoice the server's sweep issues at
 * start; one waiting to be paid; one cancelled. Sites that existed before are left as they are.
 */
export async function seedOrders(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const tenant = DEMO_TENANTS.find((t) => t.eid === eid);
    if (!tenant) continue;
    await db.transaction(async (tx) => {
      const siteDb = tx as unknown as Db;
      const en = tenant.lang === 'en';
      const sells = tenant.tenantCode === 'publicTraining';
      await siteDb.insert(s.orderSettings).values({
        eid,
        closeAfterMinutes: 30,
        invoiceOpen: true,
        specialInvoiceOpen: sells,
        invoiceMode: 1,
        bankAccountName: tenant.name,
        bankName: en ? 'China Merchants Bank, Beijing Branch' : '招商银行北京分行',
        bankAccountNo: '1109 1234 5678 901',
        bankNote: en ? 'Put the order number in the transfer note' : '转账时请在附言中填写订单号',
      });
      // Every method has its row, so the back office shows them all; the ones a site does not
      // offer are off. The dev channel serves them (only where DEV_PROVIDERS is on).
      await siteDb.insert(s.payMethods).values(
        ALL_METHODS.map((method, sort) => ({
          eid,
          method,
          enabled: sells || BASIC_METHODS.includes(method),
          mode: 'dev',
          sort,
        })),
      );
      if (sells) await seedLearnerOrders(siteDb, eid);
      await seedBatchPackage(siteDb, eid, en);
    });
  }
}

/** The demo batch package's number on a site: known, so the README and tests can name it. */
export const demoBatchPackageCode = (eid: number) => `6${String(eid % 10_000).padStart(4, '0')}2026001`;

/**
 * A batch package on sale on every demo site (decision 058): two of the site's courses (priced ones
 * first, the last by place, never the trial course browser tests open unbought), five seats, half a
 * year, in the site's language. A newcomer looks it up on /batchPackage/query, buys it with the dev
 * channel and joins it from another account.
 */
async function seedBatchPackage(db: Db, eid: number, en: boolean): Promise<void> {
  const [trial] = await db
    .select({ id: s.courses.id })
    .from(s.courses)
    .where(and(eq(s.courses.eid, eid), eq(s.courses.sort, DEMO_COURSE_ROLES.trial)));
  const courses = (
    await db
      .select({ id: s.courses.id })
      .from(s.courses)
      .where(and(eq(s.courses.eid, eid), eq(s.courses.published, true)))
      .orderBy(desc(gt(s.courses.priceFen, 0)), desc(s.courses.sort), desc(s.courses.id))
      .limit(3)
  ).filter((c) => c.id !== trial?.id);
  if (courses.length < 2) return;
  const [pkg] = await db
    .insert(s.batchPackages)
    .values({
      eid,
      code: demoBatchPackageCode(eid),
      title: en ? 'Sales team package 2026' : '2026 销售团队学习套餐',
      organisation: en ? 'East China sales branch' : '华东销售分公司',
      intro: en
        ? 'Two sales courses for five people of the branch, until the end of the half-year.'
        : '分公司五名销售人员的两门销售课程，学习期半年。',
      priceFen: 300_000,
      seats: 5,
      validUntil: new Date(Date.now() + 180 * DAY),
    })
    .returning({ id: s.batchPackages.id });
  await db
    .insert(s.batchPackageCourses)
    .values(courses.slice(0, 2).map((c, position) => ({ eid, packageId: pkg!.id, courseId: c.id, position })));
}

/** The China time of an instant to the second (yyyyMMddHHmmss), as order numbers begin. */
function chinaStamp(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

/**
 * An order or trade number as the server makes them (24 digits: the China time, then ten digits),
 * its ten digits made from the site, the order's place and what it numbers instead of drawn.
 */
function demoNumber(at: Date, eid: number, index: number, kind: 1 | 2): string {
  return chinaStamp(at) + String((eid % 10_000) * 1_000_000 + index * 1_000 + kind).padStart(10, '0');
}

/**
 * The demo learner's orders on the site that sells courses. The learner is the site's first demo
 * person who is not an administrator (as for the demo tasks). The courses are the site's first
 * three priced courses by their place in the list that the learner has not bought and that are
 * not the trial course, which browser tests open unbought (DEMO_COURSE_ROLES.trial).
 */
async function seedLearnerOrders(db: Db, eid: number): Promise<void> {
  const person = DEMO_ACCOUNTS.find((p) => p.eids.includes(eid) && !p.isAdmin);
  if (!person) return;
  const [learner] = await db
    .select({ accountId: s.enterpriseUsers.accountId, realName: s.enterpriseUsers.realName })
    .from(s.enterpriseUsers)
    .innerJoin(s.accounts, eq(s.accounts.id, s.enterpriseUsers.accountId))
    .where(and(eq(s.enterpriseUsers.eid, eid), eq(s.accounts.phone, person.phone)));
  if (!learner) return;
  const bought = await db
    .select({ courseId: s.coursePurchases.courseId })
    .from(s.coursePurchases)
    .where(and(eq(s.coursePurchases.eid, eid), eq(s.coursePurchases.accountId, learner.accountId)));
  const priced = await db
    .select({ id: s.courses.id, title: s.courses.title, cover: s.courses.coverUrl, priceFen: s.courses.priceFen })
    .from(s.courses)
    .where(and(eq(s.courses.eid, eid), eq(s.courses.published, true), gt(s.courses.priceFen, 0)))
    .orderBy(asc(s.courses.sort), asc(s.courses.id));
  const [trial] = await db
    .select({ id: s.courses.id })
    .from(s.courses)
    .where(and(eq(s.courses.eid, eid), eq(s.courses.sort, DEMO_COURSE_ROLES.trial)));
  const goods = priced.filter((c) => c.id !== trial?.id && !bought.some((b) => b.courseId === c.id));
  const [paidCourse, openCourse, cancelledCourse] = goods;
  if (!paidCourse || !openCourse || !cancelledCourse) return;

  const now = Date.now();
  const orderOf = (course: typeof paidCourse, index: number, createdAt: Date) => ({
    eid,
    orderNo: demoNumber(createdAt, eid, index, 1),
    accountId: learner.accountId,
    goodsType: 1,
    goodsId: course.id,
    goodsTitle: course.title,
    goodsCover: course.cover,
    amountFen: course.priceFen,
    createdAt,
  });

  // Paid three days ago by Alipay (the dev channel), a few minutes after it was made.
  const paidAt = new Date(now - 3 * DAY);
  const paidCreated = new Date(paidAt.getTime() - 4 * MINUTE);
  const [paid] = await db
    .insert(s.orders)
    .values({
      ...orderOf(paidCourse, 1, paidCreated),
      status: 2,
      payMethod: 11,
      expiresAt: new Date(paidCreated.getTime() + 30 * MINUTE),
      paidAt,
    })
    .returning({ id: s.orders.id });
  const paidTradeAt = new Date(paidCreated.getTime() + MINUTE);
  const paidTradeNo = demoNumber(paidTradeAt, eid, 1, 2);
  await db.insert(s.trades).values({
    eid,
    orderId: paid!.id,
    outTradeNo: paidTradeNo,
    method: 11,
    amountFen: paidCourse.priceFen,
    status: 2,
    channelTradeNo: `DEV${paidTradeNo}`,
    createdAt: paidTradeAt,
    paidAt,
  });
  await db.insert(s.paymentNotices).values({
    eid,
    method: 11,
    outTradeNo: paidTradeNo,
    outcome: 'paid',
    detail: { channelTradeNo: `DEV${paidTradeNo}` },
    receivedAt: paidAt,
  });
  await db.insert(s.coursePurchases).values({ eid, courseId: paidCourse.id, accountId: learner.accountId, paidAt });
  // Pending (2): the server's invoice sweep issues it, with its PDF, soon after it starts.
  const invoiceAt = new Date(paidAt.getTime() + 10 * MINUTE);
  await db.insert(s.invoices).values({
    eid,
    orderId: paid!.id,
    accountId: learner.accountId,
    titleType: 1,
    title: learner.realName || '个人',
    kind: 1,
    mode: 1,
    email: DEMO_INVOICE_EMAIL[person.phone] ?? `learner${person.phone.slice(-4)}@example.com`,
    amountFen: paidCourse.priceFen,
    status: 2,
    provider: 'dev',
    requestedAt: invoiceAt,
    updatedAt: invoiceAt,
  });

  // Waiting to be paid, with no attempt yet. The demo deviates from the site's 30-minute rule on
  // purpose: the order stays open for a week, so whoever tries the demo finds one to pay (the
  // timeout sweep would close a 30-minute order before anyone looked).
  const openCreated = new Date(now - 2 * MINUTE);
  await db.insert(s.orders).values({
    ...orderOf(openCourse, 2, openCreated),
    status: 1,
    expiresAt: new Date(now + 7 * DAY),
  });

  // Cancelled by the learner five days ago, after starting a WeChat Pay attempt that then closed.
  const cancelledCreated = new Date(now - 5 * DAY);
  const [cancelled] = await db
    .insert(s.orders)
    .values({
      ...orderOf(cancelledCourse, 3, cancelledCreated),
      status: 3,
      payMethod: 12,
      expiresAt: new Date(cancelledCreated.getTime() + 30 * MINUTE),
      endedAt: new Date(cancelledCreated.getTime() + 6 * MINUTE),
    })
    .returning({ id: s.orders.id });
  const cancelledTradeAt = new Date(cancelledCreated.getTime() + MINUTE);
  await db.insert(s.trades).values({
    eid,
    orderId: cancelled!.id,
    outTradeNo: demoNumber(cancelledTradeAt, eid, 3, 2),
    method: 12,
    amountFen: cancelledCourse.priceFen,
    status: 3,
    createdAt: cancelledTradeAt,
  });
}
