import { Alert, App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useRevalidator } from 'react-router';
import {
  CertificateUserKind,
  deleteCertificateTemplate,
  type AdminCertificateTemplateRow,
} from '@portal/contract/calls/certificate-admin';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { KeywordSearch } from '../keyword-search.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { certificateTemplateMessages } from './certificate-template-messages.ts';

export const CERTIFICATE_TEMPLATE_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['keyword'],
};

/** Where an exam, study task or project that grants a template is edited in the back office. */
const userPath = (kind: number, id: number) =>
  kind === CertificateUserKind.EXAM
    ? `/crm/exam-tasks/${id}`
    : kind === CertificateUserKind.STUDY_TASK
      ? `/crm/tasks/${id}`
      : `/crm/projects/${id}/progress`;

/**
 * /crm/certificate-templates: the enterprise's certificate templates with what grants each and how
 * many certificates it issued (decision 055). One in use or with certificates is not deleted.
 */
export function CertificateTemplatesView({
  page,
  error,
}: {
  page: Page<AdminCertificateTemplateRow> | null;
  error: string | null;
}) {
  const t = useMessages(certificateTemplateMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const kindName = (kind: number) =>
    kind === CertificateUserKind.EXAM
      ? t.kindExam
      : kind === CertificateUserKind.STUDY_TASK
        ? t.kindTask
        : t.kindProject;
  const remove = async (row: AdminCertificateTemplateRow) => {
    try {
      await request(deleteCertificateTemplate, { id: row.id });
      void message.success(t.deleted);
      void revalidator.revalidate();
    } catch {
      // The request layer showed why (7703 in use, 7704 certificates issued).
    }
  };
  const columns: ColumnsType<AdminCertificateTemplateRow> = [
    {
      key: 'title',
      title: t.title,
      render: (_, r) => <Link to={localePath(`/crm/certificate-templates/${r.id}`, lang)}>{r.title}</Link>,
    },
    { key: 'issuer', title: t.issuer, dataIndex: 'issuer', ellipsis: true },
    {
      key: 'page',
      title: t.orientationCol,
      width: 170,
      render: (_, r) => (
        <Space size={4}>
          {r.orientation === 'portrait' ? t.portrait : t.landscape}
          {r.backgroundUrl ? <Tag color="gold">{t.hasBackground}</Tag> : <Tag>{t.noBackground}</Tag>}
        </Space>
      ),
    },
    {
      key: 'valid',
      title: t.validMonths,
      width: 120,
      render: (_, r) => (r.validMonths === null ? t.forever : format(t.months, { n: r.validMonths })),
    },
    { key: 'issued', title: t.issued, dataIndex: 'issued', width: 80 },
    {
      key: 'usedBy',
      title: t.usedBy,
      render: (_, r) =>
        r.usedByCount === 0 ? (
          <Typography.Text type="secondary">{t.unused}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {r.usedBy.slice(0, 3).map((u) => (
              <Link key={`${u.kind}-${u.id}`} to={localePath(userPath(u.kind, u.id), lang)}>
                {kindName(u.kind)}·{u.title}
              </Link>
            ))}
            {r.usedByCount > 3 && <span>{format(t.usedByMore, { n: r.usedByCount })}</span>}
          </Space>
        ),
    },
    { key: 'createdAt', title: t.createdAt, width: 170, render: (_, r) => dateTime(r.createdAt) },
    {
      key: 'actions',
      title: t.actions,
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <Link to={localePath(`/crm/certificate-templates/${r.id}`, lang)} style={{ padding: '0 7px' }}>
            {t.edit}
          </Link>
          <Popconfirm
            title={format(t.confirmDelete, { name: r.title })}
            okText={t.delete}
            cancelText={t.cancel}
            onConfirm={() => remove(r)}
          >
            <Button type="link" size="small" danger>
              {t.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{crm.certificateTemplates}</Typography.Title>
        <Button type="primary" onClick={() => void navigate(localePath('/crm/certificate-templates/new', lang))}>
          {t.add}
        </Button>
      </Space>
      <KeywordSearch label={t.keyword} query={CERTIFICATE_TEMPLATE_TABLE} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminCertificateTemplateRow>
        rowKey="id"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: CERTIFICATE_TEMPLATE_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={CERTIFICATE_TEMPLATE_TABLE}
      />
    </>
  );
}
