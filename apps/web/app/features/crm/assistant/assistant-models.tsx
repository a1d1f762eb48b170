import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  deleteAiModel,
  saveAiModel,
  type AdminAiModel,
  type AssistantSettings,
} from '@portal/contract/calls/assistant';
import { ErrorCode } from '@portal/contract/error-codes';
import { handleErrorEnvelope, request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useMessages } from '../../../lib/i18n.ts';
import { useAction } from '../../../lib/use-call.ts';
import {
  MAX_TOKENS_MAX,
  MAX_TOKENS_MIN,
  MODEL_LABEL_MAX,
  MODEL_NAME_MAX,
  SORT_MAX,
  defaultModelOf,
  modelFieldProblem,
  modelRequest,
  modelValues,
  type AiModelField,
  type AiModelValues,
} from './assistant-form.ts';
import { assistantMessages, type AssistantText } from './assistant-messages.ts';

/** The field a refusal of saveAiModel belongs to. */
const fieldOfRefusal = (code: number): AiModelField | null =>
  code === ErrorCode.AI_MODEL_NAME_TAKEN ? 'name' : code === ErrorCode.ASSISTANT_PROVIDER_UNSET ? 'enabled' : null;

/**
 * The enterprise's language models (findAdminAiModels) in their order, the default (the first
 * enabled) marked; one added or changed in a dialog, deleted after a confirm. `onChanged` loads
 * the models and the settings again (whether a model answers depends on them).
 */
export function AssistantModels({
  models,
  settings,
  onChanged,
}: {
  models: AdminAiModel[];
  settings: AssistantSettings;
  onChanged: () => Promise<unknown>;
}) {
  const t = useMessages(assistantMessages);
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<{ model: AdminAiModel | null } | null>(null);
  const remove = useAction(async (m: AdminAiModel) => {
    await request(deleteAiModel, { id: m.id });
    void message.success(t.removed);
    await onChanged();
  });
  const defaultId = defaultModelOf(models)?.id;

  const columns: ColumnsType<AdminAiModel> = [
    {
      key: 'label',
      title: t.label,
      render: (_, m) => (
        <Space size={4} wrap>
          {m.label}
          {m.id === defaultId && <Tag color="blue">{t.isDefault}</Tag>}
        </Space>
      ),
    },
    { key: 'name', title: t.name, render: (_, m) => <Typography.Text code>{m.name}</Typography.Text> },
    {
      key: 'enabled',
      title: t.status,
      width: 90,
      render: (_, m) =>
        m.enabled ? <Tag color="success">{t.modelEnabled}</Tag> : <Tag color="default">{t.modelDisabled}</Tag>,
    },
    { key: 'sort', title: t.sort, dataIndex: 'sort', width: 80, align: 'right' },
    { key: 'maxTokens', title: t.maxTokens, dataIndex: 'maxTokens', width: 150, align: 'right' },
    { key: 'updatedAt', title: t.updatedAt, width: 150, render: (_, m) => dateTime(m.updatedAt) },
    {
      key: 'actions',
      title: t.actions,
      width: 130,
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`${t.edit} ${m.label}`} onClick={() => setEditing({ model: m })}>
            {t.edit}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            aria-label={`${t.remove} ${m.label}`}
            onClick={() =>
              void modal.confirm({
                title: format(t.removeTitle, { label: m.label }),
                content: t.removeText,
                okButtonProps: { danger: true },
                okText: t.remove,
                cancelText: t.cancel,
                onOk: () => remove.run(m),
              })
            }
          >
            {t.remove}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section aria-label={t.modelsCard}>
      <Card
        title={t.modelsCard}
        size="small"
        extra={
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ model: null })}>
            {t.addModel}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t.modelsIntro}</Typography.Paragraph>
        <Table<AdminAiModel>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={models}
          pagination={false}
          locale={{ emptyText: <Typography.Text>{t.noModels}</Typography.Text> }}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      {editing !== null && (
        <ModelDialog
          model={editing.model}
          models={models}
          settings={settings}
          t={t}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            void message.success(t.modelSaved);
            await onChanged();
          }}
        />
      )}
    </section>
  );
}

/** Adds a model (`model` null) or changes one; the gateway's refusals shown on their fields. */
function ModelDialog({
  model,
  models,
  settings,
  t,
  onClose,
  onSaved,
}: {
  model: AdminAiModel | null;
  models: AdminAiModel[];
  settings: AssistantSettings;
  t: AssistantText;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const [form] = Form.useForm<AiModelValues>();
  const save = useAction(async (v: AiModelValues) => {
    const env = await request(saveAiModel, { ...modelRequest(v, model?.id), _No_dispose: true });
    if (env.code === ErrorCode.OK) {
      await onSaved();
      return;
    }
    const field = fieldOfRefusal(env.code);
    if (!field) handleErrorEnvelope(env);
    form.setFields([{ name: field, errors: [env.message] }]);
  });
  const rule =
    (field: AiModelField): Rule =>
    (f) => ({
      validator: async (_r, value: unknown) => {
        const problem = modelFieldProblem(field, { ...(f.getFieldsValue(true) as AiModelValues), [field]: value }, t);
        if (problem) throw new Error(problem);
      },
    });
  const title = model ? t.editModel : t.newModel;
  return (
    <Modal
      open
      title={title}
      okText={t.saveModel}
      cancelText={t.cancel}
      confirmLoading={save.running}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AiModelValues>
        form={form}
        name="aiModel"
        layout="vertical"
        initialValues={modelValues(model, models, settings)}
        onFinish={(v) => void save.run(v)}
      >
        <Form.Item name="label" label={t.label} extra={t.labelHint} rules={[rule('label')]}>
          <Input maxLength={MODEL_LABEL_MAX} />
        </Form.Item>
        <Form.Item name="name" label={t.name} extra={t.nameHint} rules={[rule('name')]}>
          <Input maxLength={MODEL_NAME_MAX} spellCheck={false} placeholder="deepseek-chat" />
        </Form.Item>
        <Form.Item name="enabled" label={t.enableModel} extra={t.enableHint} valuePropName="checked">
          <Switch onChange={() => form.setFields([{ name: 'enabled', errors: [] }])} />
        </Form.Item>
        <Space size="large" wrap align="start">
          <Form.Item name="sort" label={t.sort} extra={t.sortHint} rules={[rule('sort')]}>
            <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="maxTokens" label={t.maxTokens} extra={t.maxTokensHint} rules={[rule('maxTokens')]}>
            <InputNumber min={MAX_TOKENS_MIN} max={MAX_TOKENS_MAX} precision={0} step={256} style={{ width: 180 }} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
