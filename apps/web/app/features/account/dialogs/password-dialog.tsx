import { useState } from 'react';
import { App, Form, Input } from 'antd';
import { setPassword, updatePassword } from '@portal/contract/calls/account';
import { request } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { FormDialog } from '../../antd/form-dialog.tsx';
import { confirmRules, ruleOf } from '../form-rules.ts';
import { accountMessages } from '../messages.ts';
import { encryptSecret } from '../password-crypto.ts';
import { signInAgain } from './sign-in-again.ts';
import '../account.css';

interface Values {
  password?: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Change password (old, new, confirmation) or, where none is set, set password (new,
 * confirmation). Passwords go encrypted; success ends every session: the person signs in again.
 * `forced`: the dialog cannot be closed (isModifyPasswordForce).
 */
export function PasswordDialog({
  mode,
  open,
  forced = false,
  onClose,
}: {
  mode: 'change' | 'set';
  open: boolean;
  forced?: boolean;
  onClose: () => void;
}) {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  // Changed: every session ends and the page is left; the button stays busy until then.
  const [leaving, setLeaving] = useState(false);

  const submit = async (v: Values) => {
    const newPassword = await encryptSecret(v.newPassword);
    const confirmPassword = await encryptSecret(v.confirmPassword);
    if (mode === 'change') {
      await request(updatePassword, {
        password: await encryptSecret(v.password ?? ''),
        newPassword,
        confirmPassword,
      });
    } else {
      await request(setPassword, { loginPwd: newPassword, confirmPwd: confirmPassword });
    }
    void message.success(mode === 'change' ? t.changed : t.passwordSet);
    setLeaving(true);
    signInAgain(lang);
  };

  return (
    <FormDialog
      title={mode === 'change' ? t.changePassword : t.setPassword}
      open={open}
      form={form}
      name={`password-${mode}`}
      okText={t.confirm}
      cancelText={t.cancel}
      forced={forced}
      busy={leaving}
      before={forced && <p className="portal-dialog-warning">{t.mustSetPassword}</p>}
      onClose={onClose}
      onSubmit={submit}
    >
      {mode === 'change' && (
        <Form.Item name="password" label={t.oldPassword} rules={[{ required: true, message: t.oldPasswordRequired }]}>
          <Input.Password placeholder={t.oldPasswordPlaceholder} maxLength={20} autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item name="newPassword" label={t.newPassword} rules={[ruleOf('password', lang)]} extra={t.passwordHint}>
        <Input.Password placeholder={t.newPasswordPlaceholder} maxLength={20} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t.confirmPassword}
        dependencies={['newPassword']}
        rules={confirmRules('newPassword', t)}
      >
        <Input.Password placeholder={t.confirmPasswordPlaceholder} maxLength={20} autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
