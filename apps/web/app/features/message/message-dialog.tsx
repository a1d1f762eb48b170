import { useMemo } from 'react';
import { App, Form, Input } from 'antd';
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
import { isAbort, useLoad } from '../../lib/use-call.ts';
import { FormDialog } from '../antd/form-dialog.tsx';
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
  const fields = useMemo(() => messageFields(lang), [lang]);
  const editing = id !== undefined;

  // Edit mode: the message first (a failure closes the dialog; the request layer said why).
  const { loading } = useLoad(
    async (signal) => {
      try {
        const m = await request(viewMessage, { id: id! }, { signal });
        form.setFieldsValue({ title: m.title, messageContent: m.messageContent });
        return m;
      } catch (err) {
        if (!isAbort(err)) onClose();
        throw err;
      }
    },
    open && editing ? [id] : null,
  );

  const submit = async (v: Values) => {
    const input = { title: v.title.trim(), messageContent: v.messageContent.trim() };
    const saved = editing ? await request(editMessage, { id, ...input }) : await request(saveMessage, input);
    void message.success({ content: editing ? t.edited : t.saved, duration: editing ? 3 : 6 });
    onSaved?.(saved);
    onClose();
  };

  return (
    <FormDialog
      title={editing ? t.editTitle : t.addTitle}
      open={open}
      width={550}
      form={form}
      name="online-message"
      okText={t.submit}
      cancelText={t.cancel}
      loading={loading}
      onClose={onClose}
      onSubmit={submit}
    >
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
    </FormDialog>
  );
}
