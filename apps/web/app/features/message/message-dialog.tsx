import { useEffect, useMemo, useState } from 'react';
import { App, Form, Input, Modal, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import {
  charCount,
  MESSAGE_CONTENT_MAX,
  MESSAGE_TITLE_MAX,
  editMessage,
  messageFields,
  saveMessage,
  viewMessage,
  type OnlineMessage,
} from '@portal/contract/calls/message';
import { request } from '../../lib/api.ts';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { messageTexts } from './message-texts.ts';

type Values = { title: string; messageContent: string };

/** An antd rule that runs the contract's zod rule (the server checks the same one). */
const zodRule = (schema: z.ZodType): Rule => ({
  validator: async (_rule, value: unknown) => {
    const r = schema.safeParse(value ?? '');
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});

/**
 * The message dialog (account-area.md sections 4 and 5): add mode, or edit mode when `id` is given
 * (the message is loaded first). Title required, at most 50 characters; content required, at most
 * 200, in a textarea of 5 to 10 rows. Saved: the spec's success text, then `onSaved`.
 */
export function MessageDialog({
  open,
  id,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** Edit this message; absent: a new one. */
  id?: number | undefined;
  onClose: () => void;
  onSaved?: (message: OnlineMessage) => void;
}) {
  const t = useMessages(messageTexts);
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(id !== undefined);
  const [busy, setBusy] = useState(false);
  const fields = useMemo(() => messageFields(lang), [lang]);
  const editing = id !== undefined;

  useEffect(() => {
    if (!open || id === undefined) return;
    const controller = new AbortController();
    request(viewMessage, { id }, { signal: controller.signal })
      .then((m) => {
        form.setFieldsValue({ title: m.title, messageContent: m.messageContent });
        setLoading(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) onClose();
      });
    return () => controller.abort();
  }, [open, id, form, onClose]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const input = { title: v.title.trim(), messageContent: v.messageContent.trim() };
      const saved = editing ? await request(editMessage, { id, ...input }) : await request(saveMessage, input);
      void message.success({ content: editing ? t.edited : t.saved, duration: editing ? 3 : 6 });
      onSaved?.(saved);
      onClose();
    } catch {
      // The request layer showed the error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={editing ? t.editTitle : t.addTitle}
      open={open}
      width={550}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t.submit}
      cancelText={t.cancel}
      okButtonProps={{ loading: busy, disabled: loading }}
      maskClosable={false}
      destroyOnHidden
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" name="online-message" onFinish={(v) => void submit(v)}>
          <Form.Item name="title" label={t.title} rules={[zodRule(fields.title)]} validateFirst>
            <Input
              placeholder={t.titlePlaceholder}
              count={{ show: true, max: MESSAGE_TITLE_MAX, strategy: charCount }}
              autoComplete="off"
            />
          </Form.Item>
          <Form.Item name="messageContent" label={t.content} rules={[zodRule(fields.messageContent)]} validateFirst>
            <Input.TextArea
              placeholder={t.contentPlaceholder}
              autoSize={{ minRows: 5, maxRows: 10 }}
              count={{ show: true, max: MESSAGE_CONTENT_MAX, strategy: charCount }}
            />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
