import type { ReactNode } from 'react';
import { DatePicker, Form, Input, Select, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { enumerations } from '@portal/contract/enums';
import { labelInSentence, type DETAIL_FIELDS, type formFields } from '@portal/contract/registration';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { requiredRule, ruleOf } from './form-rules.ts';
import { accountMessages } from './messages.ts';
import { PositionCascade } from './position-cascade.tsx';

export type DetailFieldRow = ReturnType<typeof formFields<keyof typeof DETAIL_FIELDS>>[number];

/**
 * The configured detail fields of a person (registration and edit info) under `userDetail`, each
 * rendered by its kind with the site's label and required mark and the spec's messages.
 */
export function DetailFields({
  form,
  fields,
  photo,
}: {
  form: FormInstance;
  fields: DetailFieldRow[];
  photo?: ReactNode;
}) {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const enter = (label: string) => format(t.pleaseEnter, { label: labelInSentence(label) });
  const choose = (label: string) => format(t.pleaseChoose, { label: labelInSentence(label) });

  const rulesOf = (f: DetailFieldRow): Rule[] => {
    const rules: Rule[] = [];
    const chooseKind = f.def.kind === 'select' || f.def.kind === 'date';
    if (f.required && f.def.kind !== 'cascade') {
      const msg = f.def.kind === 'photo' ? t.headshotRequired : chooseKind ? choose(f.label) : enter(f.label);
      rules.push(chooseKind || f.def.kind === 'photo' ? { required: true, message: msg } : requiredRule(msg));
    }
    if (f.def.kind === 'email') rules.push(ruleOf('email', lang, false));
    if (f.def.kind === 'telephone') rules.push(ruleOf('telephone', lang, false));
    if ('max' in f.def && f.def.max) rules.push({ max: f.def.max });
    return rules;
  };

  return (
    <>
      {fields.map((f) => {
        if (f.def.kind === 'cascade') {
          return <PositionCascade key={f.field} form={form} label={f.label} required={f.required} />;
        }
        if (f.def.kind === 'photo' && !photo) return null;
        const name = ['userDetail', f.field];
        const rules = rulesOf(f);
        switch (f.def.kind) {
          case 'select':
            return (
              <Form.Item key={f.field} name={name} label={f.label} rules={rules}>
                <Select
                  placeholder={choose(f.label)}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={enumerations[f.def.enumName!].map((o) => ({
                    value: String(o.value),
                    label: lang === 'en' ? o.labelEn : o.label,
                  }))}
                />
              </Form.Item>
            );
          case 'date':
            return (
              <Form.Item
                key={f.field}
                name={name}
                label={f.label}
                rules={[
                  ...rules,
                  {
                    validator: (_r, value: Dayjs | undefined) =>
                      !value || value.isBefore(dayjs(), 'day')
                        ? Promise.resolve()
                        : Promise.reject(new Error(t.birthdayPast)),
                  },
                ]}
              >
                <DatePicker
                  placeholder={choose(f.label)}
                  disabledDate={(d) => !d.isBefore(dayjs(), 'day')}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            );
          case 'photo':
            return (
              <Form.Item key={f.field} name={name} label={f.label} rules={rules}>
                {photo}
              </Form.Item>
            );
          case 'textarea':
            return (
              <Form.Item key={f.field} name={name} label={f.label} rules={rules}>
                <Input.TextArea placeholder={enter(f.label)} maxLength={f.def.max} showCount rows={3} />
              </Form.Item>
            );
          default:
            return (
              <Form.Item key={f.field} name={name} label={f.label} rules={rules}>
                <Input placeholder={enter(f.label)} maxLength={f.def.max} />
              </Form.Item>
            );
        }
      })}
    </>
  );
}

/** Form values of the detail fields → the strings the gateway keeps (dates as YYYY-MM-DD). */
export function detailValues(raw: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(raw ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    out[k] = dayjs.isDayjs(value) ? (value as Dayjs).format('YYYY-MM-DD') : String(value).trim();
  }
  return out;
}
