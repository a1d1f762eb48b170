import {
  CategoryType,
  COURSE_PAGE_SIZE,
  countCourses,
  findCategories,
  findCoursesAuth,
  findLecturers,
  viewLecturerBase,
} from '@portal/contract';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { Catalogue, parseCatalogueQuery, LECTURER_OPTIONS } from '../features/course/catalogue.tsx';
import { callGateway, siteOf } from '../lib/site.server.ts';
import type { Route } from './+types/knowledge';

/**
 * /knowledge: the course catalogue of the learner's enterprise (signed-in learners; the guard sends
 * visitors to /login). Category, keyword, lecturer, sort and page are the address's search
 * parameters, so the back button and shared links keep them; the first paint comes from here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseCatalogueQuery(new URL(request.url).searchParams);
  const site = await siteOf(request, context);
  const empty = { query, categories: [], page: null, counts: null, lecturers: [], failed: true };
  if (!site) return empty;
  const filters = {
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...(query.lecturerId ? { lecturerId: query.lecturerId } : {}),
    ...(query.categoryId ? { categoryId: query.categoryId } : {}),
  };
  const [categories, page, counts, lecturers] = await Promise.all([
    callGateway(request, context, site, findCategories, { categoryType: CategoryType.COURSE }),
    callGateway(request, context, site, findCoursesAuth, {
      ...filters,
      sortType: query.sortType,
      pageCurrent: query.page,
      pageSize: COURSE_PAGE_SIZE,
    }),
    callGateway(request, context, site, countCourses, filters),
    callGateway(request, context, site, findLecturers, { pageCurrent: 1, pageSize: LECTURER_OPTIONS }),
  ]);
  const lecturerList = lecturers.code === 200 ? lecturers.data.list.map((l) => ({ id: l.id, name: l.name })) : [];
  // A lecturer chosen beyond the first options (a shared link) is still named in the filter.
  if (query.lecturerId && !lecturerList.some((l) => l.id === query.lecturerId)) {
    const chosen = await callGateway(request, context, site, viewLecturerBase, { lecturerId: query.lecturerId });
    if (chosen.code === 200) lecturerList.unshift({ id: chosen.data.id, name: chosen.data.name });
  }
  return {
    query,
    categories: categories.code === 200 ? categories.data : [],
    page: page.code === 200 ? page.data : null,
    counts: counts.code === 200 ? counts.data : null,
    lecturers: lecturerList,
    failed: page.code !== 200,
  };
}

export default function Knowledge({ loaderData: data }: Route.ComponentProps) {
  return (
    <AntdRoot>
      <Catalogue {...data} />
    </AntdRoot>
  );
}
