import { describe, expect, it } from 'vitest';
import { EnrolRule, ProjectState, type ProjectCard, type ProjectDetail } from '@portal/contract/calls/project';
import {
  openForEnrolment,
  openProjectsOf,
  projectIdOf,
  signInFirstPath,
  signUpPath,
  signUpProjectOf,
  visitorStateOf,
} from './sign-up.ts';

const card: ProjectCard = {
  id: 7,
  title: '岗位能力提升训练营',
  coverUrl: '',
  summary: '',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2027-01-31T00:00:00.000Z',
  projectState: ProjectState.UNDER_WAY,
  capacity: 50,
  seatsTaken: 4,
  seatsLeft: 46,
  enrolRule: EnrolRule.OPEN,
  admireCount: 0,
  lecturerNames: ['王老师'],
  priceFen: 0,
};

describe('the enrolment page’s address', () => {
  it('names a project, or none for the list, in the page’s language', () => {
    expect(signUpPath('zh', 7)).toBe('/signUp?projectId=7');
    expect(signUpPath('en', 7)).toBe('/en/signUp?projectId=7');
    expect(signUpPath('en')).toBe('/en/signUp');
  });

  it('signs in or registers first, coming back to the project', () => {
    expect(signInFirstPath('/login', 'zh', 7)).toBe(`/login?redirect=${encodeURIComponent('/signUp?projectId=7')}`);
    expect(signInFirstPath('/register', 'en', 7)).toBe(
      `/en/register?redirect=${encodeURIComponent('/en/signUp?projectId=7')}`,
    );
  });

  it('reads projectId: absent is the list, anything that cannot be an id is not found', () => {
    expect(projectIdOf(null)).toBeUndefined();
    expect(projectIdOf('')).toBeUndefined();
    expect(projectIdOf('7')).toBe(7);
    expect(projectIdOf('2147483647')).toBe(2147483647);
    for (const bad of ['0', '-1', '1.5', 'abc', '7 ', '2147483648', '99999999999', '1e3']) {
      expect(projectIdOf(bad), bad).toBeNull();
    }
  });
});

describe('projects taking enrolments', () => {
  it('are open or approval, under way, with places left or no limit', () => {
    expect(openForEnrolment(card)).toBe(true);
    expect(openForEnrolment({ ...card, enrolRule: EnrolRule.APPROVAL })).toBe(true);
    expect(openForEnrolment({ ...card, seatsLeft: null })).toBe(true);
    expect(openForEnrolment({ ...card, enrolRule: EnrolRule.CLOSED })).toBe(false);
    expect(openForEnrolment({ ...card, seatsLeft: 0 })).toBe(false);
    expect(openForEnrolment({ ...card, projectState: ProjectState.ENDED })).toBe(false);
    expect(openForEnrolment({ ...card, projectState: ProjectState.NOT_STARTED })).toBe(false);
  });

  it('the list keeps those, in the server’s order', () => {
    const list = [
      { ...card, id: 1 },
      { ...card, id: 2, seatsLeft: 0 },
      { ...card, id: 3, enrolRule: EnrolRule.APPROVAL },
      { ...card, id: 4, enrolRule: EnrolRule.CLOSED },
    ];
    expect(openProjectsOf(list).map((p) => p.id)).toEqual([1, 3]);
  });

  it('a visitor is asked to sign in for one, and told why not for the others', () => {
    expect(visitorStateOf(card)).toBe('signIn');
    expect(visitorStateOf({ ...card, enrolRule: EnrolRule.CLOSED })).toBe('closed');
    expect(visitorStateOf({ ...card, projectState: ProjectState.ENDED })).toBe('ended');
    expect(visitorStateOf({ ...card, projectState: ProjectState.NOT_STARTED })).toBe('notStarted');
    expect(visitorStateOf({ ...card, seatsLeft: 0 })).toBe('full');
  });
});

describe("a learner's project on the page", () => {
  it('keeps the facts and the application, not the introduction and stages', () => {
    const detail: ProjectDetail = {
      ...card,
      applicationStatus: null,
      intro: '<p>项目介绍</p>',
      creditHour: 3,
      points: 30,
      grantsCertificate: true,
      stages: [{ id: 1, title: '第一阶段', tasks: [] }],
      lecturers: [],
      admired: false,
      application: null,
      canApply: true,
      cannotApplyCode: null,
      taskCount: 2,
      completedTaskCount: 0,
      progressPercent: 0,
      completed: false,
    };
    const shown = signUpProjectOf(detail);
    expect(shown).not.toHaveProperty('intro');
    expect(shown).not.toHaveProperty('stages');
    expect(shown).toMatchObject({ id: 7, title: card.title, seatsLeft: 46, canApply: true, application: null });
  });
});
