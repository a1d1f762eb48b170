import type { CallDef } from '../call.ts';
import * as course from './course.ts';
import * as lecturer from './lecturer.ts';
import * as news from './news.ts';
import * as ranking from './ranking.ts';
import * as system from './system.ts';
import * as upload from './upload.ts';
import * as user from './user.ts';

export * from './course.ts';
export * from './lecturer.ts';
export * from './news.ts';
export * from './ranking.ts';
export * from './system.ts';
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
  ...callsOf(course),
];
