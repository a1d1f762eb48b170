import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Empty, Pagination, Progress, Spin, Tabs } from 'antd';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import LikeFilled from '@ant-design/icons/LikeFilled';
import LikeOutlined from '@ant-design/icons/LikeOutlined';
import {
  admireProject,
  applyProject,
  ApplicationStatus,
  cancelProjectApplication,
  EnrolRule,
  findProjectLecturers,
  PROJECT_PAGE_SIZE,
  viewProject,
  type ProjectApplication,
  type ProjectDetail,
  type ProjectStage,
  type ProjectTask,
} from '@portal/contract/calls/project';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../lib/api.ts';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath, type Lang } from '../../lib/navigation.ts';
import { useSite } from '../../lib/root-data.ts';
import { useAction, useCall } from '../../lib/use-call.ts';
import { LecturerGrid } from '../lecturer/lecturer-card.tsx';
import { LinkButton } from '../antd/link-button.tsx';
import { checkoutPath } from '../order/checkout-path.ts';
import { RichContent } from '../rich-content/rich-content.tsx';
import { ApplyButton, applyStateOf } from './apply-state.tsx';
import { projectsTabPath, seatsText } from './project-card.tsx';
import { projectMessages } from './project-messages.ts';
import './project.css';

/** A task of the project (/account/task/info?id=). */
export function taskPath(id: number, lang: Lang): string {
  return `${localePath('/account/task/info', lang)}?id=${id}`;
}

type Live = Partial<Pick<ProjectDetail, 'admired' | 'admireCount'>>;

/**
 * The project page: cover, title, dates, places and seats left, the enrolment rule, lecturers,
 * what completing earns, the learner's progress when enrolled and completion (certificate), the
 * apply button by state with withdraw for a pending application, admire; then the introduction,
 * the stages with their tasks (the learner's standing in each when enrolled) and the lecturers as
 * tabs.
 */
export function ProjectDetailPage({ project: loaded }: { project: ProjectDetail }) {
  const t = useMessages(projectMessages);
  const lang = useLang();
  const { message, modal } = App.useApp();
  const { website } = useSite();
  // The project as the last action left it (apply and withdraw change seats and standing).
  const [current, setCurrent] = useState<ProjectDetail>(loaded);
  const [live, setLive] = useState<Live>({});
  const project = { ...current, ...live };
  const state = applyStateOf(project);
  const enrolled = project.application?.status === ApplicationStatus.APPROVED;
  const sep = lang === 'en' ? ', ' : '、';

  /**
   * The application as the server answered it, shown at once (the button's state follows it); then
   * the project read again for its seats and standing. If that read fails, the answer still stands
   * (a withdrawn application offers 报名 again; the server says if it cannot take one).
   */
  const settle = async (application: ProjectApplication) => {
    const holdsSeat =
      application.status === ApplicationStatus.PENDING || application.status === ApplicationStatus.APPROVED;
    setCurrent((c) => ({ ...c, application, canApply: !holdsSeat }));
    setCurrent(await request(viewProject, { projectId: project.id }, { quiet: true }));
  };
  const apply = useAction(async () => {
    const application = await request(applyProject, { projectId: project.id });
    void message.success(application.status === ApplicationStatus.PENDING ? t.appliedPending : t.applied);
    await settle(application);
    return application;
  });
  const withdraw = useAction(async () => {
    const application = await request(cancelProjectApplication, { projectId: project.id });
    void message.success(t.withdrawn);
    await settle(application);
    return application;
  });
  const admire = useAction(async () => {
    const r = await request(admireProject, { projectId: project.id });
    setLive(r);
  });

  const confirmApply = () =>
    modal.confirm({
      title: t.applyConfirmTitle,
      content: project.enrolRule === EnrolRule.APPROVAL ? t.applyConfirmApproval : t.applyConfirmOpen,
      okText: t.ok,
      cancelText: t.cancel,
      onOk: () => apply.run(),
    });
  const confirmWithdraw = () =>
    modal.confirm({
      title: t.withdrawConfirm,
      okText: t.ok,
      cancelText: t.cancel,
      onOk: () => withdraw.run(),
    });

  const ruleText =
    project.enrolRule === EnrolRule.APPROVAL ? t.rule2 : project.enrolRule === EnrolRule.CLOSED ? t.rule3 : t.rule1;
  const earns = [
    project.creditHour > 0
      ? format(website.studyScoreType === 2 ? t.creditHours : t.credits, { n: project.creditHour })
      : '',
    project.points > 0 ? format(t.points, { n: project.points }) : '',
    project.grantsCertificate ? t.certificate : '',
  ].filter(Boolean);

  const tabs = [
    {
      key: 'intro',
      label: t.intro,
      children: project.intro ? <RichContent html={project.intro} /> : <Empty description={t.noIntro} />,
    },
    {
      key: 'stages',
      label: t.stages,
      children: <ProjectStages stages={project.stages} enrolled={enrolled} />,
    },
    {
      key: 'lecturers',
      label: t.lecturerTab,
      children: <ProjectLecturers projectId={project.id} />,
    },
  ];

  return (
    <article className="portal-page portal-project-detail" aria-labelledby="project-title">
      <p className="portal-project-back">
        <Link to={projectsTabPath(lang)}>{t.back}</Link>
      </p>
      <header className="portal-project-head">
        <img
          className="portal-project-cover"
          src={project.coverUrl || '/demo/course-cover.svg'}
          alt=""
          width={400}
          height={225}
        />
        <div className="portal-project-summary">
          <h1 id="project-title" className="portal-page-title">
            {project.title}
          </h1>
          {project.summary && <p>{project.summary}</p>}
          <p>{format(t.period, { from: dateTime(project.startsAt), to: dateTime(project.endsAt) })}</p>
          <p className="portal-project-facts">
            <span>{project.capacity > 0 ? format(t.capacity, { n: project.capacity }) : t.noLimit}</span>
            {project.capacity > 0 && <span className="portal-project-seats-left">{seatsText(t, project)}</span>}
            <span>
              {t.rule}
              {ruleText}
            </span>
          </p>
          {project.lecturers.length > 0 && (
            <p>
              {t.lecturers}
              {project.lecturers.map((l, i) => (
                <span key={l.id}>
                  {i > 0 && sep}
                  <Link to={`${localePath('/lecturer/view/info', lang)}?lecturerId=${l.id}`}>{l.name}</Link>
                </span>
              ))}
            </p>
          )}
          {earns.length > 0 && (
            <p className="portal-project-facts">
              {earns.map((e) => (
                <span key={e}>{e}</span>
              ))}
            </p>
          )}
          {enrolled && (
            <div className="portal-project-progress">
              <span id="project-progress-label">{t.progress}</span>
              <Progress percent={project.progressPercent} aria-labelledby="project-progress-label" />
              <span className="portal-project-progress-text">
                {format(t.progressText, { done: project.completedTaskCount, total: project.taskCount })}
              </span>
            </div>
          )}
          {state === 'completed' && (
            <p className="portal-project-notice is-done" role="status">
              <CheckCircleFilled aria-hidden="true" />{' '}
              {format(t.completedAt, { time: dateTime(project.application?.completedAt) })}
              {project.grantsCertificate && (
                <>
                  {' · '}
                  <Link to={`${localePath('/account', lang)}?change=3&recordType=2`}>{t.certificateLink}</Link>
                </>
              )}
            </p>
          )}
          {project.application?.status === ApplicationStatus.REJECTED && (
            <p className="portal-project-notice" role="status">
              {t.rejectedNote}
              {project.application.reason && ` · ${format(t.reason, { reason: project.application.reason })}`}
            </p>
          )}
          <div className="portal-project-actions">
            {state === 'buy' ? (
              <LinkButton type="primary" size="large" to={checkoutPath(2, project.id, lang)}>
                {format(t.buy, { price: (project.priceFen / 100).toFixed(2) })}
              </LinkButton>
            ) : (
              <ApplyButton state={state} running={apply.running} onApply={confirmApply} />
            )}
            {state === 'pending' && (
              <Button size="large" loading={withdraw.running} onClick={confirmWithdraw}>
                {t.withdraw}
              </Button>
            )}
            <Button
              size="large"
              icon={project.admired ? <LikeFilled aria-hidden="true" /> : <LikeOutlined aria-hidden="true" />}
              aria-pressed={project.admired}
              loading={admire.running}
              onClick={() => void admire.run()}
            >
              {project.admired ? t.admired : t.admire} {project.admireCount}
            </Button>
          </div>
        </div>
      </header>
      <Tabs className="portal-project-tabs" items={tabs} aria-label={t.tabs} />
    </article>
  );
}

/** The stages in order, each with its tasks; an enrolled learner's standing and a link to each task. */
function ProjectStages({ stages, enrolled }: { stages: ProjectStage[]; enrolled: boolean }) {
  const t = useMessages(projectMessages);
  if (stages.length === 0) return <Empty description={t.noStages} />;
  return (
    <div className="portal-project-stages">
      {stages.map((stage) => (
        <section key={stage.id} className="portal-project-stage" aria-labelledby={`stage-${stage.id}`}>
          <h2 id={`stage-${stage.id}`} className="portal-project-stage-title">
            {stage.title}
          </h2>
          {stage.tasks.length === 0 ? (
            <p className="portal-news-note">{t.noTasks}</p>
          ) : (
            <ol className="portal-project-tasks">
              {stage.tasks.map((task) => (
                <TaskRow key={task.id} task={task} enrolled={enrolled} />
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}

function TaskRow({ task, enrolled }: { task: ProjectTask; enrolled: boolean }) {
  const t = useMessages(projectMessages);
  const lang = useLang();
  const done = task.completedAt !== null;
  const standing =
    task.statusLabel === null
      ? t.enrolToStudy
      : [
          enumLabel('statusLabel', task.statusLabel, lang),
          // A started, unfinished task says how far it is.
          task.progressPercent && !done ? format(t.taskProgress, { n: task.progressPercent }) : '',
        ]
          .filter(Boolean)
          .join(' · ');
  return (
    <li className="portal-project-task" data-task-id={task.id}>
      <span className="portal-project-task-type">{enumLabel('taskType', task.taskType, lang)}</span>
      {enrolled ? (
        <Link className="portal-project-task-title" to={taskPath(task.id, lang)}>
          {task.title}
        </Link>
      ) : (
        <span className="portal-project-task-title">{task.title}</span>
      )}
      <span className={done ? 'portal-project-task-state is-done' : 'portal-project-task-state'}>
        {done && <CheckCircleFilled aria-hidden="true" />} {standing}
      </span>
    </li>
  );
}

/** The project's lecturers (lecturer/page), paged when there are many. */
function ProjectLecturers({ projectId }: { projectId: number }) {
  const t = useMessages(projectMessages);
  const [page, setPage] = useState(1);
  const { data } = useCall(
    findProjectLecturers,
    { projectId, pageCurrent: page, pageSize: PROJECT_PAGE_SIZE },
    { quiet: true },
  );
  if (!data) return <Spin />;
  if (data.list.length === 0) return <Empty description={t.noLecturers} />;
  return (
    <>
      <LecturerGrid lecturers={data.list} />
      {data.totalCount > PROJECT_PAGE_SIZE && (
        <Pagination
          className="portal-filtered-pager"
          current={page}
          pageSize={PROJECT_PAGE_SIZE}
          total={data.totalCount}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </>
  );
}
