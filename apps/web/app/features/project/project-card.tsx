import { Link } from 'react-router';
// Types only: the home page shows these cards, and the call declarations would bring zod into its
// first load (decision 004).
import type { ProjectCard, ProjectCardMine } from '@portal/contract/calls/project';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath, type Lang } from '../../lib/navigation.ts';
import { applicationMessages, projectCardMessages } from './project-card-messages.ts';
import '../news/news.css';
import './project.css';

/** The project page (/knowledge/project/info?id=): cards, the home zone and my enrolments link to it. */
export function projectPath(id: number, lang: Lang): string {
  return `${localePath('/knowledge/project/info', lang)}?id=${id}`;
}

/** The projects tab of /knowledge. */
export function projectsTabPath(lang: Lang): string {
  return `${localePath('/knowledge', lang)}?tab=project`;
}

/** `YYYY-MM-DD` in China time (the project's dates; the time of day says little on a card). */
export function projectDate(iso: string): string {
  return dateTime(iso).slice(0, 10);
}

/** The seats line: no limit, full, or how many are left. */
export function seatsText(
  t: { noLimit: string; seatsFull: string; seatsLeft: string },
  project: Pick<ProjectCard, 'seatsLeft'>,
): string {
  if (project.seatsLeft === null) return t.noLimit;
  return project.seatsLeft <= 0 ? t.seatsFull : format(t.seatsLeft, { n: project.seatsLeft });
}

/** The enrolment rule (the contract's EnrolRule: 1 open, 2 approval, 3 closed): 自由报名, 报名需审核 or 暂停报名. */
export function RuleTag({ rule }: { rule: number }) {
  const t = useMessages(projectCardMessages);
  const text = rule === 2 ? t.rule2 : rule === 3 ? t.rule3 : t.rule1;
  return <span className={`portal-project-rule is-rule-${rule}`}>{text}</span>;
}

/** The learner's application status as a tag: 待审核, 已通过, 未通过, 已取消. */
export function ApplicationTag({ status }: { status: number }) {
  const t = useMessages(applicationMessages);
  const key = `status${status}` as keyof typeof t;
  if (!(key in t)) return null;
  return (
    <span className={`portal-project-status is-status-${status}`} data-application-status={status}>
      {t[key]}
    </span>
  );
}

/** What a card shows of a project (the home zone sends only these with the page). */
export type ProjectCardShown = Pick<
  ProjectCard,
  'id' | 'title' | 'coverUrl' | 'startsAt' | 'endsAt' | 'enrolRule' | 'seatsLeft' | 'lecturerNames'
> &
  Partial<Pick<ProjectCardMine, 'applicationStatus'>>;

/** The fields of a project a card shows (the rest stays out of the page's data). */
export function cardShownOf(p: ProjectCard | ProjectCardMine): ProjectCardShown {
  const shown: ProjectCardShown = {
    id: p.id,
    title: p.title,
    coverUrl: p.coverUrl,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    enrolRule: p.enrolRule,
    seatsLeft: p.seatsLeft,
    lecturerNames: p.lecturerNames,
  };
  if ('applicationStatus' in p) shown.applicationStatus = p.applicationStatus;
  return shown;
}

/** Where a card leads: the project page unless the list says otherwise (the enrolment page's list). */
type CardLink = (id: number, lang: Lang) => string;

/**
 * A project card: cover, title, dates, enrolment rule, seats, lecturers and, for a signed-in
 * learner, their application's status.
 */
function ProjectCardItem({ project, linkOf }: { project: ProjectCardShown; linkOf: CardLink }) {
  const t = useMessages(projectCardMessages);
  const lang = useLang();
  const status = project.applicationStatus ?? null;
  return (
    <li className="portal-project-card" data-project-id={project.id}>
      <Link to={linkOf(project.id, lang)}>
        <img src={project.coverUrl || '/demo/course-cover.svg'} alt="" width={280} height={158} loading="lazy" />
        <span className="portal-project-title">{project.title}</span>
      </Link>
      <span className="portal-project-meta">
        {format(t.dates, { from: projectDate(project.startsAt), to: projectDate(project.endsAt) })}
      </span>
      {project.lecturerNames.length > 0 && (
        <span className="portal-project-meta">
          {format(t.lecturers, { names: project.lecturerNames.join(lang === 'en' ? ', ' : '、') })}
        </span>
      )}
      <span className="portal-project-tags">
        <RuleTag rule={project.enrolRule} />
        <span className="portal-project-seats">{seatsText(t, project)}</span>
        {status !== null && <ApplicationTag status={status} />}
      </span>
    </li>
  );
}

/** A grid of project cards, or the empty text. */
export function ProjectGrid({
  projects,
  emptyText,
  linkOf = projectPath,
}: {
  projects: ProjectCardShown[];
  emptyText?: string;
  linkOf?: CardLink;
}) {
  const t = useMessages(projectCardMessages);
  if (projects.length === 0) return <p className="portal-news-note">{emptyText ?? t.empty}</p>;
  return (
    <ul className="portal-project-grid">
      {projects.map((p) => (
        <ProjectCardItem key={p.id} project={p} linkOf={linkOf} />
      ))}
    </ul>
  );
}
