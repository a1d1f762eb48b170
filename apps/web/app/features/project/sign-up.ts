import {
  EnrolRule,
  ProjectState,
  type ProjectCard,
  type ProjectCardMine,
  type ProjectDetail,
} from '@portal/contract/calls/project';
import { INT4_MAX } from '@portal/contract/envelope';
import { localePath, type Lang } from '../../lib/navigation.ts';
import { applyStateOf, type ApplyState } from './apply-state.tsx';

/**
 * The training enrolment page (/signUp, decision 063): the link a training team shares so that a
 * person enrols in one study project, signing in or registering first if needed; without a
 * project, the projects taking enrolments now.
 */

/** The enrolment page of a project, or the list without one. */
export function signUpPath(lang: Lang, projectId?: number): string {
  const path = localePath('/signUp', lang);
  return projectId === undefined ? path : `${path}?projectId=${projectId}`;
}

/** Sign-in or registration, coming back to a project's enrolment page afterwards. */
export function signInFirstPath(page: '/login' | '/register', lang: Lang, projectId: number): string {
  return `${localePath(page, lang)}?redirect=${encodeURIComponent(signUpPath(lang, projectId))}`;
}

/**
 * The page's `?projectId=`: undefined when absent or empty (the list), the id, or null when it
 * cannot name a project (not digits, 0, beyond int32): the page's not-found state.
 */
export function projectIdOf(raw: string | null): number | null | undefined {
  if (raw === null || raw === '') return undefined;
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= INT4_MAX ? n : null;
}

/** What the enrolment page shows of a project, to visitors and learners alike. */
export type SignUpFacts = Pick<
  ProjectCard,
  | 'id'
  | 'title'
  | 'coverUrl'
  | 'summary'
  | 'startsAt'
  | 'endsAt'
  | 'projectState'
  | 'capacity'
  | 'seatsLeft'
  | 'enrolRule'
  | 'lecturerNames'
  | 'priceFen'
>;

/** A signed-in learner's project: the facts and what decides their action (`applyStateOf`). */
export type SignUpProject = SignUpFacts &
  Pick<ProjectDetail, 'application' | 'canApply' | 'cannotApplyCode' | 'completed'>;

/** The facts of a card or a project page (the rest — introduction, stages — stays out of the page's data). */
export function signUpFactsOf(p: ProjectCard): SignUpFacts {
  return {
    id: p.id,
    title: p.title,
    coverUrl: p.coverUrl,
    summary: p.summary,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    projectState: p.projectState,
    capacity: p.capacity,
    seatsLeft: p.seatsLeft,
    enrolRule: p.enrolRule,
    lecturerNames: p.lecturerNames,
    priceFen: p.priceFen,
  };
}

export function signUpProjectOf(p: ProjectDetail): SignUpProject {
  return {
    ...signUpFactsOf(p),
    application: p.application,
    canApply: p.canApply,
    cannotApplyCode: p.cannotApplyCode,
    completed: p.completed,
  };
}

/**
 * Taking enrolments now: open or approval rule, under way (applications are taken between the
 * project's start and end), seats left or no limit. The list shows only these.
 */
export function openForEnrolment(p: Pick<ProjectCard, 'enrolRule' | 'projectState' | 'seatsLeft'>): boolean {
  return (
    p.enrolRule !== EnrolRule.CLOSED &&
    p.projectState === ProjectState.UNDER_WAY &&
    (p.seatsLeft === null || p.seatsLeft > 0)
  );
}

/** The list's projects: those taking enrolments, in the server's order. */
export function openProjectsOf<P extends ProjectCard | ProjectCardMine>(list: P[]): P[] {
  return list.filter(openForEnrolment);
}

/**
 * A visitor's action: sign in (or register) to enrol while the project takes enrolments, else the
 * refusal the project page would show a learner (暂停报名, 已结束, 未开始, 名额已满) — no point
 * signing in for it.
 */
export function visitorStateOf(p: SignUpFacts): 'signIn' | ApplyState {
  if (openForEnrolment(p)) return 'signIn';
  return applyStateOf({ ...p, application: null, canApply: false, cannotApplyCode: null, completed: false });
}
