/**
 * Earning (DESIGN.md section 9, decision 026): the one place hours, points, certificates and the
 * learner's totals are earned. Courses and exams earn through `earnOnce`; tasks, projects, live
 * attendance and purchases will. Bought goods open through `unlockOnce` (and close again on a
 * refund, `lockAgain`), decision 057. Nothing else of this folder is for other modules.
 */
export { earnOnce, type Earned, type Earner, type Earning } from './earn-once.ts';
export type { IssuedCertificate } from './issue-certificate.ts';
export { holdsCourseSql, lockAgain, unlockOnce, type Goods } from './unlock.ts';
