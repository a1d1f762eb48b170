import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Result } from 'antd';
import {
  applyProject,
  ApplicationStatus,
  EnrolRule,
  viewProject,
  type ProjectApplication,
} from '@portal/contract/calls/project';
import { ErrorCode } from '@portal/contract/errors';
import { ApiError, request } from '../../lib/api.ts';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath, type Lang } from '../../lib/navigation.ts';
import { useSite } from '../../lib/root-data.ts';
import { useAction } from '../../lib/use-call.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { checkoutPath } from '../order/checkout-path.ts';
import { ApplyButton, applyStateOf } from './apply-state.tsx';
import {
  ApplicationTag,
  ProjectGrid,
  projectPath,
  projectsTabPath,
  RuleTag,
  seatsText,
  type ProjectCardShown,
} from './project-card.tsx';
import { projectMessages } from './project-messages.ts';
import { signUpMessages } from './sign-up-messages.ts';
import {
  signInFirstPath,
  signUpPath,
  signUpProjectOf,
  visitorStateOf,
  type SignUpFacts,
  type SignUpProject,
} from './sign-up.ts';
import './project.css';
import './sign-up.css';

/** What the route's loader gives the page (routes/sign-up.tsx). */
export type SignUpData =
  | { view: 'list'; projects: ProjectCardShown[]; more: boolean }
  | { view: 'project'; project: SignUpProject }
  /** A visitor: the project as visitors may see it, or null when they may not (sign in to see it). */
  | { view: 'visitor'; projectId: number; facts: SignUpFacts | null }
  | { view: 'notFound' };

/** My enrolments (/account?change=8). */
const myEnrolmentsPath = (lang: Lang) => `${localePath('/account', lang)}?change=8`;

/**
 * The training enrolment page (/signUp, decision 063), in the blank layout like /login: one card
 * with a project's essentials and its one action — sign in or register first, enrol, the
 * application's status or the refusal — or, without a project, the projects taking enrolments now.
 */
export function SignUpPage({ data }: { data: SignUpData }) {
  switch (data.view) {
    case 'list':
      return <OpenProjects projects={data.projects} more={data.more} />;
    case 'project':
      return <LearnerSignUp key={data.project.id} loaded={data.project} />;
    case 'visitor':
      return <VisitorSignUp projectId={data.projectId} facts={data.facts} />;
    case 'notFound':
      return <NotFound />;
  }
}

/** The card's head: cover, the site, the title, summary and facts — dates, rule, places, lecturers. */
function ProjectFacts({ facts }: { facts: SignUpFacts }) {
  const t = useMessages(projectMessages);
  const s = useMessages(signUpMessages);
  const lang = useLang();
  const { website } = useSite();
  return (
    <>
      <img
        className="portal-sign-up-cover"
        src={facts.coverUrl || '/demo/course-cover.svg'}
        alt=""
        width={560}
        height={315}
      />
      <div className="portal-sign-up-body">
        <p className="portal-sign-up-kicker">
          {s.kicker} · {website.entName}
        </p>
        <h1 id="sign-up-title" className="portal-sign-up-title">
          {facts.title}
        </h1>
        {facts.summary && <p className="portal-sign-up-summary">{facts.summary}</p>}
        <ul className="portal-sign-up-facts">
          <li>{format(t.period, { from: dateTime(facts.startsAt), to: dateTime(facts.endsAt) })}</li>
          <li>
            {t.rule}
            <RuleTag rule={facts.enrolRule} />
          </li>
          <li>
            {facts.capacity > 0 ? format(t.capacity, { n: facts.capacity }) : t.noLimit}
            {facts.capacity > 0 && <span className="portal-sign-up-seats">{seatsText(t, facts)}</span>}
          </li>
          {facts.lecturerNames.length > 0 && (
            <li>
              {t.lecturers}
              {facts.lecturerNames.join(lang === 'en' ? ', ' : '、')}
            </li>
          )}
        </ul>
      </div>
    </>
  );
}

/** Sign in, and register where the site lets people register, each coming back here. */
function SignInFirst({ projectId }: { projectId: number }) {
  const s = useMessages(signUpMessages);
  const lang = useLang();
  const { website } = useSite();
  return (
    <>
      <p className="portal-sign-up-note">{website.registerOpenSet ? s.visitorNoteRegister : s.visitorNote}</p>
      <div className="portal-sign-up-actions">
        <LinkButton type="primary" size="large" block to={signInFirstPath('/login', lang, projectId)}>
          {s.signInToApply}
        </LinkButton>
        {website.registerOpenSet && (
          <LinkButton size="large" block to={signInFirstPath('/register', lang, projectId)}>
            {s.register}
          </LinkButton>
        )}
      </div>
    </>
  );
}

/** A visitor's card: the project where visitors may see it, and the way in — or why not. */
function VisitorSignUp({ projectId, facts }: { projectId: number; facts: SignUpFacts | null }) {
  const s = useMessages(signUpMessages);
  if (!facts) {
    return (
      <TextCard title={s.kicker} text={s.signInToSee}>
        <SignInFirst projectId={projectId} />
      </TextCard>
    );
  }
  const state = visitorStateOf(facts);
  return (
    <section className="portal-sign-up" aria-labelledby="sign-up-title" data-project-id={facts.id}>
      <ProjectFacts facts={facts} />
      <div className="portal-sign-up-body">
        {state === 'signIn' ? (
          <SignInFirst projectId={facts.id} />
        ) : (
          <div className="portal-sign-up-actions">
            <ApplyButton state={state} running={false} onApply={() => undefined} />
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * A signed-in learner's card: 立即报名 (重新报名 after a rejection or a withdrawal, 购买 for a priced
 * project), then 报名成功 with the way on; an application already made shows its status; a project
 * that takes none says why, as the project page does.
 */
function LearnerSignUp({ loaded }: { loaded: SignUpProject }) {
  const t = useMessages(projectMessages);
  const s = useMessages(signUpMessages);
  const lang = useLang();
  const [project, setProject] = useState(loaded);
  // The application this visit made (the answer of 立即报名): the success is shown for it.
  const [made, setMade] = useState<ProjectApplication | null>(null);
  const state = applyStateOf(project);
  const application = project.application;

  /** The project read again (seats, and the refusal a failed application met); kept as it was if that fails. */
  const refresh = async () => {
    try {
      setProject(signUpProjectOf(await request(viewProject, { projectId: project.id }, { quiet: true })));
    } catch {
      // the page keeps what it shows
    }
  };
  const apply = useAction(async () => {
    try {
      const answer = await request(applyProject, { projectId: project.id });
      setProject((p) => ({ ...p, application: answer, canApply: false }));
      setMade(answer);
      await refresh();
      return answer;
    } catch (err) {
      // The session ended since the page was drawn: sign in and come back (this page is public, so
      // the request layer leaves the 301 to it).
      if (err instanceof ApiError && err.code === ErrorCode.NOT_SIGNED_IN) {
        window.location.assign(signInFirstPath('/login', lang, project.id));
      } else {
        // Refused (closed, full, ended, applied elsewhere meanwhile): the toast said why; the
        // button now shows the project's state.
        await refresh();
      }
      throw err;
    }
  });

  const enterProject = (primary: boolean) => (
    <LinkButton key="project" type={primary ? 'primary' : 'default'} size="large" to={projectPath(project.id, lang)}>
      {state === 'enrolled' || state === 'completed' ? s.enterProject : s.viewProject}
    </LinkButton>
  );
  const myEnrolments = (primary: boolean) => (
    <LinkButton key="mine" type={primary ? 'primary' : 'default'} size="large" to={myEnrolmentsPath(lang)}>
      {s.myEnrolments}
    </LinkButton>
  );

  let action;
  if (made && (state === 'pending' || state === 'enrolled')) {
    const pending = state === 'pending';
    action = (
      <Result
        className="portal-sign-up-result"
        status="success"
        title={<span role="status">{pending ? t.appliedPending : t.applied}</span>}
        subTitle={pending ? s.pendingNote : s.enrolledNote}
        extra={pending ? [myEnrolments(true), enterProject(false)] : [enterProject(true), myEnrolments(false)]}
      />
    );
  } else if (state === 'pending' || state === 'enrolled' || state === 'completed') {
    action = (
      <>
        <p className="portal-sign-up-status">
          {s.status}
          <ApplicationTag status={application!.status} />
        </p>
        <p className="portal-sign-up-note">{state === 'pending' ? s.pendingNote : s.enrolledNote}</p>
        <div className="portal-sign-up-actions">
          {state === 'pending' ? [myEnrolments(true), enterProject(false)] : [enterProject(true), myEnrolments(false)]}
        </div>
      </>
    );
  } else if (state === 'apply' || state === 'applyAgain') {
    action = (
      <>
        {application?.status === ApplicationStatus.REJECTED && (
          <p className="portal-project-notice" role="status">
            {t.rejectedNote}
            {application.reason && ` · ${format(t.reason, { reason: application.reason })}`}
          </p>
        )}
        <p className="portal-sign-up-note">
          {project.enrolRule === EnrolRule.APPROVAL ? t.applyConfirmApproval : t.applyConfirmOpen}
        </p>
        <div className="portal-sign-up-actions">
          <ApplyButton state={state} running={apply.running} onApply={() => void apply.run()} applyText={s.applyNow} />
        </div>
      </>
    );
  } else {
    action = (
      <div className="portal-sign-up-actions">
        {state === 'buy' ? (
          <LinkButton type="primary" size="large" to={checkoutPath(2, project.id, lang)}>
            {format(t.buy, { price: (project.priceFen / 100).toFixed(2) })}
          </LinkButton>
        ) : (
          <ApplyButton state={state} running={false} onApply={() => undefined} />
        )}
        {enterProject(false)}
      </div>
    );
  }

  return (
    <section
      className="portal-sign-up"
      aria-labelledby="sign-up-title"
      data-project-id={project.id}
      data-apply-state={state}
    >
      <ProjectFacts facts={project} />
      <div className="portal-sign-up-body">{action}</div>
    </section>
  );
}

/** A card of text: a title, a line and what follows (no project to show). */
function TextCard({
  title,
  text,
  list,
  children,
}: {
  title: string;
  text: string;
  list?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={list ? 'portal-sign-up is-list' : 'portal-sign-up'} aria-labelledby="sign-up-title">
      <div className="portal-sign-up-body">
        <h1 id="sign-up-title" className="portal-sign-up-title">
          {title}
        </h1>
        <p className="portal-sign-up-summary">{text}</p>
        {children}
      </div>
    </section>
  );
}

/** An id that names no project of this site (unknown, another enterprise's, unpublished, malformed). */
function NotFound() {
  const s = useMessages(signUpMessages);
  const lang = useLang();
  return (
    <TextCard title={s.notFound} text={s.notFoundNote}>
      <div className="portal-sign-up-actions">
        <LinkButton type="primary" size="large" to={signUpPath(lang)}>
          {s.openProjects}
        </LinkButton>
      </div>
    </TextCard>
  );
}

/** The projects taking enrolments now, each to its enrolment page; a learner may see them all. */
function OpenProjects({ projects, more }: { projects: ProjectCardShown[]; more: boolean }) {
  const s = useMessages(signUpMessages);
  const lang = useLang();
  const { signedIn } = useSite();
  return (
    <TextCard title={s.listTitle} text={s.listIntro} list>
      <ProjectGrid projects={projects} emptyText={s.listEmpty} linkOf={(id, l) => signUpPath(l, id)} />
      {(signedIn || more) && (
        <p className="portal-sign-up-more">
          <Link to={projectsTabPath(lang)}>{s.allProjects}</Link>
        </p>
      )}
    </TextCard>
  );
}
