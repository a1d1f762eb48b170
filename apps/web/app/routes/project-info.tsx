import { data } from 'react-router';
import { viewProject } from '@portal/contract';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { ProjectDetailPage } from '../features/project/project-detail.tsx';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { pathLang } from '../lib/navigation.ts';
import type { Route } from './+types/project-info';

const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && n > 0 && n < 2 ** 31 ? n : undefined;
};

/**
 * /knowledge/project/info?id=… (signed-in learners; a visitor who follows a project card of the
 * home page signs in first and comes back here): the project with its stages, tasks and the
 * learner's application, rendered on the server. `projectId=` is read too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const missing = () =>
    data({ message: pathLang(url.pathname) === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const projectId = positive(url.searchParams.get('id')) ?? positive(url.searchParams.get('projectId'));
  const site = await siteOf(request, context);
  if (!site || !projectId) throw missing();
  const project = await callGateway(request, context, site, viewProject, { projectId });
  if (project.code === 404) throw missing();
  if (project.code !== 200) throw data({ message: project.message }, { status: 503 });
  return { project: project.data };
}

export default function ProjectInfo({ loaderData }: Route.ComponentProps) {
  const { project } = loaderData;
  return (
    <AntdRoot>
      <ProjectDetailPage key={project.id} project={project} />
    </AntdRoot>
  );
}
