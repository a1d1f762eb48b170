import { App, Button, Form, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { useMessages } from '../../../lib/i18n.ts';
import { siteMessages } from './messages.ts';

interface Row {
  id: number;
  enabled?: boolean;
}

/**
 * One of the site's ordered lists in the back office (zones, banners, friendly links, menus): the
 * rows in their order with up and down to move one (the whole new order is sent: a stale page gets
 * 9355), a switch to show or hide, edit and add in a dialog, delete after a confirmation. These
 * lists are a handful of rows, so they are not paged (decision 042). After each change the route's
 * loader reads the list again.
 */
export function OrderedList<T extends Row, V extends object>({
  title,
  rows,
  columns,
  fields,
  valuesOf,
  blank,
  save,
  remove,
  sort,
  testId,
}: {
  title: string;
  rows: T[];
  columns: ColumnsType<T>;
  /** The dialog's form items. */
  fields: ReactNode;
  /** A row as the form edits it. */
  valuesOf: (row: T) => V;
  /** A new row's values. */
  blank: V;
  save: (values: V, id: number | undefined) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  sort: (ids: number[]) => Promise<unknown>;
  testId: string;
}) {
  const t = useMessages(siteMessages);
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<V>();
  const [editing, setEditing] = useState<{ id: number | undefined; values: V } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      message.success(done);
      await revalidator.revalidate();
      return true;
    } catch {
      // The request layer showed the server's message.
      return false;
    } finally {
      setBusy(false);
    }
  };

  const open = (row: T | null) => setEditing({ id: row?.id, values: row ? valuesOf(row) : blank });

  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    void run(() => sort(ids), t.saved);
  };

  const hasEnabled = rows.length === 0 || rows[0]!.enabled !== undefined;
  const all: ColumnsType<T> = [
    ...columns,
    ...(hasEnabled
      ? [
          {
            title: t.enabled,
            key: 'enabled',
            width: 90,
            render: (_: unknown, row: T) => (
              <Switch
                size="small"
                checked={row.enabled}
                disabled={busy}
                aria-label={t.enabled}
                onChange={(on) => void run(() => save({ ...valuesOf(row), enabled: on }, row.id), t.saved)}
              />
            ),
          },
        ]
      : []),
    {
      title: t.actions,
      key: 'actions',
      width: 260,
      render: (_: unknown, row: T, index: number) => (
        <Space size="small" wrap>
          <Button size="small" disabled={busy || index === 0} onClick={() => move(index, -1)}>
            {t.moveUp}
          </Button>
          <Button size="small" disabled={busy || index === rows.length - 1} onClick={() => move(index, 1)}>
            {t.moveDown}
          </Button>
          <Button size="small" type="link" onClick={() => open(row)}>
            {t.edit}
          </Button>
          <Popconfirm title={t.deleteConfirm} onConfirm={() => run(() => remove(row.id), t.deleted)}>
            <Button size="small" type="link" danger>
              {t.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <section data-testid={testId}>
      <Space style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
        <strong>{title}</strong>
        <Button type="primary" onClick={() => open(null)}>
          {t.add}
        </Button>
      </Space>
      <Table<T>
        rowKey="id"
        size="middle"
        pagination={false}
        columns={all}
        dataSource={rows}
        rowClassName={(row) => (row.enabled === false ? 'crm-row-hidden' : '')}
      />
      <Modal
        open={editing !== null}
        title={editing?.id === undefined ? `${t.add} · ${title}` : `${t.edit} · ${title}`}
        okText={t.save}
        cancelText={t.cancel}
        confirmLoading={busy}
        destroyOnHidden
        onCancel={() => setEditing(null)}
        onOk={async () => {
          const values = await form.validateFields().catch(() => null);
          if (!values || !editing) return;
          if (await run(() => save({ ...blank, ...values }, editing.id), t.saved)) setEditing(null);
        }}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={editing?.values}>
          {fields}
        </Form>
      </Modal>
    </section>
  );
}

/** A shown or hidden tag for a row's state. */
export function ShownTag({ shown }: { shown: boolean }) {
  const t = useMessages(siteMessages);
  return <Tag color={shown ? 'green' : 'default'}>{shown ? t.shown : t.hidden}</Tag>;
}
