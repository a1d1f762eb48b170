import { labelInSentence } from '@portal/contract/registration';
import { App, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { updateUserInfo } from '@portal/contract/calls/profile';
import { request } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { FormDialog } from '../../antd/form-dialog.tsx';
import { DetailFields, detailValues, type DetailFieldRow } from '../detail-fields.tsx';
import { accountMessages } from '../messages.ts';

/**
 * Edit info (account-area.md section 4): the nickname where the site has nicknames and the detail
 * fields its registration configuration shows, with the same rules as registration.
 */
export function EditInfoDialog({
  open,
  nickname,
  userName,
  userDetail,
  fields,
  onClose,
  onDone,
}: {
  open: boolean;
  /** The site has nicknames (usernameOpenSet) and its label. */
  nickname: { label: string; required: boolean } | null;
  userName: string;
  userDetail: Record<string, string>;
  fields: DetailFieldRow[];
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useMessages(accountMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const initial = {
    userName,
    userDetail: Object.fromEntries(
      Object.entries(userDetail).map(([k, v]) => [k, k === 'birthday' && v ? dayjs(v) : v]),
    ),
  };

  const submit = async (v: { userName?: string; userDetail?: Record<string, unknown> }) => {
    await request(updateUserInfo, {
      ...(nickname ? { userName: (v.userName ?? '').trim() } : {}),
      userDetail: detailValues(v.userDetail),
    });
    void message.success(t.changed);
    onDone();
  };

  return (
    <FormDialog
      title={t.editInfoTitle}
      open={open}
      width={800}
      form={form}
      name="edit-info"
      initialValues={initial}
      okText={t.confirm}
      cancelText={t.cancel}
      onClose={onClose}
      onSubmit={submit}
    >
      {nickname && (
        <Form.Item
          name="userName"
          label={nickname.label}
          rules={[
            ...(nickname.required
              ? [
                  {
                    required: true,
                    whitespace: true,
                    message: t.pleaseEnter.replace('{label}', labelInSentence(nickname.label)),
                  },
                ]
              : []),
            { max: 15 },
          ]}
        >
          <Input maxLength={15} />
        </Form.Item>
      )}
      <DetailFields form={form} fields={fields} />
    </FormDialog>
  );
}
