import type { CallDef } from '../call.ts';
import * as businessIntro from './business-intro.ts';
import * as category from './category.ts';
import * as announcement from './announcement.ts';
import * as exportRecord from './export-record.ts';
import * as course from './course.ts';
import * as lecturer from './lecturer.ts';
import * as message from './message.ts';
import * as news from './news.ts';
import * as ranking from './ranking.ts';
import * as registration from './registration.ts';
import * as system from './system.ts';
import * as tag from './tag.ts';
import * as topic from './topic.ts';
import * as upload from './upload.ts';
import * as user from './user.ts';

export * from './business-intro.ts';
export * from './category.ts';
export * from './announcement.ts';
export * from './export-record.ts';
export * from './course.ts';
export * from './lecturer.ts';
export * from './message.ts';
export * from './news.ts';
export * from './ranking.ts';
export * from './registration.ts';
export * from './system.ts';
export * from './tag.ts';
export * from './topic.ts';
export * from './upload.ts';
export * from './user.ts';

function callsOf(mod: Record<string, unknown>): CallDef[] {
  return Object.values(mod).filter(
    (v) => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'response' in v,
  ) as CallDef[];
}

/** Every call of the contract, for the server's registration and the OpenAPI document. */
export const allCalls: CallDef[] = [
  ...callsOf(system),
  ...callsOf(user),
  ...callsOf(upload),
  ...callsOf(ranking),
  ...callsOf(news),
  ...callsOf(lecturer),
  ...callsOf(topic),
  ...callsOf(businessIntro),
  ...callsOf(announcement),
  ...callsOf(message),
  ...callsOf(exportRecord),
  ...callsOf(course),
  ...callsOf(registration),
  ...callsOf(tag),
  ...callsOf(category),
];
