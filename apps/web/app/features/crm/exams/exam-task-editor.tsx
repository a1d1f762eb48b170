import {
  Alert,
  App,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  TreeSelect,
  Typography,
  Button,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import {
  createExamTask,
  editExamTask,
  examTaskFormFor,
  type AdminExamTask,
} from '@portal/contract/calls/exam-task-admin';
import { findLearners, type DepartmentNode } from '@portal/contract/calls/people';
import { request } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { toTree } from '../people/department-tree.ts';
import { examTaskMessages } from './exam-task-messages.ts';

/** What the editor offers: the papers (with their totals), departments, tags and certificate templates. */
export interface ExamTaskRefs {
  papers: Array<{ id: number; title: string; totalScore: number }>;
  departments: DepartmentNode[];
  tags: Array<{ id: number; name: string; nameEn: string }>;
  templates: Array<{ id: number; title: string }>;
}

type Values = {
  title: string;
  intro: string;
  paperId?: number;
  window?: [Dayjs, Dayjs];
  durationMinutes: number;
  attemptsAllowed: number;
  passScore?: number;
  screenSwitchLimit: number;
  showAnswers: boolean;
  partialMultiple: boolean;
  admissionTicket: boolean;
  admissionPrintAt?: Dayjs | null;
  points: number;
  creditHours: number;
  certificateTemplateId: number;
  published: boolean;
  people: number[];
  departments: number[];
  tags: number[];
};

/** The form field a schema issue is shown on. */
const fieldOf = (path: PropertyKey | undefined) =>
  path === 'startsAt' || path === 'endsAt' ? 'window' : String(path ?? 'title');

/**
 * An exam task's editor (decision 049): the paper, window, duration, attempts, pass score and the
 * rules of taking it, what passing earns, and who takes it. Checked by the call's own
 * `examTaskFormFor` before it is sent.
 */
export function ExamTaskEditor({ task, refs }: { task: AdminExamTask | null; refs: ExamTaskRefs }) {
  const t = useMessages(examTaskMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [peopleOptions, setPeopleOptions] = useState((task?.people ?? []).map((p) => ({ value: p.id, label: p.name })));
  const tree = useMemo(() => toTree(refs.departments, lang), [refs.departments, lang]);
  const paperId = Form.useWatch('paperId', form);
  const ticket = Form.useWatch('admissionTicket', form);
  // The editor lists the first 100 papers and tags: the exam's own are always among them.
  const papers =
    task && !refs.papers.some((p) => p.id === task.paperId)
      ? [{ id: task.paperId, title: task.paperTitle, totalScore: task.totalScore }, ...refs.papers]
      : refs.papers;
  const tagOptions = [
    ...(task?.tags ?? [])
      .filter((x) => !refs.tags.some((r) => r.id === x.id))
      .map((x) => ({ value: x.id, label: x.name })),
    ...refs.tags.map((x) => ({ value: x.id, label: lang === 'en' && x.nameEn ? x.nameEn : x.name })),
  ];
  const paper = papers.find((p) => p.id === paperId);

  const initial: Values = task
    ? {
        title: task.title,
        intro: task.intro,
        paperId: task.paperId,
        window: [dayjs(task.startsAt), dayjs(task.endsAt)],
        durationMinutes: task.durationMinutes,
        attemptsAllowed: task.attemptsAllowed,
        passScore: task.passScore,
        screenSwitchLimit: task.screenSwitchLimit,
        showAnswers: task.showAnswers,
        partialMultiple: task.partialMultiple,
        admissionTicket: task.admissionTicket,
        admissionPrintAt: task.admissionPrintAt ? dayjs(task.admissionPrintAt) : null,
        points: task.points,
        creditHours: task.creditHours,
        certificateTemplateId: task.certificateTemplateId ?? 0,
        published: task.published,
        people: task.people.map((p) => p.id),
        departments: task.departments.map((d) => d.id),
        tags: task.tags.map((x) => x.id),
      }
    : {
        title: '',
        intro: '',
        // From the next hour for a week: the usual exam window, changed in a click.
        window: [dayjs().add(1, 'hour').startOf('hour'), dayjs().add(1, 'hour').startOf('hour').add(7, 'day')],
        durationMinutes: 60,
        attemptsAllowed: 1,
        screenSwitchLimit: 0,
        showAnswers: true,
        partialMultiple: false,
        admissionTicket: false,
        points: 0,
        creditHours: 0,
        certificateTemplateId: 0,
        published: true,
        people: [],
        departments: [],
        tags: [],
      };

  const searchPeople = async (keyword: string) => {
    if (!keyword.trim()) return;
    try {
      const page = await request(
        findLearners,
        { keyword: keyword.trim(), pageCurrent: 1, pageSize: 20 },
        { quiet: true },
      );
      setPeopleOptions((known) => {
        const chosen = new Set(form.getFieldValue('people') as number[]);
        const kept = known.filter((o) => chosen.has(o.value));
        const found = page.list
          .filter((p) => !chosen.has(p.accountId))
          .map((p) => ({ value: p.accountId, label: `${p.realName || p.userName}（${p.phone}）` }));
        return [...kept, ...found];
      });
    } catch {
      // The request layer showed why.
    }
  };

  const save = async (v: Values) => {
    const input = {
      title: v.title ?? '',
      intro: v.intro ?? '',
      paperId: v.paperId ?? 0,
      startsAt: v.window?.[0]?.toISOString() ?? '',
      endsAt: v.window?.[1]?.toISOString() ?? '',
      durationMinutes: v.durationMinutes,
      attemptsAllowed: v.attemptsAllowed,
      passScore: v.passScore ?? Number.NaN,
      screenSwitchLimit: v.screenSwitchLimit ?? 0,
      showAnswers: v.showAnswers ?? false,
      partialMultiple: v.partialMultiple ?? false,
      admissionTicket: v.admissionTicket ?? false,
      admissionPrintAt: v.admissionTicket && v.admissionPrintAt ? v.admissionPrintAt.toISOString() : null,
      points: v.points ?? 0,
      creditHours: v.creditHours ?? 0,
      certificateTemplateId: v.certificateTemplateId ? v.certificateTemplateId : null,
      published: v.published ?? false,
      people: v.people ?? [],
      departments: v.departments ?? [],
      tags: v.tags ?? [],
    };
    const checked = examTaskFormFor(lang).safeParse(input);
    if (!checked.success) {
      const fields = new Map<string, string>();
      for (const issue of checked.error.issues) {
        const name = fieldOf(issue.path[0]);
        if (!fields.has(name)) fields.set(name, issue.message);
      }
      form.setFields([...fields].map(([name, error]) => ({ name: name as keyof Values, errors: [error] })));
      return;
    }
    setSaving(true);
    try {
      if (task) {
        await request(editExamTask, { ...checked.data, id: task.id });
        void message.success(t.saved);
        void revalidator.revalidate();
      } else {
        const made = await request(createExamTask, checked.data);
        void message.success(t.saved);
        void navigate(localePath(`/crm/exam-tasks/${made.id}`, lang));
      }
    } catch {
      // The request layer showed why (9520: a pass score above the paper's total…).
    } finally {
      setSaving(false);
    }
  };

  const started = (task?.attemptCount ?? 0) > 0;
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{task ? task.title : t.add}</Typography.Title>
        <Link to={localePath('/crm/exam-tasks', lang)}>{t.back}</Link>
      </Space>
      {started && (
        <Alert
          type="info"
          showIcon
          message={format(t.started, { n: task!.attemptCount })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values>
        form={form}
        name="examTask"
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void save(v)}
        style={{ maxWidth: 880 }}
      >
        <Form.Item name="title" label={t.title} required>
          <Input />
        </Form.Item>
        <Form.Item name="intro" label={t.intro}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
        </Form.Item>
        <Form.Item
          name="paperId"
          label={t.paper}
          required
          extra={paper ? format(t.paperTotal, { total: paper.totalScore }) : undefined}
        >
          <Select
            disabled={started}
            showSearch
            optionFilterProp="label"
            options={papers.map((p) => ({ value: p.id, label: p.title }))}
          />
        </Form.Item>
        <Form.Item name="window" label={t.window} required>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Space size="large" wrap style={{ display: 'flex' }}>
          <Form.Item name="durationMinutes" label={t.duration} required>
            <InputNumber min={1} max={600} precision={0} />
          </Form.Item>
          <Form.Item name="attemptsAllowed" label={t.attempts} required>
            <InputNumber min={1} max={99} precision={0} />
          </Form.Item>
          <Form.Item name="passScore" label={t.passScore} required>
            <InputNumber min={0} max={paper?.totalScore} step={1} precision={1} />
          </Form.Item>
          <Form.Item name="screenSwitchLimit" label={t.switchLimit} extra={t.switchHint}>
            <InputNumber min={0} max={99} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="showAnswers" valuePropName="checked">
          <Checkbox>{t.showAnswers}</Checkbox>
        </Form.Item>
        <Form.Item name="partialMultiple" valuePropName="checked">
          <Checkbox>{t.partialMultiple}</Checkbox>
        </Form.Item>
        <Space size="large" wrap align="start" style={{ display: 'flex' }}>
          <Form.Item name="admissionTicket" valuePropName="checked">
            <Checkbox>{t.admissionTicket}</Checkbox>
          </Form.Item>
          {ticket && (
            <Form.Item name="admissionPrintAt" label={t.admissionPrintAt}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
          )}
        </Space>
        <Space size="large" wrap style={{ display: 'flex' }}>
          <Form.Item name="points" label={t.points}>
            <InputNumber min={0} max={10000} precision={0} />
          </Form.Item>
          <Form.Item name="creditHours" label={t.creditHours}>
            <InputNumber min={0} max={100} step={0.5} precision={1} />
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
        <fieldset style={{ border: 0, padding: 0, margin: '8px 0 16px' }}>
          <legend style={{ fontSize: 16, fontWeight: 600, border: 0, marginBottom: 4 }}>{t.givenTo}</legend>
          <Typography.Paragraph>{t.givenToHint}</Typography.Paragraph>
          <Form.Item name="departments" label={t.departments}>
            <TreeSelect treeData={tree} multiple treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
          </Form.Item>
          <Form.Item name="tags" label={t.tags}>
            <Select mode="multiple" optionFilterProp="label" options={tagOptions} />
          </Form.Item>
          <Form.Item name="people" label={t.people} extra={t.peopleSearch}>
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={(k) => void searchPeople(k)}
              options={peopleOptions}
            />
          </Form.Item>
        </fieldset>
        <Form.Item name="published" label={t.published} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t.save}
        </Button>
      </Form>
    </>
  );
}
