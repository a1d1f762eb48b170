import { Link, useLocation } from 'react-router';
import { findCourses, findCoursesAuth, findLecturers, findLiveRooms, findNews } from '@portal/contract';
import { CourseGrid } from '../features/course/course-card.tsx';
import { LecturerGrid } from '../features/lecturer/lecturer-card.tsx';
import { LiveRoomGrid } from '../features/live/live-room-card.tsx';
import { newsDate } from '../features/news/news-date.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { defineMessages, format, useLang, useMessages } from '../lib/i18n.ts';
import { Pager } from '../features/paging/pager.tsx';
import { localePath } from '../lib/navigation.ts';
import '../features/news/news.css';
import type { Route } from './+types/search';

const messages = defineMessages({
  zh: {
    title: '“{str}”的搜索结果',
    courses: '课程（{n}）',
    news: '新闻资讯（{n}）',
    lecturers: '讲师（{n}）',
    live: '直播（{n}）',
    none: '没有找到与“{str}”相关的内容',
    failed: '数据加载失败，请稍后再试',
  },
  en: {
    title: 'Results for “{str}”',
    courses: 'Courses ({n})',
    news: 'News ({n})',
    lecturers: 'Lecturers ({n})',
    live: 'Live lessons ({n})',
    none: 'Nothing found for “{str}”',
    failed: 'Failed to load data, please try again later',
  },
});

const NEWS_PER_PAGE = 10;
const COURSES_PER_PAGE = 8;
const LECTURERS_PER_PAGE = 8;
const LIVE_PER_PAGE = 8;
/** The header search's type of a search started on a live page (lib/search.ts). */
const LIVE_SEARCH_TYPE = '2';

/** Each section pages by its own query parameter. */
const PAGE_PARAMS = { courses: 'coursePage', news: 'page', lecturers: 'lecturerPage', live: 'livePage' } as const;

function pageOf(url: URL, name: string): number {
  const raw = Number(url.searchParams.get(name));
  return Number.isInteger(raw) && raw > 0 && raw < 100_000 ? raw : 1;
}

/**
 * /search/{str}?type=…: the site's courses, live lessons (by title, live now first), news and
 * lecturers for the keyword (title or summary; lecturers by name, for signed-in learners: the
 * lecturer calls need a session), each section paged on its own. The type says where the search
 * started: from a live page (type 2) the live lessons come first.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const str = (params.str ?? '').trim().slice(0, 50);
  const url = new URL(request.url);
  const site = await siteOf(request, context);
  if (!site || !str) return { str, courses: null, news: null, lecturers: null, live: null, failed: false };
  const [courses, news, lecturers, live] = await Promise.all([
    callGateway(request, context, site, site.signedIn ? findCoursesAuth : findCourses, {
      pageCurrent: pageOf(url, PAGE_PARAMS.courses),
      pageSize: COURSES_PER_PAGE,
      keyword: str,
    }),
    callGateway(request, context, site, findNews, {
      pageCurrent: pageOf(url, PAGE_PARAMS.news),
      pageSize: NEWS_PER_PAGE,
      keyword: str,
    }),
    site.signedIn
      ? callGateway(request, context, site, findLecturers, {
          pageCurrent: pageOf(url, PAGE_PARAMS.lecturers),
          pageSize: LECTURERS_PER_PAGE,
          keyword: str,
        })
      : null,
    callGateway(request, context, site, findLiveRooms, {
      pageCurrent: pageOf(url, PAGE_PARAMS.live),
      pageSize: LIVE_PER_PAGE,
      keyword: str,
    }),
  ]);
  return {
    str,
    failed:
      news.code !== 200 || courses.code !== 200 || live.code !== 200 || (lecturers !== null && lecturers.code !== 200),
    courses: courses.code === 200 ? courses.data : null,
    news:
      news.code === 200
        ? { ...news.data, list: news.data.list.map((n) => ({ ...n, date: newsDate(n.publishedAt) })) }
        : null,
    lecturers: lecturers?.code === 200 ? lecturers.data : null,
    live: live.code === 200 ? live.data : null,
  };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { str, courses, news, lecturers, live, failed } = loaderData;
  const t = useMessages(messages);
  const lang = useLang();
  const { pathname, search } = useLocation();
  const pageLink = (param: string) => (n: number) => {
    const q = new URLSearchParams(search);
    q.set(param, String(n));
    return `${pathname}?${q.toString()}`;
  };
  const found =
    (courses?.totalCount ?? 0) + (news?.totalCount ?? 0) + (lecturers?.totalCount ?? 0) + (live?.totalCount ?? 0);
  const liveFirst = new URLSearchParams(search).get('type') === LIVE_SEARCH_TYPE;
  const liveSection = live && live.totalCount > 0 && (
    <section aria-labelledby="search-live">
      <h2 id="search-live" className="portal-search-section">
        {format(t.live, { n: live.totalCount })}
      </h2>
      <LiveRoomGrid rooms={live.list} />
      <Pager page={live} href={pageLink(PAGE_PARAMS.live)} numbers={false} />
    </section>
  );
  return (
    <section className="portal-page portal-search-results">
      <h1 className="portal-page-title">{format(t.title, { str })}</h1>
      {failed && <p className="portal-news-note">{t.failed}</p>}
      {!failed && found === 0 && <p className="portal-news-note">{format(t.none, { str })}</p>}
      {liveFirst && liveSection}
      {courses && courses.totalCount > 0 && (
        <section aria-labelledby="search-courses">
          <h2 id="search-courses" className="portal-search-section">
            {format(t.courses, { n: courses.totalCount })}
          </h2>
          <CourseGrid courses={courses.list} />
          <Pager page={courses} href={pageLink(PAGE_PARAMS.courses)} numbers={false} />
        </section>
      )}
      {!liveFirst && liveSection}
      {news && news.totalCount > 0 && (
        <section aria-labelledby="search-news">
          <h2 id="search-news" className="portal-search-section">
            {format(t.news, { n: news.totalCount })}
          </h2>
          <ul className="portal-news-list">
            {news.list.map((n) => (
              <li key={n.id} className="portal-news-item">
                <div className="portal-news-text">
                  <h3 className="portal-news-title">
                    <Link to={`${localePath('/news/detail', lang)}?id=${n.id}`}>{n.title}</Link>
                  </h3>
                  {n.summary && <p className="portal-news-summary">{n.summary}</p>}
                  <p className="portal-news-meta">
                    <span>{n.categoryName}</span>
                    <time dateTime={n.publishedAt}>{n.date}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={news} href={pageLink(PAGE_PARAMS.news)} numbers={false} />
        </section>
      )}
      {lecturers && lecturers.totalCount > 0 && (
        <section aria-labelledby="search-lecturers">
          <h2 id="search-lecturers" className="portal-search-section">
            {format(t.lecturers, { n: lecturers.totalCount })}
          </h2>
          <LecturerGrid lecturers={lecturers.list} showRank />
          <Pager page={lecturers} href={pageLink(PAGE_PARAMS.lecturers)} numbers={false} />
        </section>
      )}
    </section>
  );
}
