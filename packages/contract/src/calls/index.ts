import type { CallDef } from '../call.ts';
import * as account from './account.ts';
import * as announcement from './announcement.ts';
import * as assistant from './assistant.ts';
import * as backOffice from './back-office.ts';
import * as batchPackage from './batch-package.ts';
import * as courseAdmin from './course-admin.ts';
import * as businessIntro from './business-intro.ts';
import * as category from './category.ts';
import * as certificate from './certificate.ts';
import * as certificateAdmin from './certificate-admin.ts';
import * as checkIn from './check-in.ts';
import * as contentAdmin from './content-admin.ts';
import * as course from './course.ts';
import * as enterpriseApplication from './enterprise-application.ts';
import * as exam from './exam.ts';
import * as exportRecord from './export-record.ts';
import * as learnerImport from './learner-import.ts';
import * as lecturer from './lecturer.ts';
import * as media from './media.ts';
import * as message from './message.ts';
import * as news from './news.ts';
import * as order from './order.ts';
import * as orderAdmin from './order-admin.ts';
import * as people from './people.ts';
import * as practice from './practice.ts';
import * as profile from './profile.ts';
import * as project from './project.ts';
import * as projectEditor from './project-editor.ts';
import * as examPaper from './exam-paper.ts';
import * as examTaskAdmin from './exam-task-admin.ts';
import * as report from './report.ts';
import * as questionBank from './question-bank.ts';
import * as ranking from './ranking.ts';
import * as live from './live.ts';
import * as registration from './registration.ts';
import * as siteAdmin from './site-admin.ts';
import * as study from './study.ts';
import * as system from './system.ts';
import * as tag from './tag.ts';
import * as talent from './talent.ts';
import * as task from './task.ts';
import * as taskAdmin from './task-admin.ts';
import * as taskEditor from './task-editor.ts';
import * as thirdParty from './third-party.ts';
import * as topic from './topic.ts';
import * as upload from './upload.ts';

export * from './fields.ts';
export * from './account.ts';
export * from './announcement.ts';
export * from './assistant.ts';
export * from './back-office.ts';
export * from './batch-package.ts';
export * from './course-admin.ts';
export * from './business-intro.ts';
export * from './category.ts';
export * from './certificate.ts';
export * from './certificate-admin.ts';
export * from './check-in.ts';
export * from './content-admin.ts';
export * from './course.ts';
export * from './enterprise-application.ts';
export * from './exam.ts';
export * from './export-record.ts';
export * from './learner-import.ts';
export * from './lecturer.ts';
export * from './media.ts';
export * from './message.ts';
export * from './news.ts';
export * from './order.ts';
export * from './order-admin.ts';
export * from './people.ts';
export * from './practice.ts';
export * from './profile.ts';
export * from './project.ts';
export * from './project-editor.ts';
export * from './exam-paper.ts';
export * from './exam-task-admin.ts';
export * from './report.ts';
export * from './question-bank.ts';
export * from './ranking.ts';
export * from './live.ts';
export * from './registration.ts';
export * from './site-admin.ts';
export * from './study.ts';
export * from './system.ts';
export * from './tag.ts';
export * from './talent.ts';
export * from './task.ts';
export * from './task-admin.ts';
export * from './task-editor.ts';
export * from './third-party.ts';
export * from './topic.ts';
export * from './upload.ts';

function callsOf(mod: Record<string, unknown>): CallDef[] {
  return Object.values(mod).filter(
    (v) => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'response' in v,
  ) as CallDef[];
}

/**
 * Every call of the contract, for the server's registration and the OpenAPI document. A call file
 * is one per server module that serves it; a new one is imported and exported above.
 */
export const allCalls: CallDef[] = [
  account,
  announcement,
  assistant,
  backOffice,
  batchPackage,
  businessIntro,
  category,
  certificate,
  certificateAdmin,
  checkIn,
  contentAdmin,
  course,
  courseAdmin,
  enterpriseApplication,
  exam,
  exportRecord,
  learnerImport,
  lecturer,
  media,
  message,
  news,
  order,
  orderAdmin,
  people,
  practice,
  profile,
  project,
  projectEditor,
  questionBank,
  examPaper,
  examTaskAdmin,
  report,
  ranking,
  live,
  registration,
  siteAdmin,
  study,
  system,
  tag,
  talent,
  task,
  taskAdmin,
  taskEditor,
  thirdParty,
  topic,
  upload,
].flatMap(callsOf);
