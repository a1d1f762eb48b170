import { ApplicationStatus, EnrolRule, ErrorCode, ProjectState, type ErrorCodeValue } from '@portal/contract';

/**
 * Who may do what with study projects (decision 035), in one place:
 * - a learner sees the published projects of their session's enterprise only; another
 *   enterprise's, an unpublished and a missing project are all unknown (404);
 * - applying (`applyRefusal`): never while an application holds a seat (8205), never to a closed
 *   project (8201), only between its dates by the server's clock (8202, 8203), only while a seat is
 *   left (8204; the seat itself is taken by one conditional UPDATE, project.repository.ts);
 * - only the enterprise's administrators (isAdmin) see and decide applications: back-office calls
 *   (access `admin`, decision 036) the gateway refuses to everyone else (3403).
 */

/** The project's facts an application is judged by. */
export interface EnrolmentFacts {
  enrolRule: number;
  projectState: number;
  capacity: number;
  seatsTaken: number;
  /** A priced project is joined by buying it (decision 058), never by applying. */
  priceFen?: number;
}

/** Whether an application in this status holds a seat (pending or approved). */
export const holdsSeat = (status: number | null | undefined): boolean =>
  status === ApplicationStatus.PENDING || status === ApplicationStatus.APPROVED;

/** Why the learner cannot apply now (the code an apply answers), or null. */
export function applyRefusal(p: EnrolmentFacts, applicationStatus: number | null | undefined): ErrorCodeValue | null {
  if (holdsSeat(applicationStatus)) return ErrorCode.PROJECT_APPLIED;
  if (p.enrolRule === EnrolRule.CLOSED) return ErrorCode.PROJECT_CLOSED;
  if (p.projectState === ProjectState.NOT_STARTED) return ErrorCode.PROJECT_NOT_STARTED;
  if (p.projectState === ProjectState.ENDED) return ErrorCode.PROJECT_ENDED;
  if (p.capacity > 0 && p.seatsTaken >= p.capacity) return ErrorCode.PROJECT_FULL;
  // Open to it, but by buying it (the page's 购买 button): last, so a full or ended project says so.
  if ((p.priceFen ?? 0) > 0) return ErrorCode.PROJECT_BOUGHT_NOT_APPLIED;
  return null;
}

/** The status a new application gets by the project's rule: approved at once where open. */
export const statusOnApply = (enrolRule: number): number =>
  enrolRule === EnrolRule.OPEN ? ApplicationStatus.APPROVED : ApplicationStatus.PENDING;
