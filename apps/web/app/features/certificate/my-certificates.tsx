import { useSearchParams } from 'react-router';
import { App, Button, Empty, Table } from 'antd';
import {
  CERTIFICATE_PAGE_SIZE,
  CertificateStatus,
  findMyCertificates,
  getCertificateDownloadUrl,
  type MyCertificate,
} from '@portal/contract/calls/certificate';
import { NO_DISPOSE_FLAG } from '@portal/contract/constants';
import { SUCCESS_CODES } from '@portal/contract/errors';
import { handleErrorEnvelope, request, SIGN_IN_CODES } from '../../lib/api.ts';
import { format, useMessages } from '../../lib/i18n.ts';
import { useAction, useCall } from '../../lib/use-call.ts';
import { certificateDate, certificateMessages } from './certificate-messages.ts';
import './certificate.css';

/**
 * My certificates (/account?change=3&recordType=2): number, title, dates, status and score, 10 a
 * page (the page in the address), each downloaded as its PDF (account-area.md section 8: 下载成功 /
 * 下载失败).
 */
export function MyCertificates() {
  const t = useMessages(certificateMessages);
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const { data, loading } = useCall(findMyCertificates, { pageCurrent: page, pageSize: CERTIFICATE_PAGE_SIZE });

  const go = (p: number) => {
    const q = new URLSearchParams(params);
    if (p === 1) q.delete('page');
    else q.set('page', String(p));
    setParams(q);
  };

  const download = useAction(async (c: MyCertificate) => {
    const env = await request(getCertificateDownloadUrl, { id: c.id, [NO_DISPOSE_FLAG]: true });
    if (!SUCCESS_CODES.includes(env.code) || !env.data) {
      // Signed out: the request layer's usual way (to /login); anything else: download failed.
      if (SIGN_IN_CODES.includes(env.code)) handleErrorEnvelope(env);
      void message.error(env.message ? `${t.downloadFailed}：${env.message}` : t.downloadFailed);
      return;
    }
    const a = document.createElement('a');
    a.href = env.data.url;
    a.download = env.data.fileName;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
    void message.success(t.downloaded);
  });

  return (
    <Table<MyCertificate>
      className="portal-records-table portal-cert-mine"
      rowKey="id"
      loading={loading && !data}
      dataSource={data?.list ?? []}
      locale={{ emptyText: <Empty description={t.empty} /> }}
      columns={[
        { key: 'number', title: t.number, dataIndex: 'number' },
        { key: 'title', title: t.title, dataIndex: 'title' },
        {
          key: 'issuedAt',
          title: t.issuedAt,
          dataIndex: 'issuedAt',
          render: (v: string) => <time dateTime={v}>{certificateDate(v)}</time>,
        },
        {
          key: 'validUntil',
          title: t.validUntil,
          dataIndex: 'validUntil',
          render: (v: string | null) => (v ? <time dateTime={v}>{certificateDate(v)}</time> : t.forever),
        },
        {
          key: 'status',
          title: t.status,
          dataIndex: 'status',
          render: (v: number) => (
            <span
              className={
                v === CertificateStatus.EXPIRED ? 'portal-cert-status portal-cert-status-expired' : 'portal-cert-status'
              }
            >
              {v === CertificateStatus.EXPIRED ? t.expired : t.valid}
            </span>
          ),
        },
        {
          key: 'score',
          title: t.score,
          dataIndex: 'score',
          align: 'right',
          render: (v: number | null) => (v === null ? '–' : String(v)),
        },
        {
          key: 'actions',
          title: t.actions,
          render: (_: unknown, c: MyCertificate) => (
            <Button
              type="link"
              className="portal-cert-download"
              aria-label={format(t.downloadOf, { number: c.number })}
              onClick={() => void download.run(c)}
            >
              {t.download}
            </Button>
          ),
        },
      ]}
      pagination={
        data && data.totalCount > CERTIFICATE_PAGE_SIZE
          ? {
              current: page,
              pageSize: CERTIFICATE_PAGE_SIZE,
              total: data.totalCount,
              showSizeChanger: false,
              onChange: go,
            }
          : false
      }
    />
  );
}
