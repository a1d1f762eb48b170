import { Alert, Button, Card, Form, Input, Progress, Space, Statistic, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  LearnerImportStatus,
  startLearnerImport,
  viewLearnerImport,
  viewLearnerImportTemplate,
  type LearnerImport,
} from '@portal/contract/calls/learner-import';
import type { Page } from '@portal/contract/envelope';
import { FilePicker } from '../file-picker.tsx';
import { request, upload } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { ruleOf } from '../../account/form-rules.ts';
import { encryptSecret } from '../../account/password-crypto.ts';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { importMessages } from './messages.ts';

/** The history table's state in the URL: newest first, paged. */
export const IMPORTS_TABLE: TableQueryOptions = { defaultSize: 10, sizes: [10, 20, 50], sortable: [], filters: [] };

/** The initial password the form suggests (the administrator may set another; decision 038). */
export const SUGGESTED_INITIAL_PASSWORD = 'Welcome@123';

/** How often the progress bar asks for the import's state. */
const POLL_MS = 1000;

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

type Texts = Record<keyof (typeof importMessages)['zh'], string>;

function StatusTag({ imp, t }: { imp: LearnerImport; t: Texts }) {
  if (imp.status === LearnerImportStatus.DONE) return <Tag color="success">{t.done}</Tag>;
  if (imp.status === LearnerImportStatus.FAILED) return <Tag color="error">{t.failed}</Tag>;
  return <Tag color="processing">{t.running}</Tag>;
}

/** The import under way: its progress bar (polled), then its counts and result file. */
function CurrentImport({ imp, t }: { imp: LearnerImport; t: Texts }) {
  const percent = imp.totalRows ? Math.floor((imp.rowsDone / imp.totalRows) * 100) : 0;
  const status =
    imp.status === LearnerImportStatus.FAILED
      ? 'exception'
      : imp.status === LearnerImportStatus.DONE
        ? 'success'
        : 'active';
  return (
    <Card title={t.progress} data-testid="current-import" style={{ marginBottom: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Typography.Text strong>{imp.fileName}</Typography.Text>
          <StatusTag imp={imp} t={t} />
          <Typography.Text type="secondary">
            {t.rows.replace('{done}', String(imp.rowsDone)).replace('{total}', String(imp.totalRows))}
          </Typography.Text>
        </Space>
        <Progress
          aria-label={t.progress}
          percent={imp.status === LearnerImportStatus.DONE ? 100 : percent}
          status={status}
        />
        {imp.status === LearnerImportStatus.FAILED ? <Alert type="error" showIcon message={imp.error} /> : null}
        {imp.status === LearnerImportStatus.DONE ? (
          <Space size="large" wrap>
            <Statistic title={t.created} value={imp.createdCount} />
            <Statistic title={t.updated} value={imp.updatedCount} />
            <Statistic title={t.unchanged} value={imp.unchangedCount} />
            <Statistic title={t.rejected} value={imp.rejectedCount} />
            {imp.resultUrl ? (
              <a href={imp.resultUrl} download>
                {t.result}
              </a>
            ) : null}
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}

/** /crm/imports: the template, the upload form, the import's progress and the history. */
export function LearnerImportView({ page, error }: { page: Page<LearnerImport> | null; error: string | null }) {
  const t = useMessages(importMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const revalidator = useRevalidator();
  const [current, setCurrent] = useState<LearnerImport | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  // Polls the import while it runs; the history is read again when it ends.
  useEffect(() => {
    if (!current || current.status !== LearnerImportStatus.RUNNING) return;
    const timer = setTimeout(() => {
      request(viewLearnerImport, { id: current.id }, { quiet: true })
        .then((next) => {
          setCurrent(next);
          if (next.status !== LearnerImportStatus.RUNNING) void revalidator.revalidate();
        })
        .catch(() => {});
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [current, revalidator]);

  const downloadTemplate = async () => {
    const { url } = await request(viewLearnerImportTemplate, {});
    window.location.assign(url);
  };

  const submit = async (v: { initialPassword: string }) => {
    if (!file) return;
    setBusy(true);
    try {
      const started = await upload(startLearnerImport, file, {
        field: 'file',
        filename: file.name,
        query: { initialPassword: await encryptSecret(v.initialPassword) },
      });
      setCurrent(started);
      setFile(null);
    } catch {
      // The request layer showed the message.
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<LearnerImport> = [
    { title: t.fileName, dataIndex: 'fileName', key: 'fileName' },
    { title: t.createdAt, dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => timeOf(v) },
    { title: t.status, key: 'status', render: (_, r) => <StatusTag imp={r} t={t} /> },
    {
      title: t.counts,
      key: 'counts',
      render: (_, r) =>
        r.status === LearnerImportStatus.FAILED
          ? r.error
          : `${t.created} ${r.createdCount} · ${t.updated} ${r.updatedCount} · ${t.unchanged} ${r.unchangedCount} · ${t.rejected} ${r.rejectedCount}`,
    },
    {
      title: t.result,
      key: 'result',
      render: (_, r) =>
        r.resultUrl ? (
          <a href={r.resultUrl} download>
            {t.result}
          </a>
        ) : (
          t.none
        ),
    },
  ];

  return (
    <>
      <Typography.Title level={4}>{crm.learnerImports}</Typography.Title>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Paragraph>{t.intro}</Typography.Paragraph>
        <Button onClick={() => void downloadTemplate()} style={{ marginBottom: 16 }}>
          {t.template}
        </Button>
        <Form<{ initialPassword: string }>
          layout="vertical"
          initialValues={{ initialPassword: SUGGESTED_INITIAL_PASSWORD }}
          onFinish={(v) => void submit(v)}
          style={{ maxWidth: 480 }}
        >
          <Form.Item
            name="initialPassword"
            label={t.initialPassword}
            extra={t.initialPasswordHelp}
            rules={[ruleOf('password', lang)]}
          >
            <Input />
          </Form.Item>
          <Form.Item label={t.file} required>
            <FilePicker accept=".xlsx" file={file} onChange={setFile} label={t.chooseFile} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!file}>
            {t.start}
          </Button>
        </Form>
      </Card>
      {current ? <CurrentImport imp={current} t={t} /> : null}
      <Card title={t.history}>
        {error ? <Alert type="error" message={error} style={{ marginBottom: 16 }} /> : null}
        <ServerTable<LearnerImport>
          rowKey="id"
          columns={columns}
          page={page ?? { pageCurrent: 1, pageSize: IMPORTS_TABLE.defaultSize, totalCount: 0, list: [] }}
          query={IMPORTS_TABLE}
        />
      </Card>
    </>
  );
}
