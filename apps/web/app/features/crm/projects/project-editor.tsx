import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { EnrolRule } from '@portal/contract/calls/project';
import {
  createStudyProject,
  editStudyProject,
  studyProjectFormFor,
  type AdminProjectDetail,
} from '@portal/contract/calls/project-editor';
import { findAdminStudyTasks } from '@portal/contract/calls/task-admin';
import { request } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { CoverInput } from '../cover-input.tsx';
import { RichTextEditor } from '../rich-text-editor.tsx';
import { projectEditorMessages } from './editor-messages.ts';

/** What the editor offers: lecturers and certificate templates. */
export interface ProjectEditorRefs {
  lecturers: Array<{ id: number; name: string }>;
  templates: Array<{ id: number; title: string }>;
}

type Values = {
  title: string;
  summary: string;
  coverUrl: string;
  intro: string;
  window?: [Dayjs, Dayjs];
  capacity: number;
  /** In yuan, as people write it; sent in fen. */
  price: number;
  enrolRule: number;
  creditHours: number;
  points: number;
  certificateTemplateId: number;
  visitorVisible: boolean;
  recommended: boolean;
  published: boolean;
  lecturerIds: number[];
};

type Option = { value: number; label: string };
type Stage = { key: number; title: string; taskIds: number[] };

const fieldOf = (path: PropertyKey | undefined) =>
  path === 'startsAt' || path === 'endsAt' ? 'window' : String(path ?? 'title');

/**
 * A study project's editor (decision 056): its dates, seats, enrolment rule, stages of study tasks
 * in order, lecturers and rewards. Checked by the calls' own `studyProjectFormFor` before it is sent.
 */
export function ProjectEditor({ project, refs }: { project: AdminProjectDetail | null; refs: ProjectEditorRefs }) {
  const t = useMessages(projectEditorMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [stages, setStages] = useState<Stage[]>(
    project?.stages.map((s, i) => ({ key: i + 1, title: s.title, taskIds: s.tasks.map((x) => x.id) })) ?? [
      { key: 1, title: '', taskIds: [] },
    ],
  );
  const [stagesError, setStagesError] = useState<string | null>(null);
  const searchSeq = useRef(0);
  const [taskOptions, setTaskOptions] = useState<Option[]>(
    (project?.stages ?? []).flatMap((s) => s.tasks.map((x) => ({ value: x.id, label: x.name }))),
  );

  const initial: Values = project
    ? {
        title: project.title,
        summary: project.summary,
        coverUrl: project.coverUrl,
        intro: project.intro,
        window: [dayjs(project.startsAt), dayjs(project.endsAt)],
        capacity: project.capacity,
        price: project.priceFen / 100,
        enrolRule: project.enrolRule,
        creditHours: project.creditHours,
        points: project.points,
        certificateTemplateId: project.certificateTemplateId ?? 0,
        visitorVisible: project.visitorVisible,
        recommended: project.recommended,
        published: project.published,
        lecturerIds: project.lecturers.map((l) => l.id),
      }
    : {
        title: '',
        summary: '',
        coverUrl: '',
        intro: '',
        window: [dayjs().add(1, 'day').startOf('day'), dayjs().add(1, 'day').startOf('day').add(1, 'month')],
        capacity: 0,
        price: 0,
        enrolRule: EnrolRule.APPROVAL,
        creditHours: 0,
        points: 0,
        certificateTemplateId: 0,
        visitorVisible: true,
        recommended: false,
        published: true,
        lecturerIds: [],
      };
  const lecturerOptions = [
    ...(project?.lecturers ?? [])
      .filter((l) => !refs.lecturers.some((r) => r.id === l.id))
      .map((l) => ({ value: l.id, label: l.name })),
    ...refs.lecturers.map((l) => ({ value: l.id, label: l.name })),
  ];

  const searchTasks = async (keyword: string) => {
    const seq = ++searchSeq.current;
    try {
      const page = await request(
        findAdminStudyTasks,
        { pageCurrent: 1, pageSize: 30, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) },
        { quiet: true },
      );
      // Searches answer out of order on a slow line: only the latest one's answer is shown.
      if (seq !== searchSeq.current) return;
      setTaskOptions((known) => {
        const chosen = new Set(stages.flatMap((s) => s.taskIds));
        const kept = known.filter((o) => chosen.has(o.value));
        return [...kept, ...page.list.filter((x) => !chosen.has(x.id)).map((x) => ({ value: x.id, label: x.title }))];
      });
    } catch {
      // The request layer showed why.
    }
  };
  const changeStage = (key: number, change: Partial<Stage>) =>
    setStages((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)));
  const move = (index: number, by: number) =>
    setStages((list) => {
      const next = [...list];
      const [s] = next.splice(index, 1);
      next.splice(index + by, 0, s!);
      return next;
    });

  const save = async (v: Values) => {
    const input = {
      title: v.title ?? '',
      summary: v.summary ?? '',
      intro: v.intro ?? '',
      coverUrl: v.coverUrl ?? '',
      startsAt: v.window?.[0]?.toISOString() ?? '',
      endsAt: v.window?.[1]?.toISOString() ?? '',
      capacity: v.capacity ?? 0,
      priceFen: Math.round((v.price ?? 0) * 100),
      enrolRule: v.enrolRule,
      creditHours: v.creditHours ?? 0,
      points: v.points ?? 0,
      certificateTemplateId: v.certificateTemplateId ? v.certificateTemplateId : null,
      visitorVisible: v.visitorVisible ?? false,
      recommended: v.recommended ?? false,
      published: v.published ?? false,
      stages: stages.map((s) => ({ title: s.title, taskIds: s.taskIds })),
      lecturerIds: v.lecturerIds ?? [],
    };
    const checked = studyProjectFormFor(lang).safeParse(input);
    if (!checked.success) {
      const fields = new Map<string, string>();
      for (const issue of checked.error.issues) {
        const name = fieldOf(issue.path[0]);
        if (!fields.has(name)) fields.set(name, issue.message);
      }
      setStagesError(fields.get('stages') ?? null);
      const onForm = [...fields].filter(([name]) => name !== 'stages');
      form.setFields(onForm.map(([name, error]) => ({ name: name as keyof Values, errors: [error] })));
      return;
    }
    setStagesError(null);
    setSaving(true);
    try {
      if (project) {
        await request(editStudyProject, { ...checked.data, id: project.id, version: project.version });
        void message.success(t.saved);
        void revalidator.revalidate();
      } else {
        const made = await request(createStudyProject, checked.data);
        void message.success(t.saved);
        void navigate(localePath(`/crm/projects/${made.id}/edit`, lang));
      }
    } catch {
      // The request layer showed why (8211 seats below those taken, 8212 a task of another project…).
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{project ? project.title : t.add}</Typography.Title>
        <Link to={localePath('/crm/projects', lang)}>{t.back}</Link>
      </Space>
      {project && project.applications > 0 && (
        <Alert
          type="info"
          showIcon
          message={format(t.taken, { n: project.seatsTaken, m: project.applications })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values>
        form={form}
        name="studyProject"
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void save(v)}
        style={{ maxWidth: 960 }}
      >
        <Form.Item name="title" label={t.title} required>
          <Input />
        </Form.Item>
        <Form.Item name="summary" label={t.summary}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} />
        </Form.Item>
        <Form.Item name="coverUrl" label={t.cover}>
          <CoverInput texts={t} />
        </Form.Item>
        <Space size="large" wrap align="start" style={{ display: 'flex' }}>
          <Form.Item name="window" label={t.window} required>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="enrolRule" label={t.enrolRule} required>
            <Select
              style={{ width: 160 }}
              options={[
                { value: EnrolRule.OPEN, label: t.ruleOpen },
                { value: EnrolRule.APPROVAL, label: t.ruleApproval },
                { value: EnrolRule.CLOSED, label: t.ruleClosed },
              ]}
            />
          </Form.Item>
          <Form.Item name="capacity" label={t.capacity} extra={t.capacityHint}>
            <InputNumber min={0} max={100000} precision={0} />
          </Form.Item>
          <Form.Item name="price" label={t.price} extra={t.priceHint}>
            <InputNumber min={0} max={1_000_000} precision={2} />
          </Form.Item>
        </Space>

        <fieldset style={{ border: 0, padding: 0, margin: '8px 0 16px' }}>
          <legend style={{ fontSize: 16, fontWeight: 600, border: 0, marginBottom: 4 }}>{t.stages}</legend>
          <Typography.Paragraph type="secondary">{t.stagesHint}</Typography.Paragraph>
          {stages.map((s, i) => {
            const name = format(t.stage, { n: i + 1 });
            return (
              <Card
                key={s.key}
                size="small"
                title={name}
                style={{ marginBottom: 12 }}
                extra={
                  <Space size={0}>
                    <Button type="link" size="small" disabled={i === 0} onClick={() => move(i, -1)}>
                      {t.moveUp}
                    </Button>
                    <Button type="link" size="small" disabled={i === stages.length - 1} onClick={() => move(i, 1)}>
                      {t.moveDown}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      danger
                      aria-label={`${t.remove}：${name}`}
                      onClick={() => setStages((list) => list.filter((x) => x.key !== s.key))}
                    >
                      {t.remove}
                    </Button>
                  </Space>
                }
              >
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Input
                    aria-label={`${name} ${t.stageTitle}`}
                    placeholder={t.stageTitle}
                    value={s.title}
                    maxLength={50}
                    onChange={(e) => changeStage(s.key, { title: e.target.value })}
                  />
                  <Select
                    aria-label={`${name} ${t.stageTasks}`}
                    mode="multiple"
                    style={{ width: '100%' }}
                    placeholder={t.taskSearch}
                    showSearch
                    filterOption={false}
                    value={s.taskIds}
                    onFocus={() => void searchTasks('')}
                    onSearch={(k) => void searchTasks(k)}
                    onChange={(ids: number[]) => changeStage(s.key, { taskIds: ids })}
                    options={taskOptions.filter(
                      (o) => s.taskIds.includes(o.value) || !stages.some((x) => x.taskIds.includes(o.value)),
                    )}
                  />
                </Space>
              </Card>
            );
          })}
          <Button
            onClick={() =>
              setStages((list) => [
                ...list,
                { key: Math.max(0, ...list.map((x) => x.key)) + 1, title: '', taskIds: [] },
              ])
            }
          >
            {t.addStage}
          </Button>
          {stagesError && (
            <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8 }}>
              {stagesError}
            </Typography.Paragraph>
          )}
        </fieldset>

        <Form.Item name="lecturerIds" label={t.lecturers}>
          <Select mode="multiple" optionFilterProp="label" options={lecturerOptions} />
        </Form.Item>
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
        <Space size="large">
          <Form.Item name="visitorVisible" label={t.visitorVisible} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="recommended" label={t.recommended} valuePropName="checked">
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
