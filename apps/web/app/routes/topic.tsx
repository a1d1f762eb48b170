import { data, Link, redirect } from 'react-router';
import { findTopicBanners, findTopicCourses, findTopics, TOPIC_COURSE_PAGE_SIZE } from '@portal/contract';
import { CourseGrid } from '../features/course/course-card.tsx';
import { Pager } from '../features/paging/pager.tsx';
import { TopicBanners } from '../features/topic/topic-banners.tsx';
import { topicMessages, topicPath } from '../features/topic/topic-messages.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { useLang, useMessages } from '../lib/i18n.ts';
import { pathLang } from '../lib/navigation.ts';
import '../features/news/news.css';
import '../features/topic/topic.css';
import type { Route } from './+types/topic';

const positive = (raw: string | null | undefined) => {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && n > 0 && n < 2 ** 31 ? n : undefined;
};

/**
 * /topic and /topic/cate/{id?} (signed-in learners; the guard sends visitors to /login). Without an
 * id: the first topic, or 暂无专题课程 when the enterprise has none. With one: its banners, name,
 * summary, the other topics and its courses, 12 a page, all rendered on the server.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = pathLang(url.pathname);
  const missing = () => data({ message: lang === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const site = await siteOf(request, context);
  if (!site) throw missing();
  const list = await callGateway(request, context, site, findTopics, {});
  if (list.code !== 200) return { topics: [], topic: null, banners: [], page: null, failed: true };
  const topics = list.data;
  if (params.id === undefined) {
    if (topics[0]) throw redirect(topicPath(topics[0].id, lang));
    return { topics, topic: null, banners: [], page: null, failed: false };
  }
  const topic = topics.find((x) => x.id === positive(params.id));
  if (!topic) throw missing();
  const pageCurrent = positive(url.searchParams.get('page')) ?? 1;
  const [banners, courses] = await Promise.all([
    callGateway(request, context, site, findTopicBanners, { topicId: topic.id }),
    callGateway(request, context, site, findTopicCourses, {
      topicId: topic.id,
      pageCurrent,
      pageSize: TOPIC_COURSE_PAGE_SIZE,
    }),
  ]);
  if (banners.code === 404 || courses.code === 404) throw missing();
  return {
    topics,
    topic,
    banners: banners.code === 200 ? banners.data : [],
    page: courses.code === 200 ? courses.data : null,
    failed: false,
  };
}

export default function Topic({ loaderData }: Route.ComponentProps) {
  const { topics, topic, banners, page, failed } = loaderData;
  const t = useMessages(topicMessages);
  const lang = useLang();
  if (!topic) {
    return (
      <section className="portal-page portal-topic">
        <h1 className="portal-page-title">{t.title}</h1>
        <p className="portal-news-note" role={failed ? 'alert' : undefined}>
          {failed ? t.failed : t.empty}
        </p>
      </section>
    );
  }
  const here = topicPath(topic.id, lang);
  return (
    <section className="portal-page portal-topic">
      <TopicBanners banners={banners} />
      {topics.length > 1 && (
        <nav className="portal-news-categories portal-topic-tabs" aria-label={t.topics}>
          {topics.map((x) => (
            <Link key={x.id} to={topicPath(x.id, lang)} aria-current={x.id === topic.id ? 'page' : undefined}>
              {x.name}
            </Link>
          ))}
        </nav>
      )}
      <h1 className="portal-page-title portal-topic-name">{topic.name}</h1>
      {topic.summary && <p className="portal-topic-summary">{topic.summary}</p>}
      <h2 className="portal-topic-courses-title">{t.courses}</h2>
      {!page ? (
        <p className="portal-news-note" role="alert">
          {t.failed}
        </p>
      ) : (
        <>
          <CourseGrid courses={page.list} emptyText={t.empty} />
          <Pager page={page} href={(n) => (n > 1 ? `${here}?page=${n}` : here)} />
        </>
      )}
    </section>
  );
}
