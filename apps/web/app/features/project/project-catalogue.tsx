import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Input } from 'antd';
import { ProjectState, type ProjectCard, type ProjectCardMine } from '@portal/contract/calls/project';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath, type Lang } from '../../lib/navigation.ts';
import { Pager } from '../paging/pager.tsx';
import { ProjectGrid } from './project-card.tsx';
import { projectListMessages } from './project-messages.ts';
import '../course/course.css';
import './project.css';

/** Which list /knowledge shows: the courses (no `tab`) or the projects (`tab=project`). */
export type KnowledgeTab = 'course' | 'project';

export function knowledgeTabOf(params: URLSearchParams): KnowledgeTab {
  return params.get('tab') === 'project' ? 'project' : 'course';
}

export interface ProjectQuery {
  keyword: string;
  /** ProjectState; undefined: all. */
  state: number | undefined;
  page: number;
}

const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && n > 0 && n < 2 ** 31 ? n : undefined;
};

const STATES = [ProjectState.NOT_STARTED, ProjectState.UNDER_WAY, ProjectState.ENDED] as const;

/** The projects tab's filters from the address: anything malformed is left out. */
export function parseProjectQuery(params: URLSearchParams): ProjectQuery {
  const state = positive(params.get('state'));
  return {
    keyword: (params.get('keyword') ?? '').trim().slice(0, 50),
    state: STATES.find((s) => s === state),
    page: positive(params.get('page')) ?? 1,
  };
}

/** The address of the projects tab with some filters changed: a changed filter starts at page 1. */
export function projectListHref(lang: Lang, query: ProjectQuery, next: Partial<ProjectQuery>): string {
  const q = { ...query, page: 1, ...next };
  const params = new URLSearchParams({ tab: 'project' });
  if (q.keyword) params.set('keyword', q.keyword);
  if (q.state) params.set('state', String(q.state));
  if (q.page > 1) params.set('page', String(q.page));
  return `${localePath('/knowledge', lang)}?${params.toString()}`;
}

/** The two tabs of /knowledge, as links (the address says which). */
export function KnowledgeTabs({ current }: { current: KnowledgeTab }) {
  const t = useMessages(projectListMessages);
  const lang = useLang();
  const here = localePath('/knowledge', lang);
  const tabs: Array<[KnowledgeTab, string, string]> = [
    ['course', t.coursesTab, here],
    ['project', t.projectsTab, `${here}?tab=project`],
  ];
  return (
    <nav className="portal-knowledge-tabs" aria-label={t.tabs}>
      {tabs.map(([key, label, to]) => (
        <Link key={key} to={to} aria-current={current === key ? 'page' : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}

interface ProjectCatalogueProps {
  query: ProjectQuery;
  page: {
    list: Array<ProjectCard | ProjectCardMine>;
    pageCurrent: number;
    totalPage: number;
    totalCount: number;
  } | null;
  counts: { totalCount: number; pendingCount: number; enrolledCount: number; completedCount: number } | null;
  failed: boolean;
  tabs: ReactNode;
}

/**
 * The projects tab of /knowledge: keyword, the project's state (未开始, 进行中, 已结束), the counts
 * line (signed in: how many the learner is waiting on, enrolled in, completed), the cards and the
 * pages; every filter is in the address.
 */
export function ProjectCatalogue({ query, page, counts, failed, tabs }: ProjectCatalogueProps) {
  const t = useMessages(projectListMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const href = (next: Partial<ProjectQuery>) => projectListHref(lang, query, next);
  const filtered = query.keyword !== '' || query.state !== undefined;
  const stateLinks: Array<[number | undefined, string]> = [
    [undefined, t.allStates],
    [ProjectState.NOT_STARTED, t.notStarted],
    [ProjectState.UNDER_WAY, t.underWay],
    [ProjectState.ENDED, t.ended],
  ];
  return (
    <section className="portal-page portal-catalogue portal-project-catalogue">
      <h1 className="portal-page-title">{t.title}</h1>
      {tabs}
      <div className="portal-catalogue-tools">
        <div role="search" className="portal-catalogue-search">
          <Input.Search
            key={query.keyword}
            defaultValue={query.keyword}
            aria-label={t.keyword}
            placeholder={t.keywordPlaceholder}
            maxLength={50}
            allowClear
            enterButton={t.search}
            onSearch={(value) =>
              // The filters the address has now (see the course catalogue's `go`).
              void navigate(
                projectListHref(lang, parseProjectQuery(new URLSearchParams(window.location.search)), {
                  keyword: value.trim(),
                }),
              )
            }
          />
        </div>
        {filtered && (
          <Link className="portal-catalogue-reset" to={href({ keyword: '', state: undefined })}>
            {t.reset}
          </Link>
        )}
      </div>
      <div className="portal-catalogue-sortbar">
        <nav className="portal-catalogue-sorts" aria-label={t.states}>
          {stateLinks.map(([state, label]) => (
            <Link key={state ?? 0} to={href({ state })} aria-current={query.state === state ? 'page' : undefined}>
              {label}
            </Link>
          ))}
        </nav>
        {counts ? (
          <p className="portal-catalogue-counts">
            {format(t.counts, {
              total: counts.totalCount,
              pending: counts.pendingCount,
              enrolled: counts.enrolledCount,
              completed: counts.completedCount,
            })}
          </p>
        ) : (
          page && <p className="portal-catalogue-counts">{format(t.total, { total: page.totalCount })}</p>
        )}
      </div>
      {failed || !page ? (
        <p className="portal-news-note" role="alert">
          {t.failed}
        </p>
      ) : (
        <ProjectGrid projects={page.list} emptyText={filtered ? t.noMatch : t.empty} />
      )}
      {page && <Pager page={page} href={(n) => href({ page: n })} />}
    </section>
  );
}
