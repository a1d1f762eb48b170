import {
  Alert,
  App,
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Table,
  TreeSelect,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { enumLabel } from '@portal/contract/enums';
import { findLearners, type DepartmentNode } from '@portal/contract/calls/people';
import { TaskResourceType, TaskType } from '@portal/contract/calls/task';
import {
  EDITABLE_ITEM_TYPES,
  createStudyTask,
  editStudyTask,
  findTaskItemOptions,
  studyTaskFormFor,
  type AdminStudyTaskDetail,
  type AdminStudyTaskItem,
  type TaskItemOption,
} from '@portal/contract/calls/task-editor';
import { request } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { toTree } from '../people/department-tree.ts';
import { CoverInput } from '../cover-input.tsx';
import { RichTextEditor } from '../rich-text-editor.tsx';
import { CheckInPlanDialog } from './check-in-plan-dialog.tsx';
import { taskEditorMessages } from './editor-messages.ts';

/** What the editor offers: departments, tags and certificate templates. */
export interface TaskEditorRefs {
  departments: DepartmentNode[];
  tags: Array<{ id: number; name: string; nameEn: string }>;
  templates: Array<{ id: number; title: string }>;
}

type Values = {
  title: string;
  intro: string;
  coverUrl: string;
  taskType: number;
  window?: [Dayjs, Dayjs];
  ordered: boolean;
  timed: boolean;
  minExamScore?: number | null;
  minRequiredDone?: number | null;
  creditHours: number;
  points: number;
  certificateTemplateId: number;
  commentsOpen: boolean;
  published: boolean;
  people: number[];
  departments: number[];
  tags: number[];
};

type Option = { value: number; label: string };
type Mentor = { key: number; learner?: Option; mentor?: Option };

const EXAM_ITEMS: number[] = [TaskResourceType.EXAM_TASK, TaskResourceType.EXAM_PAPER];

/** The form field a schema issue is shown on. */
const fieldOf = (path: PropertyKey | undefined) =>
  path === 'startsAt' || path === 'endsAt' ? 'window' : String(path ?? 'title');

/** Searches the enterprise's members by name or phone for a select's options. */
function usePersonSearch(initial: Option[]) {
  const [options, setOptions] = useState(initial);
  const seqRef = useRef(0);
  const search = async (keyword: string, keep: (o: Option) => boolean) => {
    if (!keyword.trim()) return;
    const seq = ++seqRef.current;
    try {
      const page = await request(
        findLearners,
        { keyword: keyword.trim(), pageCurrent: 1, pageSize: 20 },
        { quiet: true },
      );
      if (seq !== seqRef.current) return;
      setOptions((known) => {
        const kept = known.filter(keep);
        const found = page.list
          .filter((p) => !kept.some((o) => o.value === p.accountId))
          .map((p) => ({ value: p.accountId, label: `${p.realName || p.userName}（${p.phone}）` }));
        return [...kept, ...found];
      });
    } catch {
      // The request layer showed why.
    }
  };
  return { options, search };
}

/** One coaching pair: the learner and their mentor, each found by name or phone. */
function MentorRow({
  row,
  disabled,
  onChange,
  onRemove,
}: {
  row: Mentor;
  disabled: boolean;
  onChange: (row: Mentor) => void;
  onRemove: () => void;
}) {
  const t = useMessages(taskEditorMessages);
  const initial = [row.learner, row.mentor].filter((o): o is Option => o !== undefined);
  const people = usePersonSearch(initial);
  const chosen = (o: Option) => o.value === row.learner?.value || o.value === row.mentor?.value;
  const pick = (side: 'learner' | 'mentor') => (value: number) =>
    onChange({ ...row, [side]: people.options.find((o) => o.value === value) });
  return (
    <Space wrap style={{ marginBottom: 8 }}>
      {(['learner', 'mentor'] as const).map((side) => (
        <Select
          key={side}
          aria-label={t[side]}
          placeholder={`${t[side]}：${t.personSearch}`}
          style={{ width: 260 }}
          showSearch
          filterOption={false}
          disabled={disabled}
          value={row[side]?.value}
          onSearch={(k) => void people.search(k, chosen)}
          onChange={pick(side)}
          options={people.options}
        />
      ))}
      <Button onClick={onRemove} disabled={disabled}>
        {t.remove}
      </Button>
    </Space>
  );
}

/**
 * A study task's editor (decision 056): its kind, window, items in order, the assessment rule,
 * coaching mentors, what finishing earns and to whom it is assigned. Checked by the calls' own
 * `studyTaskFormFor` before it is sent; once learners have started, the kind, items and rule are
 * shown but not changed.
 */
export function TaskEditor({ task, refs }: { task: AdminStudyTaskDetail | null; refs: TaskEditorRefs }) {
  const t = useMessages(taskEditorMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [items, setItems] = useState<AdminStudyTaskItem[]>(task?.items ?? []);
  const [itemsError, setItemsError] = useState<string | null>(null);
  const [pickType, setPickType] = useState<number>(TaskResourceType.COURSE);
  const [pickOptions, setPickOptions] = useState<TaskItemOption[]>([]);
  const [picked, setPicked] = useState<number | undefined>();
  const [planOpen, setPlanOpen] = useState(false);
  // Searches answer out of order on a slow line: only the latest one's answer is shown.
  const searchSeq = useRef(0);
  const [mentors, setMentors] = useState<Mentor[]>(
    (task?.mentors ?? []).map((m, i) => ({
      key: i + 1,
      learner: { value: m.learner.id, label: m.learner.name },
      mentor: { value: m.mentor.id, label: m.mentor.name },
    })),
  );
  const people = usePersonSearch((task?.people ?? []).map((p) => ({ value: p.id, label: p.name })));
  const tree = useMemo(() => toTree(refs.departments, lang), [refs.departments, lang]);
  const taskType = Form.useWatch('taskType', form) ?? task?.taskType ?? TaskType.LEARNING;
  const locked = (task?.startedCount ?? 0) > 0;
  const tagOptions = [
    ...(task?.tags ?? [])
      .filter((x) => !refs.tags.some((r) => r.id === x.id))
      .map((x) => ({ value: x.id, label: x.name })),
    ...refs.tags.map((x) => ({ value: x.id, label: lang === 'en' && x.nameEn ? x.nameEn : x.name })),
  ];

  const initial: Values = task
    ? {
        title: task.title,
        intro: task.intro,
        coverUrl: task.coverUrl,
        taskType: task.taskType,
        window: [dayjs(task.startsAt), dayjs(task.endsAt)],
        ordered: task.ordered,
        timed: task.timed,
        minExamScore: task.minExamScore,
        minRequiredDone: task.minRequiredDone,
        creditHours: task.creditHours,
        points: task.points,
        certificateTemplateId: task.certificateTemplateId ?? 0,
        commentsOpen: task.commentsOpen,
        published: task.published,
        people: task.people.map((p) => p.id),
        departments: task.departments.map((d) => d.id),
        tags: task.tags.map((x) => x.id),
      }
    : {
        title: '',
        intro: '',
        coverUrl: '',
        taskType: TaskType.LEARNING,
        // From the next hour for a month: the usual window, changed in a click.
        window: [dayjs().add(1, 'hour').startOf('hour'), dayjs().add(1, 'hour').startOf('hour').add(30, 'day')],
        ordered: false,
        timed: false,
        creditHours: 0,
        points: 0,
        certificateTemplateId: 0,
        commentsOpen: true,
        published: true,
        people: [],
        departments: [],
        tags: [],
      };

  const searchItems = async (keyword: string, type = pickType) => {
    const seq = ++searchSeq.current;
    try {
      const found = await request(
        findTaskItemOptions,
        { resourceType: type, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) },
        { quiet: true },
      );
      if (seq !== searchSeq.current) return;
      setPickOptions(found.filter((o) => !items.some((i) => i.resourceType === type && i.resourceId === o.id)));
    } catch {
      // The request layer showed why.
    }
  };

  const addItem = () => {
    const option = pickOptions.find((o) => o.id === picked);
    if (!option) {
      setItemsError(t.itemMissing);
      return;
    }
    setItems((list) => [
      ...list,
      { resourceType: pickType, resourceId: option.id, title: option.title, required: true, minScore: null },
    ]);
    setPickOptions((list) => list.filter((o) => o.id !== option.id));
    setPicked(undefined);
    setItemsError(null);
  };
  const changeItem = (index: number, change: Partial<AdminStudyTaskItem>) =>
    setItems((list) => list.map((it, i) => (i === index ? { ...it, ...change } : it)));
  const move = (index: number, by: number) =>
    setItems((list) => {
      const next = [...list];
      const [it] = next.splice(index, 1);
      next.splice(index + by, 0, it!);
      return next;
    });

  const save = async (v: Values) => {
    if (v.taskType === TaskType.COACHING && mentors.some((m) => !m.learner !== !m.mentor)) {
      void message.error(t.mentorIncomplete);
      return;
    }
    const input = {
      title: v.title ?? '',
      intro: v.intro ?? '',
      coverUrl: v.coverUrl ?? '',
      taskType: v.taskType,
      ordered: v.ordered ?? false,
      timed: v.timed ?? false,
      startsAt: v.window?.[0]?.toISOString() ?? '',
      endsAt: v.window?.[1]?.toISOString() ?? '',
      minExamScore: v.taskType === TaskType.ASSESSMENT ? (v.minExamScore ?? null) : null,
      minRequiredDone: v.taskType === TaskType.ASSESSMENT ? (v.minRequiredDone ?? null) : null,
      creditHours: v.creditHours ?? 0,
      points: v.points ?? 0,
      certificateTemplateId: v.certificateTemplateId ? v.certificateTemplateId : null,
      commentsOpen: v.commentsOpen ?? false,
      published: v.published ?? false,
      items: items.map((i) => ({
        resourceType: i.resourceType,
        resourceId: i.resourceId,
        required: i.required,
        minScore: EXAM_ITEMS.includes(i.resourceType) ? i.minScore : null,
      })),
      mentors:
        v.taskType === TaskType.COACHING
          ? mentors
              .filter((m) => m.learner && m.mentor)
              .map((m) => ({ learnerId: m.learner!.value, mentorId: m.mentor!.value }))
          : [],
      people: v.people ?? [],
      departments: v.departments ?? [],
      tags: v.tags ?? [],
    };
    const checked = studyTaskFormFor(lang).safeParse(input);
    if (!checked.success) {
      const fields = new Map<string, string>();
      for (const issue of checked.error.issues) {
        const name = fieldOf(issue.path[0]);
        if (!fields.has(name)) fields.set(name, issue.message);
      }
      setItemsError(fields.get('items') ?? null);
      if (fields.has('mentors')) void message.error(fields.get('mentors')!);
      const onForm = [...fields].filter(([name]) => name !== 'items' && name !== 'mentors');
      form.setFields(onForm.map(([name, error]) => ({ name: name as keyof Values, errors: [error] })));
      return;
    }
    setItemsError(null);
    setSaving(true);
    try {
      if (task) {
        await request(editStudyTask, { ...checked.data, id: task.id, version: task.version });
        void message.success(t.saved);
        void revalidator.revalidate();
      } else {
        const made = await request(createStudyTask, checked.data);
        void message.success(t.saved);
        void navigate(localePath(`/crm/tasks/${made.id}/edit`, lang));
      }
    } catch {
      // The request layer showed why (8113: learners have started…).
    } finally {
      setSaving(false);
    }
  };

  const itemColumns: ColumnsType<AdminStudyTaskItem> = [
    { key: 'order', title: t.order, width: 60, render: (_, _r, i) => i + 1 },
    {
      key: 'type',
      title: t.itemType,
      width: 110,
      render: (_, r) => enumLabel('resourceType', r.resourceType, lang),
    },
    { key: 'title', title: t.itemTitle, dataIndex: 'title' },
    {
      key: 'required',
      title: t.required,
      width: 70,
      render: (_, r, i) => (
        <Checkbox
          aria-label={`${t.required}：${r.title}`}
          checked={r.required}
          disabled={locked}
          onChange={(e) => changeItem(i, { required: e.target.checked })}
        />
      ),
    },
    {
      key: 'minScore',
      title: t.minScore,
      width: 120,
      render: (_, r, i) =>
        EXAM_ITEMS.includes(r.resourceType) ? (
          <InputNumber
            aria-label={`${t.minScore}：${r.title}`}
            placeholder={t.minScoreHint}
            min={0}
            max={1000}
            precision={1}
            disabled={locked}
            value={r.minScore}
            onChange={(v) => changeItem(i, { minScore: v ?? null })}
          />
        ) : null,
    },
    {
      key: 'actions',
      title: '',
      width: 220,
      render: (_, r, i) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={locked || i === 0} onClick={() => move(i, -1)}>
            {t.moveUp}
          </Button>
          <Button type="link" size="small" disabled={locked || i === items.length - 1} onClick={() => move(i, 1)}>
            {t.moveDown}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={locked}
            aria-label={`${t.remove}：${r.title}`}
            onClick={() => setItems((list) => list.filter((_it, j) => j !== i))}
          >
            {t.remove}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{task ? task.title : t.add}</Typography.Title>
        <Link to={localePath('/crm/tasks', lang)}>{t.back}</Link>
      </Space>
      {locked && (
        <Alert
          type="info"
          showIcon
          message={format(t.started, { n: task!.startedCount })}
          style={{ marginBottom: 16 }}
        />
      )}
      {task?.projectTitle && (
        <Alert
          type="info"
          showIcon
          message={format(t.inProject, { title: task.projectTitle })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values>
        form={form}
        name="studyTask"
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void save(v)}
        style={{ maxWidth: 960 }}
      >
        <Form.Item name="title" label={t.title} required>
          <Input />
        </Form.Item>
        <Form.Item name="coverUrl" label={t.cover}>
          <CoverInput texts={t} />
        </Form.Item>
        <Space size="large" wrap align="start" style={{ display: 'flex' }}>
          <Form.Item name="taskType" label={t.taskType} required>
            <Select
              style={{ width: 160 }}
              disabled={locked}
              options={[1, 2, 3, 4].map((v) => ({ value: v, label: enumLabel('taskType', v, lang) }))}
            />
          </Form.Item>
          <Form.Item name="window" label={t.window} required>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Space>
        <Form.Item name="ordered" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{t.ordered}</Checkbox>
        </Form.Item>
        <Form.Item name="timed" valuePropName="checked">
          <Checkbox>{t.timed}</Checkbox>
        </Form.Item>

        <fieldset style={{ border: 0, padding: 0, margin: '8px 0 16px' }}>
          <legend style={{ fontSize: 16, fontWeight: 600, border: 0, marginBottom: 4 }}>{t.items}</legend>
          <Typography.Paragraph type="secondary">{t.itemsHint}</Typography.Paragraph>
          <Table<AdminStudyTaskItem>
            size="small"
            rowKey={(r) => `${r.resourceType}:${r.resourceId}`}
            columns={itemColumns}
            dataSource={items}
            pagination={false}
            locale={{ emptyText: <Typography.Text>{t.noItems}</Typography.Text> }}
          />
          {!locked && (
            <Space wrap style={{ marginTop: 12 }}>
              <Select
                aria-label={t.pickType}
                style={{ width: 150 }}
                value={pickType}
                onChange={(v: number) => {
                  setPickType(v);
                  setPicked(undefined);
                  setPickOptions([]);
                  void searchItems('', v);
                }}
                options={EDITABLE_ITEM_TYPES.map((v) => ({ value: v, label: enumLabel('resourceType', v, lang) }))}
              />
              <Select
                aria-label={t.pick}
                style={{ width: 360 }}
                showSearch
                filterOption={false}
                placeholder={t.pickPlaceholder}
                value={picked}
                onFocus={() => void searchItems('')}
                onSearch={(k) => void searchItems(k)}
                onChange={(v: number) => setPicked(v)}
                options={pickOptions.map((o) => ({
                  value: o.id,
                  label: o.detail ? `${o.title}（${o.detail}）` : o.title,
                }))}
              />
              <Button onClick={addItem}>{t.addItem}</Button>
              {pickType === TaskResourceType.CHECK_IN && (
                <Button onClick={() => setPlanOpen(true)}>{t.newCheckIn}</Button>
              )}
            </Space>
          )}
          <CheckInPlanDialog
            open={planOpen}
            onClose={() => setPlanOpen(false)}
            onCreated={(plan) => {
              setPlanOpen(false);
              setItems((list) => [
                ...list,
                {
                  resourceType: TaskResourceType.CHECK_IN,
                  resourceId: plan.id,
                  title: plan.title,
                  required: true,
                  minScore: null,
                },
              ]);
            }}
          />
          {itemsError && (
            <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8 }}>
              {itemsError}
            </Typography.Paragraph>
          )}
        </fieldset>

        {taskType === TaskType.ASSESSMENT && (
          <fieldset style={{ border: 0, padding: 0, margin: '8px 0 16px' }}>
            <legend style={{ fontSize: 16, fontWeight: 600, border: 0, marginBottom: 4 }}>{t.rule}</legend>
            <Space size="large" wrap align="start" style={{ display: 'flex' }}>
              <Form.Item name="minExamScore" label={t.minExamScore} extra={t.minExamScoreHint}>
                <InputNumber min={0} max={1000} precision={1} disabled={locked} />
              </Form.Item>
              <Form.Item name="minRequiredDone" label={t.minRequiredDone} extra={t.minRequiredDoneHint}>
                <InputNumber min={1} max={50} precision={0} disabled={locked} />
              </Form.Item>
            </Space>
          </fieldset>
        )}

        {taskType === TaskType.COACHING && (
          <fieldset style={{ border: 0, padding: 0, margin: '8px 0 16px' }}>
            <legend style={{ fontSize: 16, fontWeight: 600, border: 0, marginBottom: 4 }}>{t.mentors}</legend>
            <Typography.Paragraph type="secondary">{t.mentorsHint}</Typography.Paragraph>
            {mentors.map((m) => (
              <MentorRow
                key={m.key}
                row={m}
                disabled={false}
                onChange={(row) => setMentors((list) => list.map((x) => (x.key === m.key ? row : x)))}
                onRemove={() => setMentors((list) => list.filter((x) => x.key !== m.key))}
              />
            ))}
            <Button
              onClick={() => setMentors((list) => [...list, { key: Math.max(0, ...list.map((x) => x.key)) + 1 }])}
            >
              {t.addMentor}
            </Button>
          </fieldset>
        )}

        <Form.Item name="intro" label={t.intro}>
          <RichTextEditor minHeight={160} label={t.intro} />
        </Form.Item>

        <fieldset style={{ border: 0, padding: 0, margin: '8px 0 16px' }}>
          <legend style={{ fontSize: 16, fontWeight: 600, border: 0, marginBottom: 4 }}>{t.earns}</legend>
          <Space size="large" wrap style={{ display: 'flex' }}>
            <Form.Item name="creditHours" label={t.creditHours}>
              <InputNumber min={0} max={100} step={0.5} precision={1} />
            </Form.Item>
            <Form.Item name="points" label={t.points}>
              <InputNumber min={0} max={10000} precision={0} />
            </Form.Item>
            <Form.Item name="certificateTemplateId" label={t.certificate}>
              <Select
                style={{ width: 240 }}
                options={[
                  { value: 0, label: t.noCertificate },
                  ...refs.templates.map((x) => ({ value: x.id, label: x.title })),
                ]}
              />
            </Form.Item>
          </Space>
        </fieldset>

        <fieldset style={{ border: 0, padding: 0, margin: '8px 0 16px' }}>
          <legend style={{ fontSize: 16, fontWeight: 600, border: 0, marginBottom: 4 }}>{t.assign}</legend>
          <Typography.Paragraph type="secondary">{t.assignHint}</Typography.Paragraph>
          <Form.Item name="departments" label={t.departments}>
            <TreeSelect treeData={tree} multiple treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
          </Form.Item>
          <Form.Item name="tags" label={t.tags}>
            <Select mode="multiple" optionFilterProp="label" options={tagOptions} />
          </Form.Item>
          <Form.Item name="people" label={t.people} extra={t.personSearch}>
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={(k) => {
                const chosen = new Set(form.getFieldValue('people') as number[]);
                void people.search(k, (o) => chosen.has(o.value));
              }}
              options={people.options}
            />
          </Form.Item>
        </fieldset>
        <Space size="large">
          <Form.Item name="commentsOpen" label={t.commentsOpen} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="published" label={t.published} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <div>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t.save}
          </Button>
        </div>
      </Form>
    </>
  );
}
