import { Link } from 'react-router';
import { App, Button } from 'antd';
import {
  ApplicationStatus,
  cancelProjectApplication,
  findAppliedProjects,
  type AppliedProject,
} from '@portal/contract/calls/project';
import { request } from '../../lib/api.ts';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { useAction } from '../../lib/use-call.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { FilteredPagedList } from '../paging/filtered-paged-list.tsx';
import { ApplicationTag, projectDate, projectPath, projectsTabPath } from './project-card.tsx';
import { applicationMessages } from './project-card-messages.ts';
import { enrolmentMessages } from './project-messages.ts';
import './project.css';

/** The filter's tabs: all, then the application statuses. */
const FILTERS = [
  0,
  ApplicationStatus.PENDING,
  ApplicationStatus.APPROVED,
  ApplicationStatus.REJECTED,
  ApplicationStatus.WITHDRAWN,
] as const;
type Filter = (typeof FILTERS)[number];

const PAGE_SIZE = 10;

/**
 * My enrolments (/account?change=8): the projects the learner applied to, last applied first, by
 * status (待审核, 已通过, 未通过, 已取消; status and page in the address), each with its dates, the
 * decision and its reason, a way to withdraw a pending one, and the link to the project.
 */
export function MyEnrolments() {
  const t = useMessages(enrolmentMessages);
  const s = useMessages(applicationMessages);
  const lang = useLang();
  const label = (f: Filter) => (f === 0 ? t.all : s[`status${f}`]);
  return (
    <div className="portal-enrolments">
      <FilteredPagedList<AppliedProject, Filter>
        filters={{ values: FILTERS, all: 0, ariaLabel: t.filter, label }}
        load={(q, signal) =>
          request(
            findAppliedProjects,
            { ...(q.filter ? { status: q.filter } : {}), pageCurrent: q.pageCurrent, pageSize: q.pageSize },
            { signal },
          )
        }
        pageSize={PAGE_SIZE}
        rowKey={(p) => p.id}
        renderRow={(p, reload) => <EnrolmentRow project={p} onChanged={reload} />}
        texts={{ list: t.list, empty: (f) => (f === 0 ? t.empty : format(t.emptyOf, { status: label(f) })) }}
        actions={<Link to={projectsTabPath(lang)}>{t.browse}</Link>}
      />
    </div>
  );
}

function EnrolmentRow({ project: p, onChanged }: { project: AppliedProject; onChanged: () => Promise<void> }) {
  const t = useMessages(enrolmentMessages);
  const lang = useLang();
  const { message, modal } = App.useApp();
  const a = p.application;
  const to = projectPath(p.id, lang);
  const withdraw = useAction(async () => {
    const r = await request(cancelProjectApplication, { projectId: p.id });
    void message.success(t.withdrawn);
    await onChanged();
    return r;
  });
  const confirmWithdraw = () =>
    modal.confirm({
      title: t.withdrawConfirm,
      okText: t.ok,
      cancelText: t.cancel,
      onOk: () => withdraw.run(),
    });
  return (
    <li className="portal-enrolment" data-project-id={p.id} data-application-status={a.status}>
      <img src={p.coverUrl || '/demo/course-cover.svg'} alt="" width={128} height={72} loading="lazy" />
      <div className="portal-enrolment-text">
        <div className="portal-enrolment-head">
          <h2 className="portal-enrolment-title">
            <Link to={to}>{p.title}</Link>
          </h2>
          <ApplicationTag status={a.status} />
        </div>
        <p className="portal-enrolment-meta">
          <span>{format(t.appliedAt, { time: dateTime(a.appliedAt) })}</span>
          {a.decidedAt && <span>{format(t.decidedAt, { time: dateTime(a.decidedAt) })}</span>}
          <span>{format(t.period, { from: projectDate(p.startsAt), to: projectDate(p.endsAt) })}</span>
          {a.completedAt && <span>{format(t.completedAt, { time: dateTime(a.completedAt) })}</span>}
        </p>
        {a.status === ApplicationStatus.REJECTED && a.reason && (
          <p className="portal-enrolment-reason">{format(t.reason, { reason: a.reason })}</p>
        )}
      </div>
      <div className="portal-enrolment-actions">
        {a.status === ApplicationStatus.PENDING && (
          <Button loading={withdraw.running} onClick={confirmWithdraw}>
            {t.withdraw}
          </Button>
        )}
        <LinkButton to={to}>{t.view}</LinkButton>
      </div>
    </li>
  );
}
