import { App, Button, Card, Empty, Form, Input, Modal, Popconfirm, Space, Tree, TreeSelect, Typography } from 'antd';
import type { TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  DEPARTMENT_NAME_MAX,
  deleteDepartment,
  editDepartment,
  moveDepartment,
  saveDepartment,
  type DepartmentNode,
} from '@portal/contract/calls/people';
import { request } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { subtreeOf, toTree, withDisabled } from './department-tree.ts';
import { peopleMessages, type PeopleText } from './messages.ts';

type Dialog =
  | { kind: 'add'; parentId: number | null }
  | { kind: 'rename'; department: DepartmentNode }
  | { kind: 'move'; department: DepartmentNode }
  | null;

/** The add and rename form: the name (required) and its English name. */
function NameDialog({ dialog, t, onDone }: { dialog: Dialog; t: PeopleText; onDone: (changed: boolean) => void }) {
  const [form] = Form.useForm<{ name: string; nameEn: string }>();
  const open = dialog?.kind === 'add' || dialog?.kind === 'rename';
  const current = dialog?.kind === 'rename' ? dialog.department : null;
  // A refusal (e.g. 9102, the name is taken at this level) is shown by the request layer.
  const save = useAction(async (v: { name: string; nameEn?: string }) => {
    if (dialog?.kind === 'add') {
      await request(saveDepartment, { parentId: dialog.parentId, name: v.name, nameEn: v.nameEn ?? '' });
    } else if (current) {
      await request(editDepartment, { id: current.id, name: v.name, nameEn: v.nameEn ?? '' });
    }
    onDone(true);
  });
  return (
    <Modal
      open={open}
      title={dialog?.kind === 'rename' ? t.rename : dialog?.kind === 'add' && dialog.parentId ? t.addChild : t.addTop}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={save.running}
      onOk={() => form.submit()}
      onCancel={() => onDone(false)}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: current?.name ?? '', nameEn: current?.nameEn ?? '' }}
        onFinish={save.run}
      >
        <Form.Item
          name="name"
          label={t.name}
          rules={[{ required: true, whitespace: true, message: t.nameRequired }, { max: DEPARTMENT_NAME_MAX }]}
        >
          <Input maxLength={DEPARTMENT_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item name="nameEn" label={t.nameEn} rules={[{ max: DEPARTMENT_NAME_MAX }]}>
          <Input maxLength={DEPARTMENT_NAME_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Moving by choosing the new parent (the keyboard's way; the tree also takes drag and drop). */
function MoveDialog({
  dialog,
  list,
  t,
  onDone,
}: {
  dialog: Dialog;
  list: readonly DepartmentNode[];
  t: PeopleText;
  onDone: (changed: boolean) => void;
}) {
  const lang = useLang();
  const [parent, setParent] = useState<number | null>(null);
  const department = dialog?.kind === 'move' ? dialog.department : null;
  const tree = useMemo(
    () => (department ? withDisabled(toTree(list, lang), subtreeOf(list, department.id)) : []),
    [department, list, lang],
  );
  const move = useAction(async () => {
    if (!department) return;
    await request(moveDepartment, { id: department.id, parentId: parent, index: 10_000 });
    onDone(true);
  });
  return (
    <Modal
      open={!!department}
      title={t.move}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={move.running}
      onOk={() => void move.run()}
      onCancel={() => onDone(false)}
      afterOpenChange={(open) => open && setParent(department?.parentId ?? null)}
      destroyOnHidden
    >
      <Typography.Paragraph>{t.parent}</Typography.Paragraph>
      <TreeSelect<number | null>
        style={{ width: '100%' }}
        value={parent}
        onChange={(v) => setParent(v ?? null)}
        allowClear
        placeholder={t.topLevel}
        treeData={tree}
        treeDefaultExpandAll
      />
    </Modal>
  );
}

/** /crm/departments: the department tree — add, rename, move (drag or choose), delete when empty. */
export function DepartmentsView({ list }: { list: DepartmentNode[] }) {
  const t = useMessages(peopleMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const tree = useMemo(
    () =>
      toTree(
        list,
        lang,
        (d) => `${lang === 'en' && d.nameEn ? d.nameEn : d.name}（${format(t.members, { n: d.memberCount })}）`,
      ),
    [list, lang, t],
  );
  const current = list.find((d) => d.id === selected) ?? null;

  const changed = (done: boolean, text = t.saved) => {
    setDialog(null);
    if (done) {
      void message.success(text);
      void revalidator.revalidate();
    }
  };

  // Refusals (9103 under its own sub-department, 9104 and 9105 not empty) are shown by the request layer.
  const move = useAction(async (input: { id: number; parentId: number | null; index: number }) => {
    await request(moveDepartment, input);
    changed(true);
  });
  const remove = useAction(async (d: DepartmentNode) => {
    await request(deleteDepartment, { id: d.id });
    setSelected(null);
    changed(true, t.deleted);
  });

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = Number(info.dragNode.key);
    const target = list.find((d) => d.id === Number(info.node.key));
    if (!target) return;
    // Dropped onto a node: its first child. Between nodes: after the target among its siblings.
    const intoTarget = !info.dropToGap;
    const parentId = intoTarget ? target.id : target.parentId;
    const siblings = list.filter((d) => d.parentId === parentId && d.id !== dragged);
    const index = intoTarget ? 0 : info.dropPosition === -1 ? 0 : siblings.findIndex((d) => d.id === target.id) + 1;
    void move.run({ id: dragged, parentId, index });
  };

  return (
    <>
      <Typography.Title level={4}>{t.departments}</Typography.Title>
      <Space align="start" size="large" wrap style={{ width: '100%' }}>
        <Card
          style={{ minWidth: 360 }}
          title={t.departments}
          extra={
            <Button type="primary" onClick={() => setDialog({ kind: 'add', parentId: null })}>
              {t.addTop}
            </Button>
          }
        >
          {tree.length === 0 ? (
            <Empty description={t.noDepartments} />
          ) : (
            <Tree
              treeData={tree}
              defaultExpandAll
              draggable={{ icon: false }}
              blockNode
              selectedKeys={selected === null ? [] : [selected]}
              onSelect={(keys) => setSelected(keys.length ? Number(keys[0]) : null)}
              onDrop={onDrop}
            />
          )}
        </Card>
        <Card
          style={{ minWidth: 320 }}
          title={current ? (lang === 'en' && current.nameEn ? current.nameEn : current.name) : t.department}
        >
          {current ? (
            <Space direction="vertical">
              <Typography.Text>{format(t.members, { n: current.memberCount })}</Typography.Text>
              <Space wrap>
                <Button onClick={() => setDialog({ kind: 'add', parentId: current.id })}>{t.addChild}</Button>
                <Button onClick={() => setDialog({ kind: 'rename', department: current })}>{t.rename}</Button>
                <Button onClick={() => setDialog({ kind: 'move', department: current })}>{t.move}</Button>
                <Popconfirm
                  title={format(t.deleteConfirm, { name: current.name })}
                  okText={t.delete}
                  cancelText={t.cancel}
                  onConfirm={() => remove.run(current)}
                >
                  <Button danger>{t.delete}</Button>
                </Popconfirm>
              </Space>
            </Space>
          ) : (
            <Typography.Text type="secondary">{t.selectHint}</Typography.Text>
          )}
        </Card>
      </Space>
      <NameDialog dialog={dialog} t={t} onDone={(done) => changed(done)} />
      <MoveDialog dialog={dialog} list={list} t={t} onDone={(done) => changed(done)} />
    </>
  );
}
