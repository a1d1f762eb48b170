import { findAdminCourses } from '@portal/contract/calls/course-admin';
import { findCategories } from '@portal/contract/calls/category';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { COURSE_TABLE, CourseListView } from '../features/crm/courses/course-list.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-courses';

/** /crm/courses: the enterprise's courses, paged, sorted and filtered by the server from the URL. */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, COURSE_TABLE);
  const { keyword, categoryId, status } = q.filters;
  const input = {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(q.sort ? { sort: `${q.sort.order === 'desc' ? '-' : ''}${q.sort.field}` } : {}),
    ...(keyword ? { keyword } : {}),
    ...(categoryId ? { categoryId } : {}),
    ...(status ? { status } : {}),
  } as Parameters<typeof callAdmin<typeof findAdminCourses>>[2];
  const [answer, categories] = await Promise.all([
    callAdmin(args, findAdminCourses, input),
    callAdmin(args, findCategories, { categoryType: 3 }),
  ]);
  return { page: answer.data, error: answer.error, categories: categories.data ?? [] };
}

export const handle: CrmHandle = { crumb: 'courseList' };

export default function CrmCoursesPage({ loaderData }: Route.ComponentProps) {
  return <CourseListView page={loaderData.page} error={loaderData.error} categories={loaderData.categories} />;
}
