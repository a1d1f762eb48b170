import {
  Alert,
  App,
  Button,
  Descriptions,
  Divider,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Spin,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useRevalidator } from 'react-router';
import {
  editLearner,
  resetLearnerPassword,
  setLearnerAdmin,
  setLearnerDepartments,
  setLearnerStatus,
  setLearnerTags,
  viewLearner,
  type DepartmentNode,
} from '@portal/contract/calls/people';
import type { CallResponse } from '@portal/contract/call';
import { DETAIL_FIELDS, type DetailField } from '@portal/contract/registration';
import { request } from '../../../lib/api.ts';
import { useAction, useCall } from '../../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { DetailFields, detailValues, type DetailFieldRow } from '../../account/detail-fields.tsx';
import { toTree } from './department-tree.ts';
import { peopleMessages } from './messages.ts';

type Learner = CallResponse<typeof viewLearner>;

/** The site's detail fields of the learner, as the shared detail form renders them. */
function detailRows(learner: Learner): DetailFieldRow[] {
  return learner.fields
    .filter((f): f is typeof f & { field: DetailField } => f.field in DETAIL_FIELDS)
    .map((f, i) => ({
      field: f.field,
      def: DETAIL_FIELDS[f.field],
      label: f.label,
      labels: { zh: f.label, en: f.label },
      required: f.required,
      show: true,
      sort: i,
    }));
}

/**
 * One learner (viewLearner) in a drawer: the profile the site's form configures, departments and
 * tags, and the account's actions — disable or enable, administrator role, temporary password.
 * Every change goes through its admin call (audited) and reloads the list.
 */
export function LearnerDrawer({
  accountId,
  mePhone,
  departments,
  tags,
  onClose,
}: {
  accountId: number | null;
  /** The administrator's own phone: the actions on oneself the server refuses are not offered. */
  mePhone: string | null;
  departments: DepartmentNode[];
  tags: Array<{ id: number; tagName: string }>;
  onClose: () => void;
}) {
  const t = useMessages(peopleMessages);
  const lang = useLang();
  const { message, modal } = App.useApp();
  const revalidator = useRevalidator();
  const loaded = useCall(viewLearner, accountId === null ? null : { accountId });
  // Only the learner asked for: another learner's drawer never shows the one before.
  const learner = loaded.data && loaded.data.accountId === accountId ? loaded.data : null;
  const [profile] = Form.useForm();
  const [groups] = Form.useForm<{ departmentIds: number[]; tagIds: number[] }>();
  const tree = useMemo(() => toTree(departments, lang), [departments, lang]);

  /** One change: its call(s), then the list and the drawer load again. Never rejects (useAction). */
  const action = useAction(async (work: () => Promise<unknown>, text: string = t.done) => {
    await work();
    void message.success(text);
    void revalidator.revalidate();
    await loaded.reload();
  });
  const run = action.run;
  const busy = action.running;

  const resetPassword = (mode: 'temporary' | 'sms') =>
    run(async () => {
      const answer = await request(resetLearnerPassword, { accountId: accountId!, mode });
      if (answer.password) {
        modal.info({
          title: t.resetPassword,
          content: (
            <>
              <Typography.Paragraph>{t.temporaryShown}</Typography.Paragraph>
              <Typography.Text code copyable data-testid="temporary-password">
                {answer.password}
              </Typography.Text>
            </>
          ),
        });
      } else if (answer.sentTo) {
        modal.info({ title: t.resetPassword, content: format(t.smsSent, { phone: answer.sentTo }) });
      }
    });

  const self = learner?.phone === mePhone;
  const initialProfile = learner && {
    realName: learner.realName,
    userName: learner.userName,
    employeeNo: learner.employeeNo,
    userDetail: Object.fromEntries(
      Object.entries(learner.userDetail).map(([k, v]) => [k, k === 'birthday' && v ? dayjs(v) : v]),
    ),
  };

  return (
    <Drawer
      open={accountId !== null}
      onClose={onClose}
      size="large"
      title={learner ? `${learner.realName || learner.userName} · ${learner.phone}` : t.learner}
      destroyOnHidden
    >
      {!learner ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t.status}>
              {learner.status === 1 ? <Tag color="green">{t.enabled}</Tag> : <Tag>{t.disabled}</Tag>}
              {learner.isAdmin && <Tag color="blue">{t.admin}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t.joined}>{learner.createdAt.slice(0, 10)}</Descriptions.Item>
          </Descriptions>

          <Divider titlePlacement="start">{t.profile}</Divider>
          <Form
            key={`profile-${learner.accountId}`}
            form={profile}
            layout="vertical"
            initialValues={initialProfile ?? {}}
            onFinish={(v: {
              realName: string;
              userName: string;
              employeeNo: string;
              userDetail?: Record<string, unknown>;
            }) =>
              run(
                () =>
                  request(editLearner, {
                    accountId: learner.accountId,
                    realName: v.realName,
                    userName: v.userName ?? '',
                    employeeNo: v.employeeNo ?? '',
                    userDetail: detailValues(v.userDetail),
                  }),
                t.saved,
              )
            }
          >
            <Form.Item
              name="realName"
              label={t.realName}
              rules={[
                { required: true, whitespace: true, message: format(t.required, { label: t.realName }) },
                { max: 15 },
              ]}
            >
              <Input maxLength={15} />
            </Form.Item>
            <Form.Item name="userName" label={t.userName} rules={[{ max: 15 }]}>
              <Input maxLength={15} />
            </Form.Item>
            <Form.Item name="employeeNo" label={t.employeeNo} rules={[{ max: 30 }]}>
              <Input maxLength={30} />
            </Form.Item>
            <DetailFields form={profile} fields={detailRows(learner)} />
            <Button type="primary" htmlType="submit" loading={busy}>
              {t.saveProfile}
            </Button>
          </Form>

          <Divider titlePlacement="start">{t.groups}</Divider>
          <Form
            key={`groups-${learner.accountId}`}
            form={groups}
            layout="vertical"
            initialValues={{
              departmentIds: learner.departments.map((d) => d.id),
              tagIds: learner.tags.map((x) => x.id),
            }}
            onFinish={(v) =>
              run(async () => {
                await request(setLearnerDepartments, {
                  accountId: learner.accountId,
                  departmentIds: v.departmentIds ?? [],
                });
                await request(setLearnerTags, { accountId: learner.accountId, tagIds: v.tagIds ?? [] });
              }, t.saved)
            }
          >
            <Form.Item name="departmentIds" label={t.department}>
              <TreeSelect
                multiple
                treeData={tree}
                treeDefaultExpandAll
                allowClear
                showSearch={{ treeNodeFilterProp: 'title' }}
              />
            </Form.Item>
            <Form.Item name="tagIds" label={t.tag}>
              <Select
                mode="multiple"
                allowClear
                options={tags.map((x) => ({ value: x.id, label: x.tagName }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t.saveGroups}
            </Button>
          </Form>

          {!self && (
            <>
              <Divider titlePlacement="start">{t.account}</Divider>
              <Space wrap>
                {learner.status === 1 ? (
                  <Popconfirm
                    title={t.disableConfirm}
                    okText={t.disable}
                    cancelText={t.cancel}
                    onConfirm={() =>
                      run(() => request(setLearnerStatus, { accountId: learner.accountId, enabled: false }))
                    }
                  >
                    <Button danger loading={busy}>
                      {t.disable}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    loading={busy}
                    onClick={() =>
                      run(() => request(setLearnerStatus, { accountId: learner.accountId, enabled: true }))
                    }
                  >
                    {t.enable}
                  </Button>
                )}
                <Button
                  loading={busy}
                  onClick={() =>
                    run(() => request(setLearnerAdmin, { accountId: learner.accountId, isAdmin: !learner.isAdmin }))
                  }
                >
                  {learner.isAdmin ? t.removeAdmin : t.makeAdmin}
                </Button>
              </Space>
              <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
                {t.resetPassword}：{t.resetHint}
              </Typography.Paragraph>
              {learner.inOtherEnterprises && (
                <Alert type="info" showIcon title={t.otherEnterprises} style={{ marginBottom: 8 }} />
              )}
              <Space wrap>
                {!learner.inOtherEnterprises && (
                  <Button loading={busy} onClick={() => resetPassword('temporary')}>
                    {t.resetTemporary}
                  </Button>
                )}
                <Button loading={busy} onClick={() => resetPassword('sms')}>
                  {t.resetSms}
                </Button>
              </Space>
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
