import { z } from 'zod';
import { defineCall } from '../call.ts';
import { RANK_PAGE_SIZE } from '../constants.ts';
import { paging, pageResponse } from '../envelope.ts';

/** The three leaderboards of the home page (platform.md section 7, ranking calls). */
export const rankKinds = ['integral', 'creditHour', 'certificate'] as const;
export type RankKind = (typeof rankKinds)[number];

/** Leaderboards list the top learners only (decision 012); one's own rank counts everyone. */
export const LEADERBOARD_SIZE = 100;

const rankPageRequest = z.object({
  ...paging(RANK_PAGE_SIZE, 50),
});

export const rankEntry = z.object({
  /** Competition ranking: equal values share a rank (1, 2, 2, 4). */
  rank: z.number().int(),
  userName: z.string(),
  headPortrait: z.string(),
  departmentName: z.string(),
  /** Points, credit hours (one decimal) or certificates. */
  value: z.number(),
});
export type RankEntry = z.infer<typeof rankEntry>;

export const currentRank = z.object({
  /** Rank among every learner of the enterprise (after those with more; equal values share it). */
  rank: z.number().int(),
  value: z.number(),
});

const PATHS: Record<RankKind, { page: string; current: string; label: string }> = {
  integral: {
    page: '/user/auth/enterprise/user/account/integral/rank/page',
    current: '/user/auth/enterprise/user/account/current/integral/rank',
    label: 'points',
  },
  creditHour: {
    page: '/user/auth/enterprise/user/account/credit/hour/rank/page',
    current: '/user/auth/enterprise/user/account/current/credit/hour/rank',
    label: 'credit hours',
  },
  certificate: {
    page: '/user/auth/enterprise/user/account/certificate/rank/page',
    current: '/user/auth/enterprise/user/account/current/certificate/rank',
    label: 'certificates',
  },
};

const pageCall = (kind: RankKind, name: string) =>
  defineCall({
    name,
    method: 'POST',
    path: PATHS[kind].page,
    summary: `Leaderboard of ${PATHS[kind].label} in the enterprise: the top ${LEADERBOARD_SIZE}, ${RANK_PAGE_SIZE} a page by default`,
    tags: ['ranking'],
    request: rankPageRequest,
    response: pageResponse(rankEntry),
  });

const currentCall = (kind: RankKind, name: string) =>
  defineCall({
    name,
    method: 'GET',
    path: PATHS[kind].current,
    summary: `The signed-in learner's rank by ${PATHS[kind].label} among everyone of the enterprise`,
    tags: ['ranking'],
    request: z.object({}),
    response: currentRank,
  });

export const findIntegralRanks = pageCall('integral', 'findIntegralRanks');
export const findCreditHourRanks = pageCall('creditHour', 'findCreditHourRanks');
export const findCertificateRanks = pageCall('certificate', 'findCertificateRanks');
export const viewCurrentIntegralRank = currentCall('integral', 'viewCurrentIntegralRank');
export const viewCurrentCreditHourRank = currentCall('creditHour', 'viewCurrentCreditHourRank');
export const viewCurrentCertificateRank = currentCall('certificate', 'viewCurrentCertificateRank');

export const rankCalls = {
  integral: { page: findIntegralRanks, current: viewCurrentIntegralRank },
  creditHour: { page: findCreditHourRanks, current: viewCurrentCreditHourRank },
  certificate: { page: findCertificateRanks, current: viewCurrentCertificateRank },
} as const;
