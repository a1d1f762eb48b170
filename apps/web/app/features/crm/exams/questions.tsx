import { Alert, App, Button, Form, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import {
  createQuestion,
  deleteQuestion,
  editQuestion,
  exportQuestions,
  viewAdminQuestion,
  type AdminQuestion,
  type AdminQuestionBank,
  type AdminQuestionRow,
} from '@portal/contract/calls/question-bank';
import { enumerations } from '@portal/contract/enums';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { STEM_IMAGE_TEXT, stemText } from '@portal/contract/rich-stem';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { ExportButton } from '../export-button.tsx';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';
import { QuestionDialog } from './question-editor.tsx';
import { QuestionImportDialog } from './question-import.tsx';
import { questionMessages } from './question-messages.ts';

export const QUESTION_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['keyword', 'questionType', 'difficulty', 'tag'],
};

type Filters = { keyword?: string; questionType?: number; difficulty?: number; tag?: string };

/** The list's filter as the list and export calls take it. */
export function questionFilterOf(f: Record<string, string | undefined>) {
  const positive = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  return {
    ...(f.keyword ? { keyword: f.keyword } : {}),
    ...(positive(f.questionType) ? { questionType: positive(f.questionType) } : {}),
    ...(positive(f.difficulty) ? { difficulty: positive(f.difficulty) } : {}),
    ...(f.tag ? { tag: f.tag } : {}),
  };
}

/** /crm/question-banks/:id: a bank's questions, filtered by type, difficulty and stem (decision 045). */
export function QuestionsView({
  bank,
  page,
  error,
}: {
  bank: AdminQuestionBank & { tags: string[] };
  page: Page<AdminQuestionRow> | null;
  error: string | null;
}) {
  const t = useMessages(questionMessages);
  const lang = useLang();
  const label = (o: { label: string; labelEn: string }) => (lang === 'zh' ? o.label : o.labelEn);
  const typeName = (v: number) =>
    label(enumerations.questionType.find((o) => o.value === v) ?? { label: '', labelEn: '' });
  const difficultyName = (v: number) =>
    label(enumerations.difficulty.find((o) => o.value === v) ?? { label: '', labelEn: '' });
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, QUESTION_TABLE);
  const [open, setOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [loading, setLoading] = useState<number | null>(null);
  const [editing, setEditing] = useState<AdminQuestion | null>(null);
  const saved = (text: string) => {
    void message.success(text);
    void revalidator.revalidate();
  };
  // The question is read before the dialog opens, so its form starts from the stored values.
  const startEdit = async (row: AdminQuestionRow) => {
    setLoading(row.id);
    try {
      setEditing(await request(viewAdminQuestion, { id: row.id }));
      setOpen(true);
    } catch {
      // The request layer showed why.
    } finally {
      setLoading(null);
    }
  };
  const remove = async (row: AdminQuestionRow) => {
    try {
      await request(deleteQuestion, { id: row.id });
      saved(t.deleted);
    } catch {
      // The request layer showed why (9504: a fixed paper holds it).
    }
  };
  const columns: ColumnsType<AdminQuestionRow> = [
    { key: 'type', title: t.questionType, width: 120, render: (_, q) => typeName(q.questionType) },
    { key: 'difficulty', title: t.difficulty, width: 90, render: (_, q) => difficultyName(q.difficulty) },
    { key: 'stem', title: t.stem, ellipsis: true, render: (_, q) => stemText(q.stem, STEM_IMAGE_TEXT[lang]) },
    {
      key: 'tags',
      title: t.tags,
      width: 160,
      render: (_, q) => (
        <Space size={[0, 4]} wrap>
          {q.tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'score', title: t.score, dataIndex: 'score', width: 90 },
    {
      key: 'papers',
      title: t.papers,
      width: 80,
      render: (_, q) => q.paperCount,
    },
    { key: 'createdAt', title: t.createdAt, width: 160, render: (_, q) => dateTime(q.createdAt) },
    {
      key: 'actions',
      title: t.actions,
      width: 130,
      render: (_, q) => (
        <Space size={0}>
          <Button type="link" size="small" loading={loading === q.id} onClick={() => void startEdit(q)}>
            {t.edit}
          </Button>
          <Popconfirm
            title={t.confirmDeleteQuestion}
            description={q.paperCount > 0 ? format(t.onPapers, { n: q.paperCount }) : undefined}
            okText={t.delete}
            cancelText={t.cancel}
            onConfirm={() => remove(q)}
          >
            <Button type="link" size="small" danger>
              {t.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const f = state.filters;
  const apply = (v: Filters) => {
    const filters: Record<string, string> = {};
    if (v.keyword?.trim()) filters.keyword = v.keyword.trim();
    if (v.questionType) filters.questionType = String(v.questionType);
    if (v.difficulty) filters.difficulty = String(v.difficulty);
    if (v.tag) filters.tag = v.tag;
    setParams(writeTableQuery({ ...state, filters, pageCurrent: 1 }, QUESTION_TABLE));
  };
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{bank.title}</Typography.Title>
        <Space>
          <Link to={localePath('/crm/question-banks', lang)}>{t.back}</Link>
          <Button onClick={() => setImporting(true)}>{t.importQuestions}</Button>
          <Button
            type="primary"
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            {t.addQuestion}
          </Button>
        </Space>
      </Space>
      <Form<Filters>
        layout="inline"
        key={params.toString()}
        initialValues={{
          keyword: f.keyword,
          questionType: f.questionType ? Number(f.questionType) : undefined,
          difficulty: f.difficulty ? Number(f.difficulty) : undefined,
          tag: f.tag,
        }}
        onFinish={apply}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="questionType" label={t.questionType}>
          <Select
            allowClear
            placeholder={t.allTypes}
            style={{ width: 150 }}
            options={enumerations.questionType.map((o) => ({ value: o.value, label: label(o) }))}
          />
        </Form.Item>
        <Form.Item name="difficulty" label={t.difficulty}>
          <Select
            allowClear
            placeholder={t.allDifficulties}
            style={{ width: 120 }}
            options={enumerations.difficulty.map((o) => ({ value: o.value, label: label(o) }))}
          />
        </Form.Item>
        {bank.tags.length > 0 && (
          <Form.Item name="tag" label={t.tags}>
            <Select
              allowClear
              showSearch
              placeholder={t.allTags}
              style={{ width: 150 }}
              options={bank.tags.map((tag) => ({ value: tag, label: tag }))}
            />
          </Form.Item>
        )}
        <Form.Item name="keyword" label={t.keyword}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t.search}
            </Button>
            <Button onClick={() => setParams(new URLSearchParams())}>{t.reset}</Button>
            <ExportButton start={() => request(exportQuestions, { bankId: bank.id, ...questionFilterOf(f) })} />
          </Space>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminQuestionRow>
        rowKey="id"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: QUESTION_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={QUESTION_TABLE}
      />
      <QuestionImportDialog
        bank={bank}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void revalidator.revalidate()}
      />
      <QuestionDialog
        key={editing?.id ?? 'new'}
        open={open}
        editing={editing}
        onClose={() => setOpen(false)}
        onSubmit={async (q) => {
          if (editing) await request(editQuestion, { ...q, id: editing.id });
          else await request(createQuestion, { ...q, bankId: bank.id });
          setOpen(false);
          saved(t.saved);
        }}
      />
    </>
  );
}
