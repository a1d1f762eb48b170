import { App, Checkbox, DatePicker, Form, Input, InputNumber, Modal, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { checkInPlanFormFor, createCheckInPlan } from '@portal/contract/calls/check-in';
import { request } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { taskEditorMessages } from './editor-messages.ts';

type Values = {
  title: string;
  days?: [Dayjs, Dayjs];
  weekdays: number[];
  window?: [Dayjs, Dayjs];
  requiredCount: number;
};

const FIELD: Record<string, keyof Values> = {
  startsOn: 'days',
  endsOn: 'days',
  windowStart: 'window',
  windowEnd: 'window',
};

/**
 * A new check-in plan from the task editor (decision 056): its dates, weekdays, daily window and
 * the check-ins that complete it, checked by the call's own `checkInPlanFormFor`; once made it is
 * added to the task as an item.
 */
export function CheckInPlanDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (plan: { id: number; title: string }) => void;
}) {
  const t = useMessages(taskEditorMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const names = t.weekdays.split(',');

  const create = async (v: Values) => {
    const input = {
      title: v.title ?? '',
      startsOn: v.days?.[0]?.format('YYYY-MM-DD') ?? '',
      endsOn: v.days?.[1]?.format('YYYY-MM-DD') ?? '',
      weekdays: v.weekdays ?? [],
      windowStart: v.window?.[0]?.format('HH:mm') ?? '',
      windowEnd: v.window?.[1]?.format('HH:mm') ?? '',
      requiredCount: v.requiredCount ?? 0,
    };
    const checked = checkInPlanFormFor(lang).safeParse(input);
    if (!checked.success) {
      const fields = new Map<keyof Values, string>();
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? 'title');
        const name = FIELD[key] ?? (key as keyof Values);
        if (!fields.has(name)) fields.set(name, issue.message);
      }
      form.setFields([...fields].map(([name, error]) => ({ name, errors: [error] })));
      return;
    }
    setSaving(true);
    try {
      const plan = await request(createCheckInPlan, checked.data);
      void message.success(t.saved);
      form.resetFields();
      onCreated(plan);
    } catch {
      // The request layer showed why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t.newCheckIn}
      open={open}
      okText={t.create}
      cancelText={t.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="checkInPlan"
        layout="vertical"
        initialValues={{
          title: '',
          days: [dayjs().add(1, 'day'), dayjs().add(7, 'day')],
          weekdays: [1, 2, 3, 4, 5],
          window: [dayjs('08:30', 'HH:mm'), dayjs('09:30', 'HH:mm')],
          requiredCount: 1,
        }}
        onFinish={(v) => void create(v)}
      >
        <Form.Item name="title" label={t.checkInTitle} required>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="days" label={t.checkInDays} required>
          <DatePicker.RangePicker format="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item name="weekdays" label={t.checkInWeekdays} required>
          <Checkbox.Group options={names.map((label, i) => ({ value: i + 1, label }))} />
        </Form.Item>
        <Form.Item name="window" label={t.checkInWindow} required>
          <TimePicker.RangePicker format="HH:mm" />
        </Form.Item>
        <Form.Item name="requiredCount" label={t.checkInRequired} required>
          <InputNumber min={1} max={366} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
