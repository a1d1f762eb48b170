import { Alert, App, Button, Form, Input, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import {
  bankFormFor,
  createQuestionBank,
  deleteQuestionBank,
  editQuestionBank,
  type AdminQuestionBank,
  type BankForm,
} from '@portal/contract/calls/question-bank';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { FormDialog } from '../../antd/form-dialog.tsx';
import { zodRule } from '../catalog/zod-rule.ts';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import { KeywordSearch } from '../keyword-search.tsx';
import { type TableQueryOptions } from '../table-query.ts';
import { questionMessages } from './question-messages.ts';

export const BANK_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['keyword'],
};

/** /crm/question-banks: the enterprise's question banks with their questions and use (decision 045). */
export function BanksView({ page, error }: { page: Page<AdminQuestionBank> | null; error: string | null }) {
  const t = useMessages(questionMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const rules = bankFormFor(lang).shape;
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<AdminQuestionBank | 'new' | null>(null);
  const [form] = Form.useForm<BankForm>();
  const saved = (text: string) => {
    void message.success(text);
    void revalidator.revalidate();
  };
  const remove = async (bank: AdminQuestionBank) => {
    try {
      await request(deleteQuestionBank, { id: bank.id });
      saved(t.deleted);
    } catch {
      // The request layer showed why (9502: a paper or practice set uses it).
    }
  };
  const columns: ColumnsType<AdminQuestionBank> = [
    {
      key: 'title',
      title: t.bankTitle,
      render: (_, bank) => <Link to={localePath(`/crm/question-banks/${bank.id}`, lang)}>{bank.title}</Link>,
    },
    { key: 'questions', title: t.questions, dataIndex: 'questionCount', width: 90 },
    { key: 'papers', title: t.papers, dataIndex: 'paperCount', width: 80 },
    { key: 'sets', title: t.practiceSets, dataIndex: 'practiceSetCount', width: 80 },
    {
      key: 'practice',
      title: t.openForPractice,
      width: 110,
      render: (_, bank) => (bank.openForPractice ? <Tag color="green">{t.open}</Tag> : <Tag>{t.closed}</Tag>),
    },
    { key: 'createdAt', title: t.createdAt, width: 170, render: (_, bank) => dateTime(bank.createdAt) },
    {
      key: 'actions',
      title: t.actions,
      render: (_, bank) => (
        <Space size={0}>
          <Link to={localePath(`/crm/question-banks/${bank.id}`, lang)} style={{ padding: '0 7px' }}>
            {t.manageQuestions}
          </Link>
          <Button type="link" size="small" onClick={() => setEditing(bank)}>
            {t.edit}
          </Button>
          <Popconfirm
            title={format(t.confirmDeleteBank, { name: bank.title })}
            okText={t.delete}
            cancelText={t.cancel}
            onConfirm={() => remove(bank)}
          >
            <Button type="link" size="small" danger>
              {t.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const current = editing === 'new' || editing === null ? null : editing;
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{crm.questionBanks}</Typography.Title>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t.addBank}
        </Button>
      </Space>
      <KeywordSearch label={t.keyword} query={BANK_TABLE} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminQuestionBank>
        rowKey="id"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: BANK_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={BANK_TABLE}
      />
      <FormDialog<BankForm>
        title={current ? t.editBank : t.addBank}
        open={editing !== null}
        form={form}
        name="bank"
        key={current?.id ?? 'new'}
        initialValues={
          current ? { title: current.title, openForPractice: current.openForPractice } : { openForPractice: false }
        }
        okText={t.save}
        cancelText={t.cancel}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const input = { title: v.title, openForPractice: v.openForPractice ?? false };
          if (current) await request(editQuestionBank, { ...input, id: current.id });
          else await request(createQuestionBank, input);
          setEditing(null);
          saved(t.saved);
        }}
      >
        <Form.Item name="title" label={t.bankTitle} required rules={[zodRule(rules.title)]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="openForPractice"
          label={t.openForPractice}
          valuePropName="checked"
          extra={t.openForPracticeHint}
        >
          <Switch />
        </Form.Item>
      </FormDialog>
    </>
  );
}
