import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { findAdminCourses, viewAdminCourse } from '@portal/contract/calls/course-admin';
import { findAdminLecturers } from '@portal/contract/calls/lecturer';
import {
  LIVE_DEFAULT_ATTENDANCE_PERCENT,
  LIVE_MAX_HOURS,
  LiveProvider,
  createLiveRoom,
  editLiveRoom,
  liveProviderLabels,
  type AdminLiveRoom,
  type LiveSettings,
} from '@portal/contract/calls/live';
import { ErrorCode } from '@portal/contract/error-codes';
import { handleErrorEnvelope, request } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { useAction, useCall } from '../../../lib/use-call.ts';
import {
  checkRoom,
  fieldProblem,
  newRoomValues,
  obsFields,
  providerConfigured,
  roomValues,
  scheduleProblem,
  scheduleText,
  type LiveRoomField,
  type LiveRoomValues,
} from './live-form.ts';
import { liveMessages } from './live-messages.ts';
import { LiveVideoSelect } from './live-video-select.tsx';

/** How long typing pauses before courses or lecturers are searched on the server. */
const SEARCH_PAUSE_MS = 300;
const PROVIDERS = [LiveProvider.CHANNEL, LiveProvider.INGEST, LiveProvider.ALIYUN, LiveProvider.TENCENT];
const PICKER = { showTime: { format: 'HH:mm' }, format: 'YYYY-MM-DD HH:mm', style: { width: 200 } } as const;

/** `value` once typing has paused. */
function usePaused(value: string): string {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return paused;
}

type Known = Map<number, string>;
const withKnown = (known: Known, list: Array<{ id: number; name: string }>) => {
  const all = new Map(known);
  for (const x of list) all.set(x.id, x.name);
  return [...all].map(([value, label]) => ({ value, label }));
};

/**
 * The gateway's refusals a field of the form shows (instead of a toast): the schedule (9704), the
 * provider not configured (9705), a video that cannot play (9706), a course, chapter or lecturer
 * gone (9707).
 */
function fieldOfRefusal(code: number, v: LiveRoomValues): LiveRoomField | null {
  if (code === ErrorCode.LIVE_SCHEDULE_INVALID) return 'endsAt';
  if (code === ErrorCode.LIVE_PROVIDER_UNSET) return 'provider';
  if (code === ErrorCode.LIVE_MATERIAL_UNFIT)
    return v.provider === LiveProvider.CHANNEL && v.channelMaterialId ? 'channelMaterialId' : 'recordingMaterialId';
  if (code === ErrorCode.LIVE_PLACE_UNKNOWN) return 'courseId';
  return null;
}

/** Where and how the lecturer streams: OBS's server and stream key (provider 2), the stream's name (3, 4). */
export function StreamDetails({ room }: { room: AdminLiveRoom }) {
  const t = useMessages(liveMessages);
  if (room.provider === LiveProvider.CHANNEL || !room.streamKey) return null;
  const ingest = room.provider === LiveProvider.INGEST;
  const obs = ingest ? obsFields(room.pushUrl, room.streamKey) : null;
  const copyable = (text: string) => (
    <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
      {text}
    </Typography.Text>
  );
  const items = !ingest
    ? [{ key: 'streamName', label: t.streamName, children: copyable(room.streamKey) }]
    : [
        ...(obs ? [{ key: 'server', label: t.pushServer, children: copyable(obs.server) }] : []),
        { key: 'streamKey', label: t.streamKey, children: copyable(obs ? obs.key : room.streamKey) },
        ...(room.pushUrl ? [{ key: 'pushUrl', label: t.pushUrl, children: copyable(room.pushUrl) }] : []),
      ];
  const signed = ingest && /[?&]sign=/.test(room.pushUrl);
  return (
    <section aria-label={ingest ? t.pushTitle : t.streamTitle}>
      <Alert
        type="info"
        showIcon
        title={ingest ? t.pushTitle : t.streamTitle}
        description={
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{ingest ? t.pushHint : t.streamHint}</Typography.Text>
            <Descriptions size="small" column={1} bordered items={items} styles={{ label: { width: 120 } }} />
            {signed && (
              <Typography.Text type="warning">{format(t.signedKey, { hours: LIVE_MAX_HOURS })}</Typography.Text>
            )}
          </Space>
        }
      />
    </section>
  );
}

export interface LiveRoomDrawerProps {
  /** The room edited, or null for a new one. */
  room: AdminLiveRoom | null;
  /** The room was just made: its streaming details are shown until the drawer closes. */
  justCreated: boolean;
  settings: LiveSettings | null;
  onClose: () => void;
  onSaved: (room: AdminLiveRoom, created: boolean) => void;
}

/**
 * A live room's form in a drawer (createLiveRoom, editLiveRoom): the course and its chapter (fixed
 * once saved), title, lecturer, the schedule in China time, how it is streamed and what it plays,
 * the recording and what attendance completes it. Each field is checked by the contract's
 * `liveRoomForm` as the gateway checks it; the gateway's refusals of a field show on that field.
 */
export function LiveRoomDrawer({ room, justCreated, settings, onClose, onSaved }: LiveRoomDrawerProps) {
  const t = useMessages(liveMessages);
  const lang = useLang();
  const [form] = Form.useForm<LiveRoomValues>();
  const provider = Form.useWatch('provider', form) ?? room?.provider ?? LiveProvider.CHANNEL;
  const courseId = Form.useWatch('courseId', form) ?? room?.courseId;

  const [courseTyped, setCourseTyped] = useState('');
  const courseKeyword = usePaused(courseTyped);
  const courses = useCall(
    findAdminCourses,
    { pageCurrent: 1, pageSize: 20, ...(courseKeyword ? { keyword: courseKeyword } : {}) },
    { quiet: true },
  );
  const course = useCall(viewAdminCourse, courseId ? { courseId } : null, { quiet: true });
  const [lecturerTyped, setLecturerTyped] = useState('');
  const lecturerKeyword = usePaused(lecturerTyped);
  const lecturers = useCall(
    findAdminLecturers,
    { pageCurrent: 1, pageSize: 20, ...(lecturerKeyword ? { keyword: lecturerKeyword } : {}) },
    { quiet: true },
  );
  // Names of choices that may not be among the options found: the room's own, a course's lecturer.
  const [knownCourses, setKnownCourses] = useState<Known>(() =>
    room ? new Map([[room.courseId, room.courseTitle]]) : new Map(),
  );
  const [knownLecturers, setKnownLecturers] = useState<Known>(() =>
    room?.lecturerId ? new Map([[room.lecturerId, room.lecturerName]]) : new Map(),
  );

  const save = useAction(async (values: LiveRoomValues) => {
    const checked = checkRoom(values, t, lang);
    if (!checked.ok) {
      form.setFields(checked.errors.map(([name, message]) => ({ name, errors: [message] })));
      return;
    }
    const env = room
      ? await request(editLiveRoom, { ...checked.data, id: room.id, _No_dispose: true })
      : await request(createLiveRoom, { ...checked.data, _No_dispose: true });
    if (env.code === ErrorCode.OK) {
      onSaved(env.data, room === null);
      return;
    }
    const field = fieldOfRefusal(env.code, values);
    if (!field) handleErrorEnvelope(env);
    form.setFields([{ name: field, errors: [env.message] }]);
    void form.scrollToField(field);
  });

  /** A field's rule: the contract's check of it, in the page's language. */
  const rule =
    (field: LiveRoomField): Rule =>
    (f) => ({
      validator: async (_r, value: unknown) => {
        const problem = fieldProblem(field, { ...(f.getFieldsValue(true) as LiveRoomValues), [field]: value }, t, lang);
        if (problem) throw new Error(problem);
      },
    });
  const scheduleRule: Rule = (f) => ({
    validator: async (_r, value: LiveRoomValues['endsAt']) => {
      const problem = scheduleProblem(f.getFieldValue('startsAt') as LiveRoomValues['startsAt'], value);
      if (problem) throw new Error(scheduleText(problem, t));
    },
  });

  const chooseCourse = (id: number | undefined) => {
    form.setFieldsValue({ chapterId: undefined });
    const row = courses.data?.list.find((c) => c.id === id);
    if (!row) return;
    setKnownCourses((m) => new Map(m).set(row.id, row.title));
    // The course's lecturer presents its live lesson unless another is chosen.
    if (row.lecturerId && !form.getFieldValue('lecturerId')) {
      setKnownLecturers((m) => new Map(m).set(row.lecturerId!, row.lecturerName));
      form.setFieldsValue({ lecturerId: row.lecturerId });
    }
  };
  const chapters = course.data && course.data.id === courseId ? course.data.chapters : [];
  const noChapters = !!course.data && course.data.id === courseId && chapters.length === 0;
  const configured = !settings || providerConfigured(provider, settings);
  const defaultPercent = settings?.attendancePercent ?? LIVE_DEFAULT_ATTENDANCE_PERCENT;

  return (
    <Drawer
      open
      size={640}
      title={room ? t.editTitle : t.newTitle}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{justCreated ? t.done : t.cancel}</Button>
          <Button type="primary" loading={save.running} onClick={() => form.submit()}>
            {t.save}
          </Button>
        </Space>
      }
    >
      {justCreated && <Alert type="success" showIcon title={t.saved} style={{ marginBottom: 16 }} />}
      {room && (
        <div style={{ marginBottom: 16 }}>
          <StreamDetails room={room} />
        </div>
      )}
      <Form<LiveRoomValues>
        form={form}
        name="liveRoom"
        layout="vertical"
        initialValues={room ? roomValues(room) : newRoomValues()}
        onFinish={(v) => void save.run({ ...(form.getFieldsValue(true) as LiveRoomValues), ...v })}
      >
        <Form.Item
          name="courseId"
          label={t.course}
          required
          rules={[rule('courseId')]}
          extra={room ? t.courseFixed : undefined}
        >
          <Select<number>
            disabled={room !== null}
            placeholder={t.coursePlaceholder}
            showSearch={{ filterOption: false, onSearch: setCourseTyped }}
            loading={courses.loading}
            options={withKnown(
              knownCourses,
              (courses.data?.list ?? []).map((c) => ({ id: c.id, name: c.title })),
            )}
            onChange={chooseCourse}
          />
        </Form.Item>
        <Form.Item
          name="chapterId"
          label={t.chapter}
          required
          rules={[rule('chapterId')]}
          extra={
            noChapters ? (
              <span>
                {t.noChapters} <Link to={localePath(`/crm/courses/${courseId}`, lang)}>{t.openOutline}</Link>
              </span>
            ) : undefined
          }
        >
          <Select<number>
            disabled={room !== null || !courseId}
            placeholder={t.chapterPlaceholder}
            loading={course.loading}
            options={chapters.map((c) => ({ value: c.id, label: c.title }))}
          />
        </Form.Item>
        <Form.Item name="title" label={t.title} required rules={[rule('title')]}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="lecturerId" label={t.lecturer} rules={[rule('lecturerId')]}>
          <Select<number>
            allowClear
            placeholder={t.lecturerPlaceholder}
            showSearch={{ filterOption: false, onSearch: setLecturerTyped }}
            loading={lecturers.loading}
            options={withKnown(
              knownLecturers,
              (lecturers.data?.list ?? []).map((l) => ({ id: l.id, name: l.name })),
            )}
            onChange={(v) => {
              const found = lecturers.data?.list.find((l) => l.id === v);
              if (found) setKnownLecturers((m) => new Map(m).set(found.id, found.name));
              form.setFieldsValue({ lecturerId: v ?? null });
            }}
          />
        </Form.Item>
        <Space size="large" wrap align="start">
          <Form.Item name="startsAt" label={t.startsAt} required rules={[rule('startsAt')]}>
            <DatePicker {...PICKER} />
          </Form.Item>
          <Form.Item
            name="endsAt"
            label={t.endsAt}
            required
            dependencies={['startsAt']}
            rules={[rule('endsAt'), scheduleRule]}
          >
            <DatePicker {...PICKER} />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>
          {format(t.scheduleHint, { hours: LIVE_MAX_HOURS })}
        </Typography.Paragraph>
        <Form.Item name="provider" label={t.provider} required rules={[rule('provider')]}>
          <Radio.Group
            options={PROVIDERS.map((p) => ({ value: p, label: liveProviderLabels[p]![lang] }))}
            onChange={() => form.setFields([{ name: 'provider', errors: [] }])}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>
          {provider === LiveProvider.CHANNEL
            ? t.channelHint
            : provider === LiveProvider.INGEST
              ? t.ingestHint
              : t.cloudHint}
        </Typography.Paragraph>
        {!configured && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={
              <span>
                {t.providerUnset} <Link to={localePath('/crm/live/settings', lang)}>{t.openSettings}</Link>
              </span>
            }
          />
        )}
        {provider === LiveProvider.CHANNEL && (
          <Form.Item name="channelMaterialId" label={t.channelMaterial} required rules={[rule('channelMaterialId')]}>
            <LiveVideoSelect />
          </Form.Item>
        )}
        <Form.Item
          name="recordingMaterialId"
          label={t.recording}
          extra={t.recordingHint}
          rules={[rule('recordingMaterialId')]}
        >
          <LiveVideoSelect />
        </Form.Item>
        <Space size="large" wrap align="start">
          <Form.Item
            name="playbackCounts"
            label={t.playbackCounts}
            valuePropName="checked"
            extra={t.playbackCountsHint}
            style={{ maxWidth: 260 }}
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="required"
            label={t.required}
            valuePropName="checked"
            extra={t.requiredHint}
            style={{ maxWidth: 260 }}
          >
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item
          name="attendancePercent"
          label={t.attendancePercent}
          extra={format(t.attendancePercentHint, { n: defaultPercent })}
          rules={[rule('attendancePercent')]}
        >
          <InputNumber min={1} max={100} precision={0} placeholder={String(defaultPercent)} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
