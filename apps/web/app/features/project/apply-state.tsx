import { Button } from 'antd';
import { ApplicationStatus, EnrolRule, ProjectState, type ProjectDetail } from '@portal/contract/calls/project';
import { ErrorCode } from '@portal/contract/errors';
import { useMessages } from '../../lib/i18n.ts';
import { projectMessages } from './project-messages.ts';

// Apart from the project page: the enrolment page (/signUp) offers the same states and button
// without loading the page's tabs, rich content and lecturer grid.

/**
 * What the page offers the learner about enrolment, from their application and whether the server
 * would take one now: 报名 (again after a rejection or a withdrawal), 审核中 (withdrawable), 已报名,
 * 已完成, or why not — 名额已满, 暂停报名, 未开始, 已结束.
 */
export type ApplyState =
  'apply' | 'applyAgain' | 'buy' | 'pending' | 'enrolled' | 'completed' | 'full' | 'closed' | 'notStarted' | 'ended';

export function applyStateOf(
  p: Pick<
    ProjectDetail,
    'application' | 'canApply' | 'cannotApplyCode' | 'completed' | 'enrolRule' | 'projectState' | 'seatsLeft'
  >,
): ApplyState {
  const status = p.application?.status;
  if (status === ApplicationStatus.PENDING) return 'pending';
  if (status === ApplicationStatus.APPROVED) return p.completed ? 'completed' : 'enrolled';
  if (p.canApply) return status === undefined ? 'apply' : 'applyAgain';
  switch (p.cannotApplyCode) {
    case ErrorCode.PROJECT_BOUGHT_NOT_APPLIED:
      return 'buy';
    case ErrorCode.PROJECT_FULL:
      return 'full';
    case ErrorCode.PROJECT_CLOSED:
      return 'closed';
    case ErrorCode.PROJECT_NOT_STARTED:
      return 'notStarted';
    case ErrorCode.PROJECT_ENDED:
      return 'ended';
  }
  // A refusal this page does not name: said from what the project shows.
  if (p.enrolRule === EnrolRule.CLOSED) return 'closed';
  if (p.projectState === ProjectState.ENDED) return 'ended';
  if (p.projectState === ProjectState.NOT_STARTED) return 'notStarted';
  if (p.seatsLeft !== null && p.seatsLeft <= 0) return 'full';
  return 'closed';
}

/**
 * The main button: 报名 when the learner may apply, else the state as a disabled button. Each is its
 * own element (`key`): reused, the state's button kept 报名's loading icon in its leave animation,
 * and its name read "loading 审核中" to assistive technology (and to the browser tests' role query).
 * The enrolment page (/signUp) names the first application its own way (`applyText`: 立即报名).
 */
export function ApplyButton({
  state,
  running,
  onApply,
  applyText,
}: {
  state: ApplyState;
  running: boolean;
  onApply: () => void;
  applyText?: string;
}) {
  const t = useMessages(projectMessages);
  if (state === 'apply' || state === 'applyAgain') {
    return (
      <Button key="apply" type="primary" size="large" loading={running} onClick={onApply}>
        {state === 'apply' ? (applyText ?? t.apply) : t.applyAgain}
      </Button>
    );
  }
  const label = {
    buy: t.apply,
    pending: t.pending,
    enrolled: t.enrolled,
    completed: t.completed,
    full: t.full,
    closed: t.closed,
    notStarted: t.notStarted,
    ended: t.ended,
  }[state];
  return (
    <Button key={state} size="large" disabled data-apply-state={state}>
      {label}
    </Button>
  );
}
