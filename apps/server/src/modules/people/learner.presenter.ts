import type { Lang, LearnerRow } from '@portal/contract';
import type { GroupRow, LearnerRowDb } from './learner.repository.ts';

const nameIn = (g: GroupRow, lang: Lang) => (lang === 'en' && g.nameEn ? g.nameEn : g.name);

/** A learner as the back office's list shows it, with their departments and tags in the page's language. */
export function presentLearner(
  r: Omit<LearnerRowDb, 'sortValue'>,
  departments: readonly GroupRow[],
  tags: readonly GroupRow[],
  lang: Lang,
): LearnerRow {
  const groups = (list: readonly GroupRow[]) =>
    list.filter((g) => g.accountId === r.accountId).map((g) => ({ id: Number(g.id), name: nameIn(g, lang) }));
  return {
    accountId: Number(r.accountId),
    phone: r.phone,
    realName: r.realName,
    userName: r.userName,
    employeeNo: r.employeeNo,
    status: Number(r.status),
    isAdmin: r.isAdmin,
    departments: groups(departments),
    tags: groups(tags),
    createdAt: new Date(r.createdAt).toISOString(),
  };
}
