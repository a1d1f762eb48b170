import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LAYOUT_WIDTH } from '@portal/contract/constants';
import {
  findZoneCourses,
  findZoneCoursesAuth,
  findZoneLecturers,
  findZoneLecturersAuth,
  findNews,
  findProjects,
  findPublicProjects,
  findZones,
  PROJECT_LIST_MAX,
  type Banner,
  type CourseCard,
  type LecturerBase,
  type Zone,
} from '@portal/contract';
import { CourseZone } from '../features/home/course-zone.tsx';
import { Leaderboards } from '../features/home/leaderboards.tsx';
import { LecturerZone } from '../features/home/lecturer-zone.tsx';
import { LinksZone } from '../features/home/links-zone.tsx';
import { NewsZone } from '../features/home/news-zone.tsx';
import { ProjectZone } from '../features/home/project-zone.tsx';
import { cardShownOf, type ProjectCardShown } from '../features/project/project-card.tsx';
import { newsDate } from '../features/news/news-date.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { defineMessages, format, useLang, useMessages } from '../lib/i18n.ts';
import { localePath, type Lang } from '../lib/navigation.ts';
import { useSite } from '../lib/root-data.ts';
import { useReducedMotion } from '../lib/reduced-motion.ts';
import '../features/home/banner.css';
import type { Route } from './+types/home';

const messages = defineMessages({
  zh: { banners: '轮播图', slide: '第{n}张' },
  en: { banners: 'Banners', slide: 'Slide {n}' },
});

/** Banner images are 1200 × 360 (the layout width); explicit sizes keep the page from shifting. */
const BANNER_WIDTH = LAYOUT_WIDTH;
const BANNER_HEIGHT = 360;

export async function loader({ request, context }: Route.LoaderArgs) {
  // The site is cached on the server; the root loader answers 404 when there is none.
  const site = await siteOf(request, context);
  if (!site) return { banners: [], zones: [], news: [], courses: {}, lecturers: {}, projects: {} };
  const [banners, zones, news] = await Promise.all([
    context.loadBanners(site.website.eid, site.signedIn),
    callGateway(request, context, site, findZones, {}),
    callGateway(request, context, site, findNews, { pageCurrent: 1, pageSize: NEWS_IN_ZONE }),
  ]);
  const zoneList = zones.code === 200 ? zones.data : [];
  // Each course, lecturer and project zone's list, by zone id (signed-in learners through the auth calls).
  const lists = await Promise.all(
    zoneList.map(async (z) => {
      if (z.zoneType === ZONE_COURSES) {
        const call = site.signedIn ? findZoneCoursesAuth : findZoneCourses;
        const env = await callGateway(request, context, site, call, { zoneId: z.id });
        return { id: z.id, courses: env.code === 200 ? env.data : [], lecturers: undefined, projects: undefined };
      }
      if (z.zoneType === ZONE_LECTURERS) {
        const call = site.signedIn ? findZoneLecturersAuth : findZoneLecturers;
        const env = await callGateway(request, context, site, call, { zoneId: z.id });
        return { id: z.id, courses: undefined, lecturers: env.code === 200 ? env.data : [], projects: undefined };
      }
      if (z.zoneType === ZONE_PROJECTS) {
        // As many as the zone shows, first page of the list (recommended first, then newest).
        const input = { pageCurrent: 1, pageSize: Math.min(Math.max(z.showNum, 1), PROJECT_LIST_MAX) };
        const env = site.signedIn
          ? await callGateway(request, context, site, findProjects, input)
          : await callGateway(request, context, site, findPublicProjects, input);
        return {
          id: z.id,
          courses: undefined,
          lecturers: undefined,
          projects: env.code === 200 ? env.data.list.map(cardShownOf) : [],
        };
      }
      return { id: z.id, courses: undefined, lecturers: undefined, projects: undefined };
    }),
  );
  const courses: Record<number, CourseCard[]> = {};
  const lecturers: Record<number, LecturerBase[]> = {};
  const projects: Record<number, ProjectCardShown[]> = {};
  for (const l of lists) {
    if (l.courses) courses[l.id] = l.courses;
    if (l.lecturers) lecturers[l.id] = l.lecturers;
    if (l.projects) projects[l.id] = l.projects;
  }
  return {
    banners,
    zones: zoneList,
    courses,
    lecturers,
    projects,
    news:
      news.code === 200
        ? news.data.list.map((n) => ({
            id: n.id,
            title: n.title,
            categoryName: n.categoryName,
            date: newsDate(n.publishedAt),
          }))
        : [],
  };
}

/** Articles in the news zone. */
const NEWS_IN_ZONE = 6;

/** Zone types of the zone list (account-area.md; the others come with their features). */
const ZONE_BANNER = 1;
const ZONE_COURSES = 2;
const ZONE_NEWS = 3;
const ZONE_LECTURERS = 4;
const ZONE_LEADERBOARD = 5;
const ZONE_PROJECTS = 7;
const ZONE_LINKS = 8;

function BannerLink({
  banner,
  lang,
  focusable,
  children,
}: {
  banner: Banner;
  lang: Lang;
  focusable: boolean;
  children: React.ReactNode;
}) {
  const url = banner.linkUrl.trim();
  if (!url) return <>{children}</>;
  const common = {
    className: 'portal-banner-link',
    tabIndex: focusable ? undefined : -1,
    ...(banner.openNewWindow ? { target: '_blank', rel: 'noopener' } : {}),
  };
  if (/^([a-z][a-z\d+.-]*:)?\/\//i.test(url)) {
    return (
      <a href={url} {...common}>
        {children}
      </a>
    );
  }
  return (
    <Link to={localePath(url.startsWith('/') ? url : `/${url}`, lang)} {...common}>
      {children}
    </Link>
  );
}

const AUTOPLAY_MS = 5000;

/**
 * The banners, fading one into the next every 5 s (paused while pointed at or focused, and never
 * for people who ask for reduced motion), with a dot button per banner.
 */
function BannerCarousel({ banners }: { banners: Banner[] }) {
  const lang = useLang();
  const t = useMessages(messages);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();
  const rotating = banners.length > 1 && !paused && !reducedMotion;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setCurrent((c) => (c + 1) % banners.length), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [rotating, banners.length]);
  return (
    <section
      className="portal-banner"
      aria-label={t.banners}
      aria-roledescription="carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="portal-banner-track">
        {banners.map((banner, i) => (
          <div
            key={banner.id}
            className={i === current ? 'portal-banner-slide is-current' : 'portal-banner-slide'}
            aria-hidden={i !== current}
            role="group"
            aria-roledescription="slide"
            aria-label={format(t.slide, { n: i + 1 })}
          >
            {/* Hidden slides stay out of the tab order. */}
            <BannerLink banner={banner} lang={lang} focusable={i === current}>
              <img
                className="portal-banner-img"
                src={banner.imageUrl}
                alt={banner.title}
                width={BANNER_WIDTH}
                height={BANNER_HEIGHT}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding={i === 0 ? 'sync' : 'async'}
              />
            </BannerLink>
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="portal-banner-dots">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className={i === current ? 'portal-banner-dot is-current' : 'portal-banner-dot'}
              aria-label={format(t.slide, { n: i + 1 })}
              aria-current={i === current}
              onClick={() => setCurrent(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * The home page: its zones in the configured order (banners, courses, news, lecturers,
 * leaderboards, study projects, system links), rendered with the page.
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, zones, news, courses, lecturers, projects } = loaderData;
  const { website } = useSite();
  const lang = useLang();
  const name = (z: Zone) => (lang === 'en' && z.zoneNameEn ? z.zoneNameEn : z.zoneName);
  const hasBannerZone = zones.some((z: Zone) => z.zoneType === ZONE_BANNER);
  return (
    <div className="portal-home">
      {/* The site name is the logo's; the page still has its heading for screen readers. */}
      <h1 className="portal-visually-hidden">{website.entName}</h1>
      {!hasBannerZone && banners.length > 0 && <BannerCarousel banners={banners} />}
      {zones.map((z: Zone) =>
        z.zoneType === ZONE_BANNER ? (
          banners.length > 0 && <BannerCarousel key={z.id} banners={banners} />
        ) : z.zoneType === ZONE_COURSES ? (
          <CourseZone key={z.id} id={z.id} title={name(z)} courses={courses[z.id] ?? []} />
        ) : z.zoneType === ZONE_NEWS ? (
          <NewsZone key={z.id} id={z.id} title={name(z)} news={news} />
        ) : z.zoneType === ZONE_LECTURERS ? (
          <LecturerZone key={z.id} id={z.id} title={name(z)} lecturers={lecturers[z.id] ?? []} />
        ) : z.zoneType === ZONE_PROJECTS ? (
          <ProjectZone key={z.id} id={z.id} title={name(z)} projects={projects[z.id] ?? []} />
        ) : z.zoneType === ZONE_LEADERBOARD ? (
          <Leaderboards key={z.id} id={z.id} title={name(z)} />
        ) : z.zoneType === ZONE_LINKS ? (
          <LinksZone key={z.id} id={z.id} title={name(z)} />
        ) : null,
      )}
    </div>
  );
}
