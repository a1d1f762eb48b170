import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Card, Cascader, DatePicker, Descriptions, Form, Input, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { findCategories } from '@portal/contract/calls/category';
import { findRegions } from '@portal/contract/calls/system';
import { editTalentInfo, type TalentRecord } from '@portal/contract/calls/talent';
import type { CategoryNode } from '@portal/contract/calls/category';
import { enumerations } from '@portal/contract/enums';
import {
  TALENT_BUSINESS_CATEGORY_TYPE,
  TALENT_BUSINESS_SLOTS,
  TALENT_SECTIONS,
  talentFields,
  talentFieldShown,
  talentPostTypes,
  talentRequiredMessage,
  talentSectionFields,
  talentSectionTitles,
  type TalentField,
  type TalentSection,
} from '@portal/contract/talent';
import { ApiError, request } from '../../lib/api.ts';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath, type Lang } from '../../lib/navigation.ts';
import { useAction, useCall } from '../../lib/use-call.ts';
import { talentMessages } from './messages.ts';
import {
  BUSINESS_SLOTS_FIELD,
  TALENT_CHOICE_ENUMS,
  TALENT_CHOICE_VALUES,
  TALENT_TYPE_FIELD,
  businessSlotRules,
  categoryOptions,
  clearedBy,
  formNameOf,
  regionOptions,
  regionTreeOf,
  requestFromValues,
  sameValues,
  showFacts,
  storedRegionOptions,
  talentFieldRules,
  talentValidateTrigger,
  valuesFromRecord,
  type SectionValues,
} from './talent-form.ts';
import { useUnsavedGuard } from './unsaved-guard.ts';
import './talent.css';

const NO_CATEGORIES: CategoryNode[] = [];
const SLOT_LABELS = ['slot1', 'slot2', 'slot3'] as const;

/**
 * The talent-pool record (/account/fileRegister; account-area.md sections 3 to 6): the person's
 * profile at the top (read only), then the six sections, each its own form saved on its own
 * (saveType) with the rules of the contract's `talentFields`. Leaving with a changed form asks first.
 */
export function TalentRecordPage({ initial }: { initial: TalentRecord }) {
  const t = useMessages(talentMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const [record, setRecord] = useState(initial);
  const [dirty, setDirty] = useState<Partial<Record<TalentSection, boolean>>>({});
  const markDirty = useCallback(
    (section: TalentSection, value: boolean) =>
      setDirty((prev) => (!!prev[section] === value ? prev : { ...prev, [section]: value })),
    [],
  );
  useUnsavedGuard(Object.values(dirty).some(Boolean), { question: t.unsavedChanges, ok: t.ok, cancel: t.cancel });
  const { data: categories = NO_CATEGORIES } = useCall(
    findCategories,
    { categoryType: TALENT_BUSINESS_CATEGORY_TYPE },
    { quiet: true },
  );

  return (
    <div className="portal-page portal-talent">
      <div className="portal-talent-head">
        <h1 className="portal-page-title">{t.title}</h1>
        <Button onClick={() => void navigate(localePath('/account/fileRegister/leave', lang))}>{t.leave}</Button>
      </div>
      {record.id === null && <Alert type="info" showIcon className="portal-talent-banner" message={t.noRecord} />}
      <section aria-labelledby="talent-profile-title" className="portal-talent-profile">
        <h2 id="talent-profile-title" className="portal-talent-section-title">
          {t.profile}
        </h2>
        <Descriptions column={2} bordered size="middle">
          <Descriptions.Item label={t.name}>{record.name}</Descriptions.Item>
          <Descriptions.Item label={t.phone}>{record.phone}</Descriptions.Item>
          <Descriptions.Item label={t.userNo}>{record.userNo || t.none}</Descriptions.Item>
          <Descriptions.Item label={t.tags}>
            {record.tagList.length > 0 ? record.tagList.map((tag) => <Tag key={tag}>{tag}</Tag>) : t.none}
          </Descriptions.Item>
        </Descriptions>
      </section>
      {TALENT_SECTIONS.map((section) => (
        <SectionCard
          key={section}
          section={section}
          record={record}
          categories={categories}
          onSaved={setRecord}
          onDirty={markDirty}
        />
      ))}
    </div>
  );
}

function SectionCard({
  section,
  record,
  categories,
  onSaved,
  onDirty,
}: {
  section: TalentSection;
  record: TalentRecord;
  categories: CategoryNode[];
  onSaved: (record: TalentRecord) => void;
  onDirty: (section: TalentSection, dirty: boolean) => void;
}) {
  const t = useMessages(talentMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<SectionValues>();
  const baseline = useMemo(() => valuesFromRecord(section, record), [section, record]);
  // What the form holds now: the conditional display and the region's tree follow it.
  const [live, setLive] = useState(baseline);
  const titleId = `talent-section-${section}-title`;

  // A saved record is the new baseline: is what the form holds still different from it?
  useEffect(() => {
    onDirty(section, !sameValues(section, form.getFieldsValue(true) as SectionValues, baseline));
  }, [baseline, form, onDirty, section]);

  const save = useAction(async (values: SectionValues) => {
    let next: TalentRecord;
    try {
      next = await request(editTalentInfo, requestFromValues(section, values, categories));
    } catch (err) {
      // The request layer has shown the server's message; where it names a field of this form,
      // the message goes under that field too.
      if (err instanceof ApiError) {
        const name = formNameOf(section, (err.data as { field?: unknown } | null)?.field);
        if (name) form.setFields([{ name, errors: [err.message] }]);
      }
      throw err;
    }
    const fresh = valuesFromRecord(section, next);
    form.setFields(Object.entries(fresh).map(([name, value]) => ({ name, value, errors: [] })));
    setLive(fresh);
    onSaved(next);
    void message.success(t.saved);
  });

  const onValuesChange = (changed: SectionValues) => {
    const cleared = clearedBy(Object.keys(changed));
    if (Object.keys(cleared).length > 0) {
      form.setFields(Object.entries(cleared).map(([name, value]) => ({ name, value, errors: [] })));
    }
    const current = form.getFieldsValue(true) as SectionValues;
    setLive(current);
    onDirty(section, !sameValues(section, current, baseline));
  };

  const facts = showFacts(live);
  const saved = record.savedSections.includes(section);
  return (
    <section aria-labelledby={titleId} className="portal-talent-section">
      <Card
        title={
          <h2 id={titleId} className="portal-talent-section-title">
            {talentSectionTitles[section][lang]}
          </h2>
        }
        extra={<Tag color={saved ? 'success' : 'default'}>{saved ? t.sectionSaved : t.sectionNotSaved}</Tag>}
      >
        <Form
          form={form}
          name={`talent-${section}`}
          layout="vertical"
          initialValues={baseline}
          onValuesChange={onValuesChange}
          onFinish={(values) => void save.run(values)}
          scrollToFirstError
        >
          <div className="portal-talent-fields">
            {section === 2 && <TalentTypeField record={record} />}
            {section === 3 ? (
              <BusinessSlots categories={categories} />
            ) : (
              talentSectionFields(section)
                .filter((field) => talentFieldShown(field, facts))
                .map((field) =>
                  field === 'region' ? (
                    <RegionField key={field} talentType={live[TALENT_TYPE_FIELD]} record={record} />
                  ) : (
                    <TalentFormItem key={field} field={field} postTypes={talentPostTypes(facts.talentClassification)} />
                  ),
                )
            )}
          </div>
          <Button type="primary" htmlType="submit" loading={save.running}>
            {t.save}
          </Button>
        </Form>
      </Card>
    </section>
  );
}

/** The choices of a choice field in the page's language (sex: 1 or 2; post types: the classification's). */
function choiceOptions(field: TalentField, lang: Lang, postTypes: number[]) {
  const name = TALENT_CHOICE_ENUMS[field];
  if (!name) return [];
  const allowed = field === 'postType' ? postTypes : TALENT_CHOICE_VALUES[field];
  return enumerations[name]
    .filter((o) => !allowed || allowed.includes(o.value))
    .map((o) => ({ value: o.value, label: lang === 'en' ? o.labelEn : o.label }));
}

const isBirthday = (field: TalentField) => field === 'birthday';

function TalentFormItem({ field, postTypes }: { field: TalentField; postTypes: number[] }) {
  const lang = useLang();
  const def = talentFields[field];
  const label = def.label[lang];
  const placeholder = talentRequiredMessage(field, lang);
  const common = {
    name: field,
    label,
    rules: talentFieldRules(field, lang),
    validateTrigger: talentValidateTrigger(field),
  };
  switch (def.kind) {
    case 'choice':
      return (
        <Form.Item {...common}>
          <Select
            placeholder={placeholder}
            allowClear={!def.required}
            showSearch={field === 'nation' ? { optionFilterProp: 'label' } : false}
            options={choiceOptions(field, lang, postTypes)}
          />
        </Form.Item>
      );
    case 'date':
      return (
        <Form.Item
          {...common}
          getValueProps={(value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null })}
          normalize={(value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : '')}
        >
          <DatePicker
            placeholder={placeholder}
            className="portal-talent-date"
            // No future dates; a birthday before today.
            disabledDate={(d) => (isBirthday(field) ? !d.isBefore(dayjs(), 'day') : d.isAfter(dayjs(), 'day'))}
          />
        </Form.Item>
      );
    case 'textarea':
      return (
        <Form.Item {...common} className="portal-talent-wide">
          <Input.TextArea placeholder={placeholder} maxLength={'max' in def ? def.max : undefined} showCount rows={4} />
        </Form.Item>
      );
    default:
      return (
        <Form.Item {...common}>
          <Input placeholder={placeholder} maxLength={'max' in def ? def.max : undefined} />
        </Form.Item>
      );
  }
}

/** The talent type (section 2; it decides the region's tree): the types the person may choose. */
function TalentTypeField({ record }: { record: TalentRecord }) {
  const t = useMessages(talentMessages);
  const lang = useLang();
  const allowed = record.talentTypeList.length > 0 ? record.talentTypeList : [record.talentType];
  const options = enumerations.talentType
    .filter((o) => allowed.includes(o.value))
    .map((o) => ({ value: o.value, label: lang === 'en' ? o.labelEn : o.label }));
  return (
    <Form.Item
      name={TALENT_TYPE_FIELD}
      label={t.talentType}
      rules={[{ required: true, message: t.talentTypeRequired }]}
    >
      <Select options={options} />
    </Form.Item>
  );
}

/** The region: Guangxi's cities and districts, or for talent type 3 the provinces and cities. */
function RegionField({ talentType, record }: { talentType: unknown; record: TalentRecord }) {
  const lang = useLang();
  const { data: tree } = useCall(findRegions, regionTreeOf(talentType), { quiet: true });
  const options = useMemo(
    () => (tree ? regionOptions(tree) : storedRegionOptions(record.region, record.regionNames)),
    [tree, record.region, record.regionNames],
  );
  return (
    <Form.Item
      name="region"
      label={talentFields.region.label[lang]}
      rules={talentFieldRules('region', lang)}
      validateTrigger={talentValidateTrigger('region')}
    >
      <Cascader options={options} placeholder={talentRequiredMessage('region', lang)} showSearch />
    </Form.Item>
  );
}

/** Three business areas by priority, each a leaf of the categories of type 14; the first required. */
function BusinessSlots({ categories }: { categories: CategoryNode[] }) {
  const t = useMessages(talentMessages);
  const lang = useLang();
  const options = useMemo(() => categoryOptions(categories), [categories]);
  return (
    <>
      {Array.from({ length: TALENT_BUSINESS_SLOTS }, (_, i) => {
        const label = t[SLOT_LABELS[i] ?? 'slot3'];
        return (
          <Form.Item
            key={i}
            name={[BUSINESS_SLOTS_FIELD, i]}
            label={label}
            rules={businessSlotRules(i, lang)}
            dependencies={Array.from({ length: i }, (_, j) => [BUSINESS_SLOTS_FIELD, j])}
          >
            <Cascader options={options} placeholder={label} />
          </Form.Item>
        );
      })}
    </>
  );
}
