import {
  CategoryType,
  COURSE_PAGE_SIZE,
  countCourses,
  countProjects,
  findCategories,
  findCoursesAuth,
  findLecturers,
  findProjects,
  findPublicProjects,
  PROJECT_PAGE_SIZE,
  viewLecturerBase,
} from '@portal/contract';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { Catalogue, parseCatalogueQuery, LECTURER_OPTIONS } from '../features/course/catalogue.tsx';
import {
  knowledgeTabOf,
  KnowledgeTabs,
  parseProjectQuery,
  ProjectCatalogue,
} from '../features/project/project-catalogue.tsx';
import { callGateway, siteOf } from '../lib/site.server.ts';
import type { Route } from './+types/knowledge';

/**
 * /knowledge: the course catalogue of the learner's enterprise (signed-in learners; the guard sends
 * visitors to /login), and under `tab=project` its study projects. Category, keyword, lecturer,
 * sort and page (projects: keyword, state and page) are the address's search parameters, so the
 * back button and shared links keep them; the first paint comes from here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (knowledgeTabOf(params) === 'project')
    return { tab: 'project' as const, ...(await loadProjects(request, context, params)) };
  return { tab: 'course' as const, ...(await loadCourses(request, context, params)) };
}

/** The projects tab: the learner's list with their application status and counts (visitors: the public list). */
async function loadProjects(request: Request, context: Route.LoaderArgs['context'], params: URLSearchParams) {
  const query = parseProjectQuery(params);
  const site = await siteOf(request, context);
  if (!site) return { query, page: null, counts: null, failed: true };
  const filters = {
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...(query.state ? { projectState: query.state } : {}),
  };
  const paging = { pageCurrent: query.page, pageSize: PROJECT_PAGE_SIZE };
  if (!site.signedIn) {
    const page = await callGateway(request, context, site, findPublicProjects, { ...paging, ...filters });
    return { query, page: page.code === 200 ? page.data : null, counts: null, failed: page.code !== 200 };
  }
  const [page, counts] = await Promise.all([
    callGateway(request, context, site, findProjects, { ...paging, ...filters }),
    callGateway(request, context, site, countProjects, filters),
  ]);
  return {
    query,
    page: page.code === 200 ? page.data : null,
    counts: counts.code === 200 ? counts.data : null,
    failed: page.code !== 200,
  };
}

async function loadCourses(request: Request, context: Route.LoaderArgs['context'], params: URLSearchParams) {
  const query = parseCatalogueQuery(params);
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
  const tabs = <KnowledgeTabs current={data.tab} />;
  return (
    <AntdRoot>
      {data.tab === 'project' ? <ProjectCatalogue {...data} tabs={tabs} /> : <Catalogue {...data} tabs={tabs} />}
    </AntdRoot>
  );
}
