import { Link, useSearchParams } from 'react-router';
import { Empty, Table } from 'antd';
import { STUDY_PAGE_SIZE, findEarnings, type EarningRecord } from '@portal/contract/calls/study';
import { enumLabel } from '@portal/contract/enums';
import { useCall } from '../../lib/use-call.ts';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { useSite } from '../../lib/root-data.ts';
import { dateTime } from '../../lib/date-time.ts';
import { MyCertificates } from '../certificate/my-certificates.tsx';
import { recordMessages } from './study-messages.ts';
import './study.css';

/**
 * My records (/account?change=3): the tabs 积分学时 (recordType=1, the earning ledger) and 证书
 * (recordType=2, the learner's certificates with their PDF download: features/certificate).
 */
export function MyRecords() {
  const t = useMessages(recordMessages);
  const lang = useLang();
  const { website } = useSite();
  const [params] = useSearchParams();
  const recordType = params.get('recordType') === '2' ? 2 : 1;
  const hours = website.studyScoreType === 2;
  const tabs = [
    { type: 1, label: hours ? t.earningsHours : t.earningsCredits },
    { type: 2, label: t.certificates },
  ] as const;
  const current = tabs.find((x) => x.type === recordType) ?? tabs[0];
  return (
    <div className="portal-records">
      <nav className="portal-records-tabs" aria-label={t.tabs}>
        {tabs.map((x) => (
          <Link
            key={x.type}
            to={`${localePath('/account', lang)}?change=3&recordType=${x.type}`}
            aria-current={x.type === recordType ? 'page' : undefined}
          >
            {x.label}
          </Link>
        ))}
      </nav>
      {/* The tab names the list. */}
      <h2 className="portal-visually-hidden">{current.label}</h2>
      {recordType === 1 ? <EarningRecords /> : <MyCertificates />}
    </div>
  );
}

/**
 * The earning ledger: the totals of points and hours (or credits, by studyScoreType), and one row
 * per award, newest first, 10 a page (the page in the address).
 */
function EarningRecords() {
  const t = useMessages(recordMessages);
  const lang = useLang();
  const { website } = useSite();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const { data, loading } = useCall(findEarnings, { pageCurrent: page, pageSize: STUDY_PAGE_SIZE });
  const score = website.studyScoreType === 2 ? t.hours : t.credits;

  const go = (p: number) => {
    const q = new URLSearchParams(params);
    if (p === 1) q.delete('page');
    else q.set('page', String(p));
    setParams(q);
  };

  return (
    <>
      <dl className="portal-records-totals">
        <div>
          <dt>{t.points}</dt>
          <dd>{data ? data.totalPoints : '–'}</dd>
        </div>
        <div>
          <dt>{score}</dt>
          <dd>{data ? data.totalCreditHour : '–'}</dd>
        </div>
      </dl>
      <Table<EarningRecord>
        className="portal-records-table"
        rowKey="id"
        loading={loading && !data}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description={t.empty} /> }}
        columns={[
          { key: 'title', title: t.title, dataIndex: 'title' },
          {
            key: 'source',
            title: t.source,
            dataIndex: 'sourceType',
            // Records of other origins (0: brought over from before) are 其他.
            render: (v: number) => enumLabel('resourceType', v, lang) || t.otherSource,
          },
          {
            key: 'points',
            title: t.points,
            dataIndex: 'points',
            align: 'right',
            render: (v: number) => (v > 0 ? `+${v}` : String(v)),
          },
          {
            key: 'credit',
            title: score,
            dataIndex: 'creditHour',
            align: 'right',
            render: (v: number) => (v > 0 ? `+${v}` : String(v)),
          },
          {
            key: 'time',
            title: t.time,
            dataIndex: 'gmtCreate',
            render: (v: string) => <time dateTime={v}>{dateTime(v)}</time>,
          },
        ]}
        pagination={
          data && data.totalCount > STUDY_PAGE_SIZE
            ? {
                current: page,
                pageSize: STUDY_PAGE_SIZE,
                total: data.totalCount,
                showSizeChanger: false,
                onChange: go,
              }
            : false
        }
      />
    </>
  );
}
