import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Spin,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { DepartmentNode } from '@portal/contract/calls/people';
import {
  exportAdminTalentRecords,
  viewAdminTalentRecord,
  type AdminTalentFilter,
  type AdminTalentRow,
  type TalentRecord,
} from '@portal/contract/calls/talent';
import { enumLabel } from '@portal/contract/enums';
import type { Page } from '@portal/contract/envelope';
import {
  TALENT_CHOICE_ENUMS,
  TALENT_SECTIONS,
  talentFieldShown,
  talentFields,
  talentSectionFields,
  talentSectionTitles,
  type TalentField,
  type TalentSection,
} from '@portal/contract/talent';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { defineMessages, format, useLang, useMessages } from '../../../lib/i18n.ts';
import { useCall } from '../../../lib/use-call.ts';
import { ExportButton } from '../export-button.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQuery, type TableQueryOptions } from '../table-query.ts';
import { toTree } from './department-tree.ts';
import { TalentImportDialog, talentImportMessages } from './talent-import.tsx';

/** The list's state in the URL (issue 24 item 4): last saved first, filtered by the server. */
export const TALENT_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['keyword', 'talentType', 'talentClassification', 'departmentId'],
};

/** The call's filter from the URL's state: what the list and the export both send. */
export function talentFilterOf(q: TableQuery): AdminTalentFilter {
  const { keyword, talentType, talentClassification, departmentId } = q.filters;
  // The URL's values go as they are: the gateway checks them and words what is wrong.
  return {
    keyword: keyword ?? '',
    ...(talentType ? { talentType: talentType as unknown as number } : {}),
    ...(talentClassification ? { talentClassification: talentClassification as unknown as number } : {}),
    ...(departmentId ? { departmentId: departmentId as unknown as number } : {}),
  };
}

export interface TalentRecordsData {
  page: Page<AdminTalentRow> | null;
  error: string | null;
  departments: DepartmentNode[];
}

export const talentRecordMessages = defineMessages({
  zh: {
    intro:
      '学员在“人才档案登记”页按栏目填写的人才库信息。可按姓名、工号、手机号、人才类型、人员类别和部门查找，查看每人的档案；导出当前筛选的档案为 Excel 文件，完成后在弹窗中下载，也可在门户页头的“下载”中找到；“导入历史档案”按导入模板或导出文件补录学员尚未保存的部分。',
    keyword: '姓名、工号或手机号',
    talentType: '人才类型',
    talentClassification: '人员类别',
    department: '部门',
    all: '全部',
    name: '姓名',
    phone: '手机号',
    userNo: '工号',
    companyName: '工作单位',
    companyPosition: '单位职务',
    saved: '已保存',
    savedCount: '{n}/{total}',
    updatedAt: '更新时间',
    actions: '操作',
    view: '查看',
    recordOf: '{name}的人才档案',
    basic: '基本信息',
    source: '档案来源',
    sourceColumn: '来源',
    tags: '标签',
    sectionSaved: '已保存',
    sectionUnsaved: '未保存',
    slot1: '第一业务领域',
    slot2: '第二业务领域',
    slot3: '第三业务领域',
    slotOf: '{slot}：',
  },
  en: {
    intro:
      'The talent-pool information learners fill in, section by section, on their Talent record page. Find records by name, staff number, phone, talent type, staff category and department and view each one; export the records of the current filter as an Excel file, downloaded from the dialog when it is ready or later from Downloads in the portal header; Import history records adds the sections members have not saved yet from the import template or an export.',
    keyword: 'Name, staff number or phone',
    talentType: 'Talent type',
    talentClassification: 'Staff category',
    department: 'Department',
    all: 'All',
    name: 'Name',
    phone: 'Phone',
    userNo: 'Staff number',
    companyName: 'Employer',
    companyPosition: 'Position at work',
    saved: 'Saved',
    savedCount: '{n}/{total}',
    updatedAt: 'Updated',
    actions: 'Actions',
    view: 'View',
    recordOf: 'Talent record of {name}',
    basic: 'Profile',
    source: 'Source',
    sourceColumn: 'Source',
    tags: 'Tags',
    sectionSaved: 'Saved',
    sectionUnsaved: 'Not saved',
    slot1: 'First business area',
    slot2: 'Second business area',
    slot3: 'Third business area',
    slotOf: '{slot}: ',
  },
});

const TALENT_TYPES = [1, 2, 3] as const;
const CLASSIFICATIONS = [1, 2, 3, 4] as const;
const EMPTY = '—';
/** The record's source (the registration-source enumeration): self, admin import, history. */
const SOURCE_COLORS: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'gold' };
const emptyPage = { pageCurrent: 1, pageSize: 20, totalCount: 0, list: [] };

/** /crm/talent: the enterprise's talent-pool records, filtered on the server; one record in a drawer. */
export function TalentRecordsView({ page, error, departments }: TalentRecordsData) {
  const t = useMessages(talentRecordMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, TALENT_TABLE);
  const [open, setOpen] = useState<AdminTalentRow | null>(null);
  const [importing, setImporting] = useState(false);
  const importTexts = useMessages(talentImportMessages);
  const revalidator = useRevalidator();
  const tree = useMemo(() => toTree(departments, lang), [departments, lang]);
  const filter = (name: string, value: string | number | undefined | null) => {
    // The address as it is now, not as this render saw it: a filter chosen right after another,
    // before the page has rendered the first one, keeps it.
    const now = readTableQuery(new URLSearchParams(window.location.search), TALENT_TABLE);
    setParams(
      writeTableQuery(
        { ...now, pageCurrent: 1, filters: { ...now.filters, [name]: value ? String(value) : '' } },
        TALENT_TABLE,
      ),
    );
  };
  const f = state.filters;

  const columns: ColumnsType<AdminTalentRow> = [
    { title: t.name, dataIndex: 'name', key: 'name', render: (v: string) => v || EMPTY },
    { title: t.phone, dataIndex: 'phone', key: 'phone', width: 130 },
    { title: t.userNo, dataIndex: 'userNo', key: 'userNo', render: (v: string) => v || EMPTY },
    { title: t.department, dataIndex: 'departmentName', key: 'departmentName', render: (v: string) => v || EMPTY },
    { title: t.talentType, key: 'talentType', render: (_, r) => enumLabel('talentType', r.talentType, lang) },
    {
      title: t.sourceColumn,
      key: 'talentSource',
      render: (_, r) => (
        <Tag color={SOURCE_COLORS[r.talentSource]}>
          {enumLabel('registrationSource', r.talentSource, lang) || EMPTY}
        </Tag>
      ),
    },
    {
      title: t.talentClassification,
      key: 'talentClassification',
      render: (_, r) => enumLabel('talentClassification', r.talentClassification, lang) || EMPTY,
    },
    { title: t.companyName, dataIndex: 'companyName', key: 'companyName', render: (v: string) => v || EMPTY },
    {
      title: t.companyPosition,
      dataIndex: 'companyPosition',
      key: 'companyPosition',
      render: (v: string) => v || EMPTY,
    },
    {
      title: t.saved,
      key: 'savedSections',
      width: 80,
      render: (_, r) => format(t.savedCount, { n: r.savedSections.length, total: TALENT_SECTIONS.length }),
    },
    { title: t.updatedAt, key: 'updatedAt', width: 170, render: (_, r) => dateTime(r.updatedAt) },
    {
      title: t.actions,
      key: 'actions',
      width: 80,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r)} aria-label={`${t.view} ${r.name || r.phone}`}>
          {t.view}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={4}>{crm.talentRecords}</Typography.Title>
        <Space>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {importTexts.open}
          </Button>
          <ExportButton start={() => request(exportAdminTalentRecords, talentFilterOf(state))} />
        </Space>
      </Space>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item>
          <Input.Search
            key={f.keyword ?? ''}
            aria-label={t.keyword}
            placeholder={t.keyword}
            defaultValue={f.keyword ?? ''}
            allowClear
            style={{ width: 260 }}
            onSearch={(v) => filter('keyword', v.trim())}
          />
        </Form.Item>
        <Form.Item label={t.talentType} htmlFor="talent-filter-type">
          <Select
            id="talent-filter-type"
            style={{ width: 140 }}
            value={f.talentType ?? ''}
            onChange={(v: string) => filter('talentType', v)}
            options={[
              { value: '', label: t.all },
              ...TALENT_TYPES.map((v) => ({ value: String(v), label: enumLabel('talentType', v, lang) })),
            ]}
          />
        </Form.Item>
        <Form.Item label={t.talentClassification} htmlFor="talent-filter-classification">
          <Select
            id="talent-filter-classification"
            style={{ width: 200 }}
            popupMatchSelectWidth={false}
            value={f.talentClassification ?? ''}
            onChange={(v: string) => filter('talentClassification', v)}
            options={[
              { value: '', label: t.all },
              ...CLASSIFICATIONS.map((v) => ({
                value: String(v),
                label: enumLabel('talentClassification', v, lang),
              })),
            ]}
          />
        </Form.Item>
        <Form.Item label={t.department} htmlFor="talent-filter-department">
          <TreeSelect
            id="talent-filter-department"
            allowClear
            treeData={tree}
            treeDefaultExpandAll
            placeholder={t.all}
            style={{ width: 200 }}
            value={f.departmentId ? Number(f.departmentId) : undefined}
            onChange={(v: number | undefined) => filter('departmentId', v)}
            showSearch={{ treeNodeFilterProp: 'title' }}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminTalentRow> rowKey="id" columns={columns} page={page ?? emptyPage} query={TALENT_TABLE} />
      {open !== null && <TalentDrawer row={open} onClose={() => setOpen(null)} />}
      <TalentImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void revalidator.revalidate()}
      />
    </>
  );
}

/** One field's value as the record shows it: a choice by its label, regions and business areas by name. */
function fieldValue(record: TalentRecord, field: TalentField, lang: 'zh' | 'en'): ReactNode {
  const enumName = TALENT_CHOICE_ENUMS[field];
  if (enumName) return enumLabel(enumName, record[field] as number | null, lang) || EMPTY;
  if (field === 'region') return record.regionNames.length > 0 ? record.regionNames.join(' / ') : EMPTY;
  const value = record[field];
  return typeof value === 'string' && value.trim() !== '' ? value : EMPTY;
}

/** One member's record (viewAdminTalentRecord), section by section, each with its saved state. */
function TalentDrawer({ row, onClose }: { row: AdminTalentRow; onClose: () => void }) {
  const t = useMessages(talentRecordMessages);
  const lang = useLang();
  const loaded = useCall(viewAdminTalentRecord, { accountId: row.accountId });
  const r = loaded.data;
  const facts = r ? { talentClassification: r.talentClassification, postType: r.postType } : {};
  const slots = [t.slot1, t.slot2, t.slot3];
  const slotOf = (n: number) => slots[n - 1] ?? String(n);
  const title = format(t.recordOf, { name: row.name || row.phone });
  return (
    <Drawer
      open
      size={720}
      title={title}
      onClose={onClose}
      destroyOnHidden
      // The record scrolls in a region of its own that takes the keyboard's focus (it holds no
      // control to tab to): the drawer's body does not scroll.
      styles={{ body: { padding: 0, overflow: 'hidden', display: 'flex', flexDirection: 'column' } }}
    >
      <div
        role="region"
        aria-label={title}
        tabIndex={0}
        style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: 24 }}
      >
        {loaded.error !== undefined && !r ? (
          <Alert
            type="error"
            showIcon
            title={loaded.error instanceof Error ? loaded.error.message : String(loaded.error)}
          />
        ) : !r ? (
          <Spin />
        ) : (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Descriptions
              title={t.basic}
              column={2}
              size="small"
              bordered
              items={[
                { key: 'name', label: t.name, children: r.name || EMPTY },
                { key: 'phone', label: t.phone, children: r.phone || EMPTY },
                { key: 'userNo', label: t.userNo, children: r.userNo || EMPTY },
                { key: 'talentType', label: t.talentType, children: enumLabel('talentType', r.talentType, lang) },
                {
                  key: 'source',
                  label: t.source,
                  children: enumLabel('registrationSource', r.talentSource, lang) || EMPTY,
                },
                { key: 'updatedAt', label: t.updatedAt, children: r.updatedAt ? dateTime(r.updatedAt) : EMPTY },
                {
                  key: 'tags',
                  label: t.tags,
                  span: 2,
                  children: r.tagList.length > 0 ? r.tagList.map((x) => <Tag key={x}>{x}</Tag>) : EMPTY,
                },
              ]}
            />
            {TALENT_SECTIONS.map((section: TalentSection) => {
              const saved = r.savedSections.includes(section);
              return (
                <section key={section} aria-label={talentSectionTitles[section][lang]} data-section={section}>
                  <Descriptions
                    title={talentSectionTitles[section][lang]}
                    extra={<Tag color={saved ? 'success' : 'default'}>{saved ? t.sectionSaved : t.sectionUnsaved}</Tag>}
                    column={1}
                    size="small"
                    bordered
                    styles={{ label: { width: 200 } }}
                    items={talentSectionFields(section)
                      .filter((field) => talentFieldShown(field, facts))
                      .map((field) => ({
                        key: field,
                        label: talentFields[field].label[lang],
                        children:
                          field === 'talentBusinessRelationList' ? (
                            <BusinessAreas record={r} slotOf={slotOf} />
                          ) : (
                            fieldValue(r, field, lang)
                          ),
                      }))}
                  />
                </section>
              );
            })}
          </Space>
        )}
      </div>
    </Drawer>
  );
}

/** The business areas by slot (第一业务领域…), in their order. */
function BusinessAreas({ record, slotOf }: { record: TalentRecord; slotOf: (n: number) => string }) {
  const t = useMessages(talentRecordMessages);
  const areas = [...record.talentBusinessRelationList].sort((a, b) => a.recommendOrder - b.recommendOrder);
  if (areas.length === 0) return EMPTY;
  return (
    <Space orientation="vertical" size={0}>
      {areas.map((a) => (
        <span key={a.recommendOrder}>
          <Typography.Text type="secondary">{format(t.slotOf, { slot: slotOf(a.recommendOrder) })}</Typography.Text>
          {a.businessCategoryName}
        </span>
      ))}
    </Space>
  );
}
