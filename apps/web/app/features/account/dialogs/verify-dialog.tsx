import { App, Form, Input } from 'antd';
import { updateIdv } from '@portal/contract/calls/profile';
import { ErrorCode } from '@portal/contract/errors';
import { ApiError, request } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { useAction } from '../../../lib/use-call.ts';
import { FormDialog } from '../../antd/form-dialog.tsx';
import { requiredRule, ruleOf } from '../form-rules.ts';
import { accountMessages } from '../messages.ts';
import { encryptSecret } from '../password-crypto.ts';

interface Values {
  realName: string;
  idCard: string;
}

/**
 * Verify info (account-area.md section 4): real name (at most 15) and ID number (validated;
 * required where the site verifies). The ID number goes encrypted. An ID number another account
 * has (3052, answered silently by the request layer) opens the bind dialog: 取消 / 继续绑定.
 */
export function VerifyDialog({
  open,
  required,
  initialName,
  onClose,
  onDone,
}: {
  open: boolean;
  required: boolean;
  initialName: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();

  const save = async (v: Values, confirmBind: boolean) => {
    await request(updateIdv, {
      realName: v.realName.trim(),
      idCard: v.idCard.trim() ? await encryptSecret(v.idCard.trim().toUpperCase()) : '',
      ...(confirmBind ? { confirmBind: true } : {}),
    });
    void message.success(t.verifyDone);
    onDone();
  };
  const bindAnyway = useAction((v: Values) => save(v, true));

  const submit = async (v: Values) => {
    try {
      await save(v, false);
    } catch (err) {
      if (!(err instanceof ApiError && err.code === ErrorCode.IDCARD_BOUND)) throw err;
      const phone = (err.data as { phone?: string } | null)?.phone ?? '';
      modal.confirm({
        title: t.boundTitle,
        content: (
          <>
            <p>{format(t.boundText, { phone })}</p>
            <p>{t.boundQuestion}</p>
          </>
        ),
        okText: t.continueBind,
        cancelText: t.cancel,
        onOk: () => bindAnyway.run(v),
      });
    }
  };

  return (
    <FormDialog
      title={t.verifyTitle}
      open={open}
      form={form}
      name="verify-info"
      initialValues={{ realName: initialName, idCard: '' }}
      okText={t.confirm}
      cancelText={t.cancel}
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item
        name="realName"
        label={t.realName}
        rules={[requiredRule(t.realNameRequired), { max: 15, message: t.realNameTooLong }]}
      >
        <Input placeholder={t.realNamePlaceholder} maxLength={15} autoComplete="name" />
      </Form.Item>
      <Form.Item name="idCard" label={t.idCard} rules={[ruleOf('idCard', lang, required)]} required={required}>
        <Input placeholder={t.idCardPlaceholder} maxLength={18} autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}
