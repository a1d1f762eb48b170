import type {
  AdminProjectRow as AdminProjectListRow,
  AppliedProject,
  Lang,
  LecturerBase,
  ProjectApplicant,
  ProjectApplication,
  ProjectCard,
  ProjectCardMine,
} from '@portal/contract';
import type {
  AdminProjectRow,
  ApplicantRow,
  ApplicationRow,
  ProjectMineRow,
  ProjectRow,
} from './project.repository.ts';

/** A moment as the contract carries it: ISO text (null stays null). */
export const iso = (v: Date | string | null | undefined): string | null =>
  v == null ? null : new Date(v).toISOString();
const isoOf = (v: Date | string) => new Date(v).toISOString();

/** Credit in tenths as the contract shows it (hours or credits, one decimal). */
export const tenthsToHours = (tenths: number) => tenths / 10;

export const presentCard = (r: ProjectRow): ProjectCard => ({
  id: r.id,
  title: r.title,
  coverUrl: r.coverUrl,
  summary: r.summary,
  startsAt: isoOf(r.startsAt),
  endsAt: isoOf(r.endsAt),
  projectState: r.projectState,
  capacity: r.capacity,
  seatsTaken: r.seatsTaken,
  seatsLeft: r.capacity > 0 ? Math.max(r.capacity - r.seatsTaken, 0) : null,
  enrolRule: r.enrolRule,
  admireCount: r.admireCount,
  lecturerNames: r.lecturerNames,
  priceFen: r.priceFen,
});

export const presentCardMine = (r: ProjectMineRow): ProjectCardMine => ({
  ...presentCard(r),
  applicationStatus: r.applicationStatus ?? null,
});

export const presentApplication = (a: ApplicationRow): ProjectApplication => ({
  projectId: a.projectId,
  status: a.status,
  appliedAt: isoOf(a.appliedAt),
  decidedAt: iso(a.decidedAt),
  reason: a.reason,
  completedAt: iso(a.completedAt),
});

export const presentApplied = (r: ProjectRow & { application: ApplicationRow }): AppliedProject => ({
  ...presentCard(r),
  application: presentApplication(r.application),
});

export const presentApplicant = (a: ApplicantRow): ProjectApplicant => ({
  accountId: a.accountId,
  userName: a.userName,
  status: a.status,
  appliedAt: isoOf(a.appliedAt),
  decidedAt: iso(a.decidedAt),
  reason: a.reason,
  completedAt: iso(a.completedAt),
});

export const presentAdminProject = (p: AdminProjectRow): AdminProjectListRow => ({
  ...p,
  startsAt: isoOf(p.startsAt),
  endsAt: isoOf(p.endsAt),
});

export const presentLecturer = (
  r: {
    id: number;
    name: string;
    title: string;
    organization: string;
    avatarUrl: string;
    rankId: number | null;
    rankName: string | null;
    rankNameEn: string | null;
  },
  lang: Lang,
): LecturerBase => ({
  id: r.id,
  name: r.name,
  title: r.title,
  organization: r.organization,
  avatarUrl: r.avatarUrl,
  rankId: r.rankId,
  rankName: (lang === 'en' && r.rankNameEn ? r.rankNameEn : r.rankName) ?? '',
});
