import { data } from 'react-router';
import { findCoursePeriods, viewCourse } from '@portal/contract';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { CourseDetailPage } from '../features/course/course-detail.tsx';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { pathLang } from '../lib/navigation.ts';
import type { Route } from './+types/course-info';

const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && n > 0 && n < 2 ** 31 ? n : undefined;
};

/**
 * /knowledge/course/info?id=… (signed-in learners): the course with the learner's progress, and
 * its chapters and periods, rendered on the server. `courseId=` is read too (older links).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const missing = () =>
    data({ message: pathLang(url.pathname) === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const courseId = positive(url.searchParams.get('id')) ?? positive(url.searchParams.get('courseId'));
  const site = await siteOf(request, context);
  if (!site || !courseId) throw missing();
  const [course, chapters] = await Promise.all([
    callGateway(request, context, site, viewCourse, { courseId }),
    callGateway(request, context, site, findCoursePeriods, { courseId }),
  ]);
  if (course.code === 404) throw missing();
  if (course.code !== 200) throw data({ message: course.message }, { status: 503 });
  return { course: course.data, chapters: chapters.code === 200 ? chapters.data : null };
}

export default function CourseInfo({ loaderData }: Route.ComponentProps) {
  const { course, chapters } = loaderData;
  return (
    <AntdRoot>
      <CourseDetailPage key={course.id} course={course} chapters={chapters} />
    </AntdRoot>
  );
}
