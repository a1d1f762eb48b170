import { data } from 'react-router';
import {
  findProjects,
  findPublicProjects,
  PROJECT_LIST_MAX,
  ProjectState,
  viewProject,
  type Envelope,
} from '@portal/contract';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { cardShownOf } from '../features/project/project-card.tsx';
import { SignUpPage, type SignUpData } from '../features/project/sign-up-page.tsx';
import { openProjectsOf, projectIdOf, signUpFactsOf, signUpProjectOf } from '../features/project/sign-up.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import type { Route } from './+types/sign-up';

/** Answers after which the root's guard leads elsewhere (sign in, choose an enterprise): nothing to show. */
const GUARDED = [301, 305, 307, 309];

/** A failed call other than the page's own answers: the error page (a rate limit as itself). */
const failed = (env: Envelope<unknown>) => data({ message: env.message }, { status: env.code === 429 ? 429 : 503 });

/**
 * /signUp (decision 063), the training enrolment page a training team shares: `?projectId=` a
 * project — a learner's page from the project call (their application and whether it can be made
 * now), a visitor's from the public list where visitor mode is on (the root's guard sends the other
 * visitors to sign in) —, without it the projects taking enrolments now. Rendered on the server.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const projectId = projectIdOf(new URL(request.url).searchParams.get('projectId'));
  const site = await siteOf(request, context);
  const notFound = () => data<SignUpData>({ view: 'notFound' }, { status: 404 });
  if (projectId === null) return notFound();
  // No site: the root answers 404; the guard's redirects come first.
  if (!site || site.choosingEnterprise || (!site.signedIn && !site.website.visitorOpenSet)) return null;

  if (projectId === undefined) {
    const paging = { pageCurrent: 1, pageSize: PROJECT_LIST_MAX, projectState: ProjectState.UNDER_WAY };
    const page = site.signedIn
      ? await callGateway(request, context, site, findProjects, paging)
      : await callGateway(request, context, site, findPublicProjects, paging);
    if (GUARDED.includes(page.code)) return null;
    if (page.code !== 200) throw failed(page);
    return data<SignUpData>({
      view: 'list',
      projects: openProjectsOf(page.data.list).map(cardShownOf),
      more: page.data.totalCount > page.data.list.length,
    });
  }

  if (!site.signedIn) {
    const found = await callGateway(request, context, site, findPublicProjects, {
      projectId,
      pageCurrent: 1,
      pageSize: 1,
    });
    if (GUARDED.includes(found.code)) return null;
    if (found.code !== 200) throw failed(found);
    const card = found.data.list[0];
    return data<SignUpData>({ view: 'visitor', projectId, facts: card ? signUpFactsOf(card) : null });
  }
  const project = await callGateway(request, context, site, viewProject, { projectId });
  if (project.code === 404) return notFound();
  if (GUARDED.includes(project.code)) return null;
  if (project.code !== 200) throw failed(project);
  return data<SignUpData>({ view: 'project', project: signUpProjectOf(project.data) });
}

export default function SignUp({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <AntdRoot>
      <SignUpPage data={loaderData} />
    </AntdRoot>
  );
}
