import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import {
  PaperMode,
  createPaper,
  editPaper,
  paperFormFor,
  viewBankQuestionCounts,
  type AdminPaper,
  type AdminPaperQuestion,
  type PaperForm,
} from '@portal/contract/calls/exam-paper';
import { findAdminQuestions, type AdminQuestionRow } from '@portal/contract/calls/question-bank';
import { enumerations } from '@portal/contract/enums';
import { request } from '../../../lib/api.ts';
import { STEM_IMAGE_TEXT, stemText } from '@portal/contract/rich-stem';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { paperMessages } from './paper-messages.ts';

/** A bank the editor offers (its id and name). */
export interface BankChoice {
  id: number;
  title: string;
}

type RuleValues = {
  bankId?: number;
  questionType?: number;
  difficulty?: number | null;
  count?: number;
  score?: number;
};
type EditorValues = {
  title: string;
  mode: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  rules: RuleValues[];
};

type Counts = Array<{ questionType: number; difficulty: number; count: number }>;

const label = (o: { label: string; labelEn: string }, lang: string) => (lang === 'zh' ? o.label : o.labelEn);
const tenthsSum = (xs: number[]) => xs.reduce((n, x) => n + Math.round(x * 10), 0) / 10;

/** Each bank's questions counted by type and difficulty, read once a bank is chosen in a rule. */
function useBankCounts(bankIds: number[]) {
  const [counts, setCounts] = useState<Record<number, Counts>>({});
  const key = [...new Set(bankIds)].sort().join(',');
  useEffect(() => {
    for (const id of key ? key.split(',').map(Number) : []) {
      if (counts[id]) continue;
      request(viewBankQuestionCounts, { id })
        .then((c) => setCounts((all) => ({ ...all, [id]: c })))
        .catch(() => {});
    }
    // Only a new set of banks asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return (r: RuleValues): number | null => {
    const c = r.bankId ? counts[r.bankId] : undefined;
    if (!c || !r.questionType) return null;
    return c
      .filter((x) => x.questionType === r.questionType && (!r.difficulty || x.difficulty === r.difficulty))
      .reduce((n, x) => n + x.count, 0);
  };
}

/**
 * A paper's editor (decision 047): its name, how it is made, shuffling; a fixed paper's questions
 * picked from the banks with their scores and order, or a random paper's rules with what each
 * bank holds for them. Checked by the call's own `paperFormFor` before it is sent.
 */
export function PaperEditor({ paper, banks }: { paper: AdminPaper | null; banks: BankChoice[] }) {
  const t = useMessages(paperMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditorValues>();
  const [questions, setQuestions] = useState<AdminPaperQuestion[]>(paper?.questions ?? []);
  const [listError, setListError] = useState<string | null>(null);
  const [ruleErrors, setRuleErrors] = useState<Record<number, string>>({});
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(false);
  const mode = Form.useWatch('mode', form) ?? paper?.mode ?? PaperMode.FIXED;
  const rules: RuleValues[] = Form.useWatch('rules', form) ?? [];
  const availableOf = useBankCounts(rules.map((r) => r.bankId ?? 0).filter(Boolean));
  const typeOptions = enumerations.questionType.map((o) => ({ value: o.value, label: label(o, lang) }));
  const difficultyOptions = [
    { value: 0, label: t.anyDifficulty },
    ...enumerations.difficulty.map((o) => ({ value: o.value, label: label(o, lang) })),
  ];
  const bankOptions = banks.map((b) => ({ value: b.id, label: b.title }));

  const initial: EditorValues = {
    title: paper?.title ?? '',
    mode: paper?.mode ?? PaperMode.FIXED,
    shuffleQuestions: paper?.shuffleQuestions ?? false,
    shuffleOptions: paper?.shuffleOptions ?? false,
    rules: (paper?.rules ?? []).map((r) => ({ ...r, difficulty: r.difficulty ?? 0 })),
  };

  const save = async (v: EditorValues) => {
    setListError(null);
    setRuleErrors({});
    const input = {
      title: v.title ?? '',
      mode: v.mode,
      shuffleQuestions: v.shuffleQuestions ?? false,
      shuffleOptions: v.shuffleOptions ?? false,
      questions: v.mode === PaperMode.FIXED ? questions.map((q) => ({ questionId: q.questionId, score: q.score })) : [],
      rules:
        v.mode === PaperMode.RANDOM
          ? (v.rules ?? []).map((r) => ({ ...r, difficulty: r.difficulty ? r.difficulty : null }))
          : [],
    };
    const checked = paperFormFor(lang).safeParse(input);
    if (!checked.success) {
      const byRule: Record<number, string> = {};
      for (const issue of checked.error.issues) {
        const [at, index] = issue.path;
        if (at === 'title') form.setFields([{ name: 'title', errors: [issue.message] }]);
        else if (at === 'rules' && typeof index === 'number') byRule[index] ??= issue.message;
        else setListError((e) => e ?? issue.message);
      }
      setRuleErrors(byRule);
      return;
    }
    const body: PaperForm = checked.data;
    setSaving(true);
    try {
      if (paper) {
        await request(editPaper, { ...body, id: paper.id });
        void message.success(t.saved);
        void revalidator.revalidate();
      } else {
        const made = await request(createPaper, body);
        void message.success(t.saved);
        void navigate(localePath(`/crm/papers/${made.id}`, lang));
      }
    } catch {
      // The request layer showed why (9513: a rule the bank cannot fill, with its reason).
    } finally {
      setSaving(false);
    }
  };

  const move = (from: number, to: number) =>
    setQuestions((qs) => {
      const next = [...qs];
      const [q] = next.splice(from, 1);
      next.splice(to, 0, q!);
      return next;
    });
  const typeName = (v: number) =>
    label(
      enumerations.questionType.find((o) => o.value === v)!,
      lang,
    );
  const questionColumns: ColumnsType<AdminPaperQuestion> = [
    { key: 'no', title: t.no, width: 60, render: (_, _q, i) => i + 1 },
    { key: 'type', title: t.questionType, width: 120, render: (_, q) => typeName(q.questionType) },
    { key: 'stem', title: t.stem, ellipsis: true, render: (_, q) => stemText(q.stem, STEM_IMAGE_TEXT[lang]) },
    { key: 'bank', title: t.bank, dataIndex: 'bankTitle', width: 160, ellipsis: true },
    {
      key: 'score',
      title: t.score,
      width: 120,
      render: (_, q, i) => (
        <InputNumber
          aria-label={`${t.score} ${i + 1}`}
          min={0.1}
          max={100}
          step={0.5}
          precision={1}
          value={q.score}
          onChange={(v) =>
            setQuestions((qs) => qs.map((x) => (x.questionId === q.questionId ? { ...x, score: v ?? 0 } : x)))
          }
        />
      ),
    },
    {
      key: 'actions',
      title: '',
      width: 190,
      render: (_, q, i) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
            {t.moveUp}
          </Button>
          <Button type="link" size="small" disabled={i === questions.length - 1} onClick={() => move(i, i + 1)}>
            {t.moveDown}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => setQuestions((qs) => qs.filter((x) => x.questionId !== q.questionId))}
          >
            {t.remove}
          </Button>
        </Space>
      ),
    },
  ];

  const ruleTotal = tenthsSum(rules.map((r) => (r.count ?? 0) * (r.score ?? 0)));
  const ruleCount = rules.reduce((n, r) => n + (r.count ?? 0), 0);

  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{paper ? paper.title : t.addPaper}</Typography.Title>
        <Space>
          <Link to={localePath('/crm/papers', lang)}>{t.back}</Link>
          {paper && <Link to={localePath(`/crm/papers/${paper.id}/preview`, lang)}>{t.preview}</Link>}
        </Space>
      </Space>
      <Form<EditorValues>
        form={form}
        name="paper"
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void save(v)}
        onValuesChange={() => setRuleErrors({})}
        style={{ maxWidth: 1100 }}
      >
        <Form.Item name="title" label={t.title} required>
          <Input style={{ maxWidth: 480 }} />
        </Form.Item>
        <Form.Item name="mode" label={t.mode} extra={mode === PaperMode.RANDOM ? t.randomHint : t.fixedHint}>
          <Radio.Group
            options={[
              { value: PaperMode.FIXED, label: t.fixed },
              { value: PaperMode.RANDOM, label: t.random },
            ]}
          />
        </Form.Item>
        <Space size="large">
          <Form.Item name="shuffleQuestions" label={t.shuffleQuestions} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="shuffleOptions" label={t.shuffleOptions} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>

        {mode === PaperMode.FIXED ? (
          <section aria-labelledby="paper-questions" style={{ marginBottom: 24 }}>
            <Space style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
              <Typography.Title level={5} id="paper-questions" style={{ margin: 0 }}>
                {t.questions}
              </Typography.Title>
              <Button onClick={() => setPicking(true)}>{t.addQuestions}</Button>
            </Space>
            <Table<AdminPaperQuestion>
              rowKey="questionId"
              size="small"
              columns={questionColumns}
              dataSource={questions}
              pagination={false}
              locale={{ emptyText: <Typography.Text>{t.empty}</Typography.Text> }}
            />
            <Typography.Paragraph style={{ marginTop: 8 }}>
              {format(t.summary, { count: questions.length, total: tenthsSum(questions.map((q) => q.score)) })}
            </Typography.Paragraph>
          </section>
        ) : (
          <section aria-labelledby="paper-rules" style={{ marginBottom: 24 }}>
            <Typography.Title level={5} id="paper-rules">
              {t.rules}
            </Typography.Title>
            <Form.List name="rules">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field, i) => {
                    const r = rules[i] ?? {};
                    const available = availableOf(r);
                    const short = available !== null && (r.count ?? 0) > available;
                    const n = i + 1;
                    return (
                      <div key={field.key} style={{ marginBottom: 8 }}>
                        <Space align="start" wrap>
                          <Form.Item name={[field.name, 'bankId']} label={format(t.rule, { n })}>
                            <Select
                              aria-label={`${t.bank} ${n}`}
                              style={{ width: 200 }}
                              options={bankOptions}
                              placeholder={t.bank}
                            />
                          </Form.Item>
                          <Form.Item name={[field.name, 'questionType']} label={t.questionType}>
                            <Select
                              aria-label={`${t.questionType} ${n}`}
                              style={{ width: 150 }}
                              options={typeOptions}
                            />
                          </Form.Item>
                          <Form.Item name={[field.name, 'difficulty']} label={t.difficulty}>
                            <Select
                              aria-label={`${t.difficulty} ${n}`}
                              style={{ width: 120 }}
                              options={difficultyOptions}
                            />
                          </Form.Item>
                          <Form.Item
                            name={[field.name, 'count']}
                            label={t.count}
                            validateStatus={short ? 'error' : undefined}
                            help={
                              available === null
                                ? undefined
                                : short
                                  ? format(t.short, { n: available })
                                  : format(t.available, { n: available })
                            }
                          >
                            <InputNumber aria-label={`${t.count} ${n}`} min={1} max={200} precision={0} />
                          </Form.Item>
                          <Form.Item name={[field.name, 'score']} label={t.scoreEach}>
                            <InputNumber
                              aria-label={`${t.scoreEach} ${n}`}
                              min={0.1}
                              max={100}
                              step={0.5}
                              precision={1}
                            />
                          </Form.Item>
                          <Button type="link" danger style={{ marginTop: 30 }} onClick={() => remove(field.name)}>
                            {t.remove}
                          </Button>
                        </Space>
                        {ruleErrors[i] && <Alert type="error" showIcon message={ruleErrors[i]} />}
                      </div>
                    );
                  })}
                  <Button onClick={() => add({ difficulty: 0, count: 1, score: 2 })}>{t.addRule}</Button>
                </>
              )}
            </Form.List>
            <Typography.Paragraph style={{ marginTop: 8 }}>
              {format(t.summary, { count: ruleCount, total: ruleTotal })}
            </Typography.Paragraph>
          </section>
        )}
        {listError && <Alert type="error" showIcon message={listError} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={saving}>
          {t.save}
        </Button>
      </Form>
      <QuestionPicker
        open={picking}
        banks={banks}
        onPaper={new Set(questions.map((q) => q.questionId))}
        onClose={() => setPicking(false)}
        onPick={(rows) => {
          setQuestions((qs) => [
            ...qs,
            ...rows.map((r) => ({
              questionId: r.id,
              bankId: r.bankId,
              bankTitle: banks.find((b) => b.id === r.bankId)?.title ?? '',
              questionType: r.questionType,
              difficulty: r.difficulty,
              stem: r.stem,
              score: r.score,
            })),
          ]);
          setPicking(false);
        }}
      />
    </>
  );
}

/** Questions of one bank to pick, by type and stem, page by page; those on the paper already disabled. */
function QuestionPicker({
  open,
  banks,
  onPaper,
  onClose,
  onPick,
}: {
  open: boolean;
  banks: BankChoice[];
  onPaper: ReadonlySet<number>;
  onClose: () => void;
  onPick: (rows: AdminQuestionRow[]) => void;
}) {
  const t = useMessages(paperMessages);
  const lang = useLang();
  const [bankId, setBankId] = useState<number | undefined>(banks[0]?.id);
  const [questionType, setQuestionType] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ keyword: '', pageCurrent: 1 });
  const [chosen, setChosen] = useState<Map<number, AdminQuestionRow>>(new Map());
  // The page read for the current choice; loading until the page of this key has come.
  const key = JSON.stringify({ bankId, questionType, query });
  const [loaded, setLoaded] = useState<{ key: string; rows: AdminQuestionRow[]; total: number } | null>(null);
  const loading = open && loaded?.key !== key;

  useEffect(() => {
    if (!open || !bankId) return;
    let live = true;
    request(findAdminQuestions, {
      bankId,
      pageCurrent: query.pageCurrent,
      pageSize: 10,
      ...(questionType ? { questionType } : {}),
      ...(query.keyword ? { keyword: query.keyword } : {}),
    })
      .then((page) => {
        if (live) setLoaded({ key, rows: page.list, total: page.totalCount });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [open, bankId, questionType, query, key]);
  const rows = loaded?.rows ?? [];
  const total = loaded?.total ?? 0;

  const close = () => {
    setChosen(new Map());
    onClose();
  };
  const typeName = (v: number) =>
    label(
      enumerations.questionType.find((o) => o.value === v)!,
      lang,
    );
  return (
    <Modal
      title={t.pickTitle}
      open={open}
      width={900}
      onCancel={close}
      destroyOnHidden
      okText={format(t.addPicked, { n: chosen.size })}
      cancelText={t.cancel}
      okButtonProps={{ disabled: chosen.size === 0 }}
      onOk={() => {
        onPick([...chosen.values()]);
        setChosen(new Map());
      }}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={t.bank}
          style={{ width: 200 }}
          value={bankId}
          options={banks.map((b) => ({ value: b.id, label: b.title }))}
          onChange={(v) => {
            setBankId(v);
            setQuery((q) => ({ ...q, pageCurrent: 1 }));
          }}
        />
        <Select
          aria-label={t.questionType}
          allowClear
          placeholder={t.allTypes}
          style={{ width: 150 }}
          value={questionType}
          options={enumerations.questionType.map((o) => ({ value: o.value, label: label(o, lang) }))}
          onChange={(v) => {
            setQuestionType(v);
            setQuery((q) => ({ ...q, pageCurrent: 1 }));
          }}
        />
        <Input
          aria-label={t.keyword}
          allowClear
          style={{ width: 200 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => setQuery({ keyword: keyword.trim(), pageCurrent: 1 })}
        />
        <Button onClick={() => setQuery({ keyword: keyword.trim(), pageCurrent: 1 })}>{t.search}</Button>
      </Space>
      <Table<AdminQuestionRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        columns={[
          { key: 'type', title: t.questionType, width: 120, render: (_, q) => typeName(q.questionType) },
          { key: 'stem', title: t.stem, ellipsis: true, render: (_, q) => stemText(q.stem, STEM_IMAGE_TEXT[lang]) },
          { key: 'score', title: t.score, dataIndex: 'score', width: 80 },
        ]}
        rowSelection={{
          selectedRowKeys: [...chosen.keys(), ...onPaper],
          getCheckboxProps: (q) => ({ disabled: onPaper.has(q.id), title: onPaper.has(q.id) ? t.onPaper : undefined }),
          onSelect: (q, selected) =>
            setChosen((m) => {
              const next = new Map(m);
              if (selected) next.set(q.id, q);
              else next.delete(q.id);
              return next;
            }),
          onSelectAll: (selected, _all, changed) =>
            setChosen((m) => {
              const next = new Map(m);
              for (const q of changed) {
                if (onPaper.has(q.id)) continue;
                if (selected) next.set(q.id, q);
                else next.delete(q.id);
              }
              return next;
            }),
        }}
        pagination={{
          current: query.pageCurrent,
          pageSize: 10,
          total,
          showSizeChanger: false,
          onChange: (pageCurrent) => setQuery((q) => ({ ...q, pageCurrent })),
        }}
      />
    </Modal>
  );
}
