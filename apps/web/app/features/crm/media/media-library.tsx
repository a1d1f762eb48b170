import { Alert, Button, Form, Input, Progress, Select, Space, Tag, Typography, Upload as AntUpload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import type { Upload as TusUpload } from 'tus-js-client';
import { GATEWAY_PREFIX } from '@portal/contract/call';
import {
  MEDIA_DOCUMENT_EXTENSIONS,
  MEDIA_UPLOADS_PATH,
  MEDIA_UPLOAD_MAX_BYTES,
  MEDIA_VIDEO_EXTENSIONS,
  type Material,
} from '@portal/contract/calls/media';
import { PLATFORM_HEADER_VALUE } from '@portal/contract/constants';
import type { Page } from '@portal/contract/envelope';
import { formatFileSize } from '@portal/contract/file-size';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';
import { mediaMessages } from './messages.ts';

export const MEDIA_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['kind', 'search'],
};

/** How often the list is loaded again while a video is transcoding. */
const POLL_MS = 2000;
/** Each PATCH carries this much: a dropped connection costs at most one chunk sent again. */
const CHUNK_BYTES = 8 * 1024 * 1024;
const ACCEPT = [...MEDIA_VIDEO_EXTENSIONS, ...MEDIA_DOCUMENT_EXTENSIONS].map((e) => `.${e}`).join(',');

type Text = ReturnType<typeof useMessages<keyof (typeof mediaMessages)['zh']>>;

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

const durationOf = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

function StateCell({ m, t }: { m: Material; t: Text }) {
  // A video with no length was never processed (an older provider's upload): nothing plays.
  if (m.transcodeState === 'ready' && m.kind === 1 && m.durationSeconds === null) return <Tag>{t.notPlayable}</Tag>;
  if (m.transcodeState === 'ready') return <Tag color="success">{t.stateReady}</Tag>;
  if (m.transcodeState === 'failed')
    return (
      <div>
        <Tag color="error">{t.stateFailed}</Tag>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.transcodeError}
          </Typography.Text>
        </div>
      </div>
    );
  return (
    <div style={{ minWidth: 140 }}>
      <Typography.Text>{m.transcodeState === 'queued' ? t.stateQueued : t.stateRunning}</Typography.Text>
      <Progress percent={m.transcodeProgress} size="small" status="active" aria-label={t.stateRunning} />
    </div>
  );
}

interface Uploading {
  name: string;
  percent: number;
  paused: boolean;
  note: string;
  error: string;
}

/**
 * The upload button and its progress (tus, decision 041): files go in chunks to the gateway's tus
 * endpoint; a dropped connection is retried from the offset the server says it has, and the same
 * file chosen again after a reload resumes (tus-js-client keeps the upload's URL by the file's
 * fingerprint in localStorage). Pause and resume abort and restart the same upload.
 */
function UploadPanel({ t, onDone }: { t: Text; onDone: () => void }) {
  const lang = useLang();
  const [state, setState] = useState<Uploading | null>(null);
  const upload = useRef<TusUpload | null>(null);
  useEffect(() => () => void upload.current?.abort(), []);

  const start = async (file: File) => {
    const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
    if (!(ACCEPT.split(',') as string[]).includes(`.${ext}`)) {
      setState({ name: file.name, percent: 0, paused: false, note: '', error: t.badType });
      return;
    }
    if (file.size > MEDIA_UPLOAD_MAX_BYTES) {
      setState({ name: file.name, percent: 0, paused: false, note: '', error: t.tooLarge });
      return;
    }
    const { Upload } = await import('tus-js-client');
    upload.current?.abort();
    setState({ name: file.name, percent: 0, paused: false, note: '', error: '' });
    const up = new Upload(file, {
      endpoint: GATEWAY_PREFIX + MEDIA_UPLOADS_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000, 30_000],
      headers: { platform: PLATFORM_HEADER_VALUE, lang },
      metadata: { filename: file.name, filetype: file.type, title: file.name.replace(/\.[^.]*$/, '') },
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) =>
        setState(
          (s) => s && { ...s, percent: Math.floor((sent / total) * 100), note: s.note === t.retrying ? '' : s.note },
        ),
      onShouldRetry: () => {
        setState((s) => s && { ...s, note: t.retrying });
        return true;
      },
      onError: (err) => {
        const body = (err as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody() ?? '';
        let reason = err.message;
        try {
          reason = (JSON.parse(body) as { message: string }).message;
        } catch {
          // Not the gateway's envelope: the client's own message.
        }
        setState((s) => s && { ...s, error: format(t.uploadFailed, { reason }) });
      },
      onSuccess: () => {
        setState((s) => s && { ...s, percent: 100, note: format(t.uploaded, { name: file.name }) });
        onDone();
      },
    });
    upload.current = up;
    const previous = await up.findPreviousUploads();
    if (previous[0]) {
      up.resumeFromPreviousUpload(previous[0]);
      setState((s) => s && { ...s, note: t.resumed });
    }
    up.start();
  };

  const pause = () => {
    void upload.current?.abort();
    setState((s) => s && { ...s, paused: true });
  };
  const resume = () => {
    upload.current?.start();
    setState((s) => s && { ...s, paused: false, error: '' });
  };
  const running = state !== null && state.percent < 100 && !state.error;

  return (
    <div style={{ marginBottom: 16 }}>
      <Space wrap>
        <AntUpload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void start(file);
            return false;
          }}
        >
          <Button type="primary" disabled={running && !state.paused}>
            {t.upload}
          </Button>
        </AntUpload>
        {running &&
          (state.paused ? <Button onClick={resume}>{t.resume}</Button> : <Button onClick={pause}>{t.pause}</Button>)}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 8 }}>
        {t.uploadHint}
      </Typography.Paragraph>
      {state && (
        <div role="status" style={{ maxWidth: 520 }}>
          <Typography.Text>{format(state.paused ? t.paused : t.uploading, { name: state.name })}</Typography.Text>
          <Progress
            percent={state.percent}
            status={state.error ? 'exception' : state.percent === 100 ? 'success' : 'active'}
            aria-label={state.name}
          />
          {state.note && <Typography.Text type="secondary">{state.note}</Typography.Text>}
          {state.error && <Alert type="error" showIcon message={state.error} />}
        </div>
      )}
    </div>
  );
}

function MediaFilters({ t }: { t: Text }) {
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, MEDIA_TABLE);
  const f = state.filters;
  type Values = { kind?: string; search?: string };
  const apply = (v: Values) => {
    const filters: Record<string, string> = {};
    if (v.kind) filters.kind = v.kind;
    if (v.search?.trim()) filters.search = v.search.trim();
    setParams(writeTableQuery({ ...state, filters, pageCurrent: 1 }, MEDIA_TABLE));
  };
  return (
    <Form<Values>
      layout="inline"
      key={params.toString()}
      initialValues={{ kind: f.kind, search: f.search }}
      onFinish={apply}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="kind" label={t.kind}>
        <Select
          allowClear
          placeholder={t.allKinds}
          style={{ width: 120 }}
          options={[
            { value: '1', label: t.video },
            { value: '2', label: t.document },
          ]}
        />
      </Form.Item>
      <Form.Item name="search" label={t.title}>
        <Input allowClear placeholder={t.searchPlaceholder} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t.search}
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>{t.reset}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** /crm/media: the library's table (state and transcoding progress, polled while any video is not done) and the upload. */
export function MediaLibrary({ page, error }: { page: Page<Material> | null; error: string | null }) {
  const t = useMessages(mediaMessages);
  const revalidator = useRevalidator();
  const working = page?.list.some((m) => m.transcodeState === 'queued' || m.transcodeState === 'running') ?? false;
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [working, revalidator]);

  const columns: ColumnsType<Material> = [
    {
      key: 'title',
      title: t.title,
      render: (_, m) => (
        <Space>
          {m.posterUrl && <img src={m.posterUrl} alt="" width={64} height={36} style={{ objectFit: 'cover' }} />}
          <span>
            <div>{m.title}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {m.fileName}
            </Typography.Text>
          </span>
        </Space>
      ),
    },
    { key: 'kind', title: t.kind, render: (_, m) => (m.kind === 1 ? t.video : t.document) },
    // Not known for a video FFmpeg made here (the demo lecture) or one never uploaded.
    { key: 'fileSize', title: t.size, render: (_, m) => (m.fileSize > 0 ? formatFileSize(m.fileSize) : '—') },
    {
      key: 'duration',
      title: t.duration,
      render: (_, m) => (m.kind !== 1 || m.durationSeconds === null ? '—' : durationOf(m.durationSeconds)),
    },
    { key: 'state', title: t.state, render: (_, m) => <StateCell m={m} t={t} /> },
    { key: 'createdAt', title: t.createdAt, render: (_, m) => timeOf(m.createdAt) },
  ];

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t.media}
      </Typography.Title>
      <UploadPanel t={t} onDone={() => void revalidator.revalidate()} />
      <MediaFilters t={t} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {page && <ServerTable<Material> rowKey="id" page={page} query={MEDIA_TABLE} columns={columns} />}
    </>
  );
}
