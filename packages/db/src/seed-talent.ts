import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as s from './schema.ts';
// seed.ts calls seedTalentRecords and this reads its demo lists: the cycle is only touched when
// the seed runs, after both modules have loaded.
import { DEMO_ACCOUNTS, DEMO_TENANTS } from './seed.ts';

type Db = NodePgDatabase<typeof s>;

/**
 * The demo learner's talent-pool record on every demo site made in this run (issue 24, decision
 * 059): half filled — personal information, employment and one business area saved, education,
 * career and experience left for the learner — in the site's language.
 */
export async function seedTalentRecords(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const tenant = DEMO_TENANTS.find((t) => t.eid === eid);
    const person = DEMO_ACCOUNTS.find((a) => a.eids.includes(eid) && !a.isAdmin);
    if (!tenant || !person) continue;
    const en = tenant.lang === 'en';
    const [account] = await db.select({ id: s.accounts.id }).from(s.accounts).where(eq(s.accounts.phone, person.phone));
    if (!account) continue;
    // The first business area that is a leaf: a category of type 14 with a parent.
    const [area] = await db
      .select({ id: s.categories.id, parentId: s.categories.parentId, name: s.categories.name })
      .from(s.categories)
      .where(and(eq(s.categories.eid, eid), eq(s.categories.categoryType, 14), isNotNull(s.categories.parentId)))
      .orderBy(asc(s.categories.sort), asc(s.categories.id))
      .limit(1);
    await db.insert(s.talentRecords).values({
      eid,
      accountId: account.id,
      talentType: 1,
      talentClassification: 2,
      savedSections: area ? [1, 2, 3] : [1, 2],
      details: {
        sex: 1,
        birthday: '1991-03-18',
        nation: 1,
        nativePlace: en ? 'Nanning' : '广西南宁',
        birthPlace: en ? 'Nanning' : '广西南宁',
        politicalStatus: 3,
        partyJoinDate: '2016-07-01',
        healthStatus: en ? 'Good' : '健康',
        highestEducation: 5,
        startWorkDate: '2013-07-01',
        companyName: en ? tenant.nameEn || tenant.name : tenant.name,
        companyPosition: en ? 'Training officer' : '培训专员',
        // 南宁市 / 青秀区 of the Guangxi tree.
        region: ['450100', '450103'],
        talentClassification: 2,
        jobTitle: null,
        jobRank: null,
        postType: 2,
        postLevel: null,
        professionalRank: 3,
        skillLevel: null,
        positionHierarchy: null,
        talentBusinessRelationList: area
          ? [
              {
                businessCategoryId: area.id,
                businessCategoryName: area.name,
                parentCategoryIdList: [area.parentId],
                recommendOrder: 1,
              },
            ]
          : [],
      },
    });
  }
}
