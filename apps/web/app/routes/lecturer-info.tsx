import { data, Link } from 'react-router';
import { findLecturerCourses, viewLecturerDetail } from '@portal/contract';
import { CourseGrid } from '../features/course/course-card.tsx';
import { Pager } from '../features/paging/pager.tsx';
import { lecturerMessages } from '../features/lecturer/lecturer-messages.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { format, useLang, useMessages } from '../lib/i18n.ts';
import { localePath } from '../lib/navigation.ts';
import { useSite } from '../lib/root-data.ts';
import { RichContent } from '../features/rich-content/rich-content.tsx';
import '../features/news/news.css';
import '../features/lecturer/lecturer.css';
import type { Route } from './+types/lecturer-info';

/** /lecturer/view/info?lecturerId=…: a lecturer, the introduction sanitised on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get('lecturerId'));
  const en = /^\/en(\/|$)/.test(url.pathname);
  const missing = () => data({ message: en ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const site = await siteOf(request, context);
  if (!site || !Number.isInteger(id) || id <= 0 || id >= 2 ** 31) throw missing();
  const raw = Number(url.searchParams.get('page'));
  const page = Number.isInteger(raw) && raw > 0 && raw < 100_000 ? raw : 1;
  const [env, courses] = await Promise.all([
    callGateway(request, context, site, viewLecturerDetail, { lecturerId: id }),
    callGateway(request, context, site, findLecturerCourses, {
      lecturerId: id,
      pageCurrent: page,
      pageSize: COURSES_PER_PAGE,
    }),
  ]);
  if (env.code === 404) throw missing();
  if (env.code !== 200) throw data({ message: env.message }, { status: 503 });
  return { lecturer: env.data, courses: courses.code === 200 ? courses.data : null };
}

/** The lecturer's courses a page shows (two rows of four cards). */
const COURSES_PER_PAGE = 8;

export default function LecturerInfo({ loaderData }: Route.ComponentProps) {
  const { lecturer, courses } = loaderData;
  const t = useMessages(lecturerMessages);
  const lang = useLang();
  const { website } = useSite();
  return (
    <article className="portal-page portal-lecturer">
      <header className="portal-lecturer-head">
        <img
          src={lecturer.avatarUrl || website.defaultUserHeadPortrait || '/demo/avatar.svg'}
          alt=""
          width={120}
          height={120}
        />
        <div>
          <h1 className="portal-page-title">{lecturer.name}</h1>
          <p className="portal-news-meta">
            {lecturer.rankName && <span className="portal-lecturer-rank">{lecturer.rankName}</span>}
            {lecturer.title && <span>{lecturer.title}</span>}
            {lecturer.organization && <span>{format(t.organization, { name: lecturer.organization })}</span>}
          </p>
        </div>
      </header>
      <h2 className="portal-search-section">{t.intro}</h2>
      <RichContent html={lecturer.intro} />
      <h2 className="portal-search-section">{t.courses}</h2>
      {courses ? (
        <>
          <CourseGrid courses={courses.list} emptyText={t.noCourses} />
          <Pager
            page={courses}
            href={(n) => `${localePath('/lecturer/view/info', lang)}?lecturerId=${lecturer.id}&page=${n}`}
          />
        </>
      ) : (
        <p className="portal-news-note">{t.failed}</p>
      )}
      <Link className="portal-zone-more" to={localePath('/lecturer', lang)}>
        {t.back}
      </Link>
    </article>
  );
}
