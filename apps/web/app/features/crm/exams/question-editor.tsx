import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space, type FormInstance } from 'antd';
import { useState } from 'react';
import {
  QUESTION_OPTIONS_MAX,
  optionKey,
  questionFormFor,
  stemBlankCount,
  type AdminQuestion,
  type QuestionForm,
} from '@portal/contract/calls/question-bank';
import { QuestionType, enumerations } from '@portal/contract/enums';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { FormDialog } from '../../antd/form-dialog.tsx';
import { RichTextEditor } from '../rich-text-editor.tsx';
import { questionMessages } from './question-messages.ts';

/** The form's own shape: the right answer is kept per type, matching's items with their option. */
export interface EditorValues {
  questionType: number;
  difficulty: number;
  stem: string;
  options: string[];
  items: Array<{ text: string; match?: string }>;
  single?: string;
  many?: string[];
  trueFalse?: 'T' | 'F';
  blanks: string[][];
  blanksAnyOrder: boolean;
  referenceAnswer: string;
  analysis: string;
  tags: string[];
  score: number;
}

const CHOICES: readonly number[] = [QuestionType.SINGLE, QuestionType.MULTIPLE, QuestionType.INDEFINITE];

export const emptyQuestion = (): EditorValues => ({
  questionType: QuestionType.SINGLE,
  difficulty: 2,
  stem: '',
  options: ['', '', '', ''],
  items: [{ text: '' }, { text: '' }],
  blanks: [],
  blanksAnyOrder: false,
  referenceAnswer: '',
  analysis: '',
  tags: [],
  score: 2,
});

/** A stored question as the form shows it. */
export function editorValuesOf(q: AdminQuestion): EditorValues {
  const matching = q.questionType === QuestionType.MATCHING;
  const choice = CHOICES.includes(q.questionType);
  return {
    questionType: q.questionType,
    difficulty: q.difficulty,
    stem: q.stem,
    options: choice || matching ? q.options.map((o) => o.text) : ['', '', '', ''],
    items: matching
      ? q.items.map((item, i) => ({ text: item.text, match: q.answer[i] }))
      : [{ text: '' }, { text: '' }],
    ...(q.questionType === QuestionType.SINGLE ? { single: q.answer[0] } : {}),
    ...(choice && q.questionType !== QuestionType.SINGLE ? { many: q.answer } : {}),
    ...(q.questionType === QuestionType.TRUE_FALSE ? { trueFalse: q.answer[0] as 'T' | 'F' } : {}),
    blanks: q.blanks,
    blanksAnyOrder: q.blanksAnyOrder,
    referenceAnswer: q.referenceAnswer,
    analysis: q.analysis,
    tags: q.tags,
    score: q.score,
  };
}

/** What the call gets: the answer of the question's type, the blanks the stem marks. */
export function questionFormOf(v: EditorValues): QuestionForm {
  const type = v.questionType;
  const answer =
    type === QuestionType.SINGLE
      ? v.single
        ? [v.single]
        : []
      : type === QuestionType.TRUE_FALSE
        ? v.trueFalse
          ? [v.trueFalse]
          : []
        : type === QuestionType.MATCHING
          ? v.items.map((item) => item.match ?? '')
          : CHOICES.includes(type)
            ? (v.many ?? [])
            : [];
  return {
    questionType: type,
    difficulty: v.difficulty,
    stem: v.stem ?? '',
    options: CHOICES.includes(type) || type === QuestionType.MATCHING ? (v.options ?? []) : [],
    items: type === QuestionType.MATCHING ? v.items.map((item) => item.text ?? '') : [],
    answer,
    blanks:
      type === QuestionType.FILL_IN ? (v.blanks ?? []).slice(0, stemBlankCount(v.stem ?? '')).map((b) => b ?? []) : [],
    blanksAnyOrder: type === QuestionType.FILL_IN && (v.blanksAnyOrder ?? false),
    referenceAnswer: type === QuestionType.SHORT_ANSWER ? (v.referenceAnswer ?? '') : '',
    analysis: v.analysis ?? '',
    tags: v.tags ?? [],
    score: v.score,
  };
}

/** A list of fields (options, items, blanks) under its own heading. */
const LIST = { border: 0, padding: 0, margin: '0 0 16px' } as const;
const LEGEND = { fontSize: 14, marginBottom: 8, border: 0 } as const;

type ListErrors = Partial<Record<'options' | 'items' | 'blanks', string>>;

/** The form field that shows a problem with `answer`, by type. */
const answerField = (type: number): keyof EditorValues | 'items' =>
  type === QuestionType.SINGLE
    ? 'single'
    : type === QuestionType.TRUE_FALSE
      ? 'trueFalse'
      : type === QuestionType.MATCHING
        ? 'items'
        : 'many';

/**
 * The dialog that adds or edits a question of any type (decision 045). The whole question is
 * checked by the call's own schema (`questionFormFor`) before it is sent: the same messages as
 * the gateway's, on the field they concern.
 */
export function QuestionDialog({
  open,
  editing,
  onClose,
  onSubmit,
}: {
  open: boolean;
  editing: AdminQuestion | null;
  onClose: () => void;
  onSubmit: (q: QuestionForm) => Promise<void>;
}) {
  const t = useMessages(questionMessages);
  const lang = useLang();
  const [form] = Form.useForm<EditorValues>();
  const [listErrors, setListErrors] = useState<ListErrors>({});
  type Fields = Parameters<FormInstance<EditorValues>['setFields']>[0];
  const clearErrors = () => {
    setListErrors({});
    const stale = form.getFieldsError().filter((f) => f.errors.length > 0);
    form.setFields(stale.map((f) => ({ name: f.name, errors: [] })) as unknown as Fields);
  };

  const submit = async (v: EditorValues) => {
    clearErrors();
    const checked = questionFormFor(lang).safeParse(questionFormOf(v));
    if (checked.success) return onSubmit(checked.data);
    const lists: ListErrors = {};
    const fields: Array<{ name: string; errors: string[] }> = [];
    for (const issue of checked.error.issues) {
      const at = String(issue.path[0] ?? '');
      const field = at === 'answer' ? answerField(v.questionType) : at;
      if (field === 'options' || field === 'items' || field === 'blanks') lists[field] ??= issue.message;
      else if (!fields.some((f) => f.name === field)) fields.push({ name: field, errors: [issue.message] });
    }
    setListErrors(lists);
    form.setFields(fields as Fields);
  };
  return (
    <FormDialog<EditorValues>
      title={editing ? t.editQuestion : t.addQuestion}
      open={open}
      width={720}
      form={form}
      name="question"
      initialValues={editing ? editorValuesOf(editing) : emptyQuestion()}
      okText={t.save}
      cancelText={t.cancel}
      onClose={() => {
        setListErrors({});
        onClose();
      }}
      onSubmit={submit}
    >
      <QuestionFields form={form} listErrors={listErrors} onEdit={clearErrors} />
    </FormDialog>
  );
}

function QuestionFields({
  form,
  listErrors,
  onEdit,
}: {
  form: FormInstance<EditorValues>;
  listErrors: ListErrors;
  onEdit: () => void;
}) {
  const t = useMessages(questionMessages);
  const lang = useLang();
  const label = (o: { label: string; labelEn: string }) => (lang === 'zh' ? o.label : o.labelEn);
  const type = Form.useWatch('questionType', form) ?? QuestionType.SINGLE;
  const stem = Form.useWatch('stem', form) ?? '';
  const options: string[] = Form.useWatch('options', form) ?? [];
  const keys = options.map((_, i) => optionKey(i));
  const keyOptions = keys.map((key) => ({ value: key, label: key }));
  const gaps = stemBlankCount(stem);
  const choice = CHOICES.includes(type);
  const matching = type === QuestionType.MATCHING;
  return (
    <div onChangeCapture={onEdit}>
      <Space size="large" wrap>
        <Form.Item name="questionType" label={t.questionType} required>
          <Select
            style={{ width: 180 }}
            options={enumerations.questionType.map((o) => ({ value: o.value, label: label(o) }))}
          />
        </Form.Item>
        <Form.Item name="difficulty" label={t.difficulty} required>
          <Select
            style={{ width: 140 }}
            options={enumerations.difficulty.map((o) => ({ value: o.value, label: label(o) }))}
          />
        </Form.Item>
        <Form.Item name="score" label={t.score} required>
          <InputNumber min={0.1} max={100} step={0.5} precision={1} />
        </Form.Item>
      </Space>
      {/* Rich text with pictures uploaded to the site (decision 054); a fill-in's blanks are ____ in its text. */}
      <Form.Item
        name="stem"
        label={t.stem}
        required
        extra={type === QuestionType.FILL_IN ? t.stemFillInHint : t.stemHint}
      >
        <RichTextEditor label={t.stem} minHeight={96} />
      </Form.Item>

      {(choice || matching) && (
        <Form.List name="options">
          {(fields, { add, remove }) => (
            <fieldset style={LIST}>
              <legend style={LEGEND}>{t.options}</legend>
              {fields.map((field, i) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={field.name} label={format(t.option, { key: optionKey(i) })} style={{ flex: 1 }}>
                    <Input style={{ width: 520 }} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    aria-label={format(t.removeOption, { key: optionKey(i) })}
                    disabled={fields.length <= 2}
                    onClick={() => {
                      remove(field.name);
                      onEdit();
                    }}
                  >
                    ×
                  </Button>
                </Space>
              ))}
              {fields.length < QUESTION_OPTIONS_MAX && (
                <Button type="dashed" onClick={() => add('')}>
                  {t.addOption}
                </Button>
              )}
              <Form.ErrorList errors={listErrors.options ? [listErrors.options] : []} />
            </fieldset>
          )}
        </Form.List>
      )}

      {type === QuestionType.SINGLE && (
        <Form.Item name="single" label={t.rightAnswer} required>
          <Radio.Group options={keyOptions} />
        </Form.Item>
      )}
      {(type === QuestionType.MULTIPLE || type === QuestionType.INDEFINITE) && (
        <Form.Item name="many" label={t.rightAnswer} required>
          <Checkbox.Group options={keyOptions} />
        </Form.Item>
      )}
      {type === QuestionType.TRUE_FALSE && (
        <Form.Item name="trueFalse" label={t.rightAnswer} required>
          <Radio.Group
            options={[
              { value: 'T', label: t.rightOption },
              { value: 'F', label: t.wrongOption },
            ]}
          />
        </Form.Item>
      )}

      {matching && (
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <fieldset style={LIST}>
              <legend style={LEGEND}>{t.items}</legend>
              {fields.map((field, i) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'text']} label={format(t.item, { n: i + 1 })}>
                    <Input style={{ width: 340 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'match']} label={format(t.itemMatch, { n: i + 1 })}>
                    <Select style={{ width: 120 }} options={keyOptions} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    aria-label={format(t.removeItem, { n: i + 1 })}
                    disabled={fields.length <= 2}
                    onClick={() => {
                      remove(field.name);
                      onEdit();
                    }}
                  >
                    ×
                  </Button>
                </Space>
              ))}
              {fields.length < QUESTION_OPTIONS_MAX && (
                <Button type="dashed" onClick={() => add({ text: '' })}>
                  {t.addItem}
                </Button>
              )}
              <Form.ErrorList errors={listErrors.items ? [listErrors.items] : []} />
            </fieldset>
          )}
        </Form.List>
      )}

      {type === QuestionType.FILL_IN && (
        <fieldset style={LIST}>
          <legend style={LEGEND}>{t.blanks}</legend>
          {Array.from({ length: gaps }, (_, i) => (
            <Form.Item
              key={i}
              name={['blanks', i]}
              label={format(t.blank, { n: i + 1 })}
              extra={i === 0 ? t.blankHint : undefined}
            >
              <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={['\n']} />
            </Form.Item>
          ))}
          {gaps > 1 && (
            <Form.Item name="blanksAnyOrder" valuePropName="checked">
              <Checkbox>{t.blanksAnyOrder}</Checkbox>
            </Form.Item>
          )}
          <Form.ErrorList errors={listErrors.blanks ? [listErrors.blanks] : []} />
        </fieldset>
      )}

      {type === QuestionType.SHORT_ANSWER && (
        <Form.Item name="referenceAnswer" label={t.referenceAnswer} required>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
      )}
      <Form.Item name="analysis" label={t.analysis}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
      </Form.Item>
      <Form.Item name="tags" label={t.tags} extra={t.tagsHint}>
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', '，']} />
      </Form.Item>
    </div>
  );
}
