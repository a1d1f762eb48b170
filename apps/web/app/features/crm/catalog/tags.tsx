import { Alert, App, Button, Form, Input, InputNumber, Popconfirm, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { createTag, deleteTag, editTag, tagFormFor, type AdminTag } from '@portal/contract/calls/tag';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { FormDialog } from '../../antd/form-dialog.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import { KeywordSearch } from '../keyword-search.tsx';
import { type TableQueryOptions } from '../table-query.ts';
import { catalogMessages } from './catalog-messages.ts';
import { zodRule } from './zod-rule.ts';

export const TAG_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['keyword'],
};

type TagValues = { name: string; nameEn: string; sort: number };

/** /crm/tags: the enterprise's learner tags with their use (decision 040). */
export function TagsView({ page, error }: { page: Page<AdminTag> | null; error: string | null }) {
  const t = useMessages(catalogMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const rules = tagFormFor(lang).shape;
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<AdminTag | 'new' | null>(null);
  const [form] = Form.useForm<TagValues>();
  const saved = (text: string) => {
    void message.success(text);
    void revalidator.revalidate();
  };
  const remove = async (tag: AdminTag) => {
    try {
      await request(deleteTag, { id: tag.id });
      saved(t.deleted);
    } catch {
      // The request layer showed why (9272: study tasks are assigned to it).
    }
  };
  const columns: ColumnsType<AdminTag> = [
    { key: 'name', title: t.tagName, dataIndex: 'name' },
    { key: 'nameEn', title: t.nameEn, dataIndex: 'nameEn' },
    { key: 'sort', title: t.sort, dataIndex: 'sort', width: 80 },
    { key: 'learners', title: t.learners, dataIndex: 'learnerCount', width: 100 },
    { key: 'tasks', title: t.tasks, dataIndex: 'taskCount', width: 120 },
    {
      key: 'actions',
      title: t.actions,
      render: (_, tag) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(tag)}>
            {t.edit}
          </Button>
          <Popconfirm
            title={format(t.confirmDelete, { name: tag.name })}
            description={tag.learnerCount > 0 ? t.tagDeleteHint : undefined}
            okText={t.delete}
            cancelText={t.cancel}
            onConfirm={() => remove(tag)}
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
        <Typography.Title level={4}>{crm.tags}</Typography.Title>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t.addTag}
        </Button>
      </Space>
      <KeywordSearch label={t.keyword} query={TAG_TABLE} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminTag>
        rowKey="id"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: TAG_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={TAG_TABLE}
      />
      <FormDialog<TagValues>
        title={current ? t.editTag : t.addTag}
        open={editing !== null}
        form={form}
        name="tag"
        key={current?.id ?? 'new'}
        initialValues={
          current ? { name: current.name, nameEn: current.nameEn, sort: current.sort } : { nameEn: '', sort: 0 }
        }
        okText={t.save}
        cancelText={t.cancel}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const input = { name: v.name, nameEn: v.nameEn ?? '', sort: v.sort ?? 0 };
          if (current) await request(editTag, { ...input, id: current.id });
          else await request(createTag, input);
          setEditing(null);
          saved(t.saved);
        }}
      >
        <Form.Item name="name" label={t.tagName} required rules={[zodRule(rules.name)]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={t.nameEn} rules={[zodRule(rules.nameEn)]}>
          <Input />
        </Form.Item>
        <Form.Item name="sort" label={t.sort} rules={[zodRule(rules.sort)]}>
          <InputNumber min={0} precision={0} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
