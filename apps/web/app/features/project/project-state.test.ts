import { describe, expect, it } from 'vitest';
import { ApplicationStatus, EnrolRule, ProjectState, type ProjectDetail } from '@portal/contract/calls/project';
import { ErrorCode } from '@portal/contract/errors';
import { applyStateOf } from './apply-state.tsx';
import { parseProjectQuery, projectListHref } from './project-catalogue.tsx';

type Input = Parameters<typeof applyStateOf>[0];
const base: Input = {
  application: null,
  canApply: true,
  cannotApplyCode: null,
  completed: false,
  enrolRule: EnrolRule.OPEN,
  projectState: ProjectState.UNDER_WAY,
  seatsLeft: 5,
};
const application = (status: number): ProjectDetail['application'] => ({
  projectId: 1,
  status,
  appliedAt: '2026-11-27T00:00:00.000Z',
  decidedAt: null,
  reason: '',
  completedAt: null,
});

describe("the project page's apply button", () => {
  it('offers 报名 to a learner who may apply, and 重新报名 after a rejection or a withdrawal', () => {
    expect(applyStateOf(base)).toBe('apply');
    expect(applyStateOf({ ...base, application: application(ApplicationStatus.REJECTED) })).toBe('applyAgain');
    expect(applyStateOf({ ...base, application: application(ApplicationStatus.WITHDRAWN) })).toBe('applyAgain');
  });

  it('shows a pending application as 审核中 and an approved one as enrolled, then completed', () => {
    const pending = { ...base, canApply: false, cannotApplyCode: ErrorCode.PROJECT_APPLIED };
    expect(applyStateOf({ ...pending, application: application(ApplicationStatus.PENDING) })).toBe('pending');
    expect(applyStateOf({ ...pending, application: application(ApplicationStatus.APPROVED) })).toBe('enrolled');
    expect(applyStateOf({ ...pending, application: application(ApplicationStatus.APPROVED), completed: true })).toBe(
      'completed',
    );
  });

  it('says why a learner cannot apply: full, closed, not started, ended (the refusal code first)', () => {
    const refused = (cannotApplyCode: number | null, more: Partial<Input> = {}) =>
      applyStateOf({ ...base, canApply: false, cannotApplyCode, ...more });
    expect(refused(ErrorCode.PROJECT_FULL)).toBe('full');
    expect(refused(ErrorCode.PROJECT_CLOSED)).toBe('closed');
    expect(refused(ErrorCode.PROJECT_NOT_STARTED)).toBe('notStarted');
    expect(refused(ErrorCode.PROJECT_ENDED)).toBe('ended');
    expect(refused(null, { seatsLeft: 0 })).toBe('full');
    expect(refused(null, { projectState: ProjectState.ENDED })).toBe('ended');
    expect(refused(null, { enrolRule: EnrolRule.CLOSED })).toBe('closed');
  });
});

describe("the projects tab's address", () => {
  it('keeps keyword, state and page, and leaves out what is malformed', () => {
    const q = parseProjectQuery(new URLSearchParams('tab=project&keyword=%20医保%20&state=2&page=3'));
    expect(q).toEqual({ keyword: '医保', state: 2, page: 3 });
    expect(parseProjectQuery(new URLSearchParams('state=9&page=-1'))).toEqual({
      keyword: '',
      state: undefined,
      page: 1,
    });
    expect(projectListHref('en', q, { page: 4 })).toBe(
      '/en/knowledge?tab=project&keyword=%E5%8C%BB%E4%BF%9D&state=2&page=4',
    );
    // A changed filter starts again at page 1.
    expect(projectListHref('zh', q, { state: undefined })).toBe('/knowledge?tab=project&keyword=%E5%8C%BB%E4%BF%9D');
  });
});

describe('the project cards', () => {
  it("name the rules by the contract's numbers (the cards hold them as numbers, to keep zod off /home)", () => {
    expect(EnrolRule).toEqual({ OPEN: 1, APPROVAL: 2, CLOSED: 3 });
  });
});
