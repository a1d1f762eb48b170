import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BATCH_PACKAGE_COURSES_MAX,
  BATCH_PACKAGE_SEATS_MAX,
  BATCH_PACKAGE_TITLE_MAX,
  deleteBatchPackage,
  saveBatchPackage,
  viewAdminBatchPackage,
  type AdminBatchPackageRow,
} from '@portal/contract/calls/batch-package';
import { findAdminCourses } from '@portal/contract/calls/course-admin';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { useAction, useLoad } from '../../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { localePath } from '../../../lib/navigation.ts';
import { money } from '../../order/order-messages.ts';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';

/** The list's state in the URL (decision 058). */
export const BATCH_PACKAGES_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['keyword'],
};

export interface BatchPackagesData {
  page: Page<AdminBatchPackageRow> | null;
  error: string | null;
}

export const batchPackageMessages = {
  zh: {
    intro:
      '批量套餐是机构一次购买、多人学习的课程组合：机构的采购人按批次号购买后，其成员凭批次号在“批次查询”页加入学习，至截止日期。',
    create: '新建套餐',
    edit: '编辑',
    remove: '删除',
    removeTitle: '删除该套餐？',
    removed: '已删除',
    saved: '已保存',
    keyword: '搜索套餐',
    keywordPlaceholder: '批次号、名称或机构',
    code: '批次号',
    title: '套餐名称',
    organisation: '购买机构',
    courses: '课程',
    coursesPlaceholder: '输入课程名称搜索',
    courseCount: '{n}门课程',
    seats: '名额',
    seatsTaken: '已加入',
    price: '价格（元）',
    priceHint: '整个套餐的价格，由机构一次支付',
    validUntil: '截止日期',
    validUntilHint: '当天24点后，成员不能再学习套餐中的课程',
    introText: '介绍',
    published: '上架',
    state: '状态',
    state1: '在售',
    state2: '已购买',
    state3: '已过期',
    state4: '未上架',
    buyer: '购买人',
    actions: '操作',
    lookup: '查询页',
    required: '请填写{field}',
    newTitle: '新建批量套餐',
    editTitle: '编辑批量套餐',
    soldHint: '套餐已购买或有待支付订单：课程和价格不能修改。',
  },
  en: {
    intro:
      'A batch package is a set of courses an organisation buys once for several people: its buyer pays by the package number, then its people join with the number on the Batch lookup page and study until the last day.',
    create: 'New package',
    edit: 'Edit',
    remove: 'Delete',
    removeTitle: 'Delete this package?',
    removed: 'Deleted',
    saved: 'Saved',
    keyword: 'Search packages',
    keywordPlaceholder: 'Number, name or organisation',
    code: 'Number',
    title: 'Name',
    organisation: 'Organisation',
    courses: 'Courses',
    coursesPlaceholder: 'Type a course title to search',
    courseCount: '{n} courses',
    seats: 'Seats',
    seatsTaken: 'Joined',
    price: 'Price (yuan)',
    priceHint: 'The price of the whole package, paid once by the organisation',
    validUntil: 'Last day',
    validUntilHint: 'After midnight of this day its people can no longer study its courses',
    introText: 'Introduction',
    published: 'On sale',
    state: 'State',
    state1: 'On sale',
    state2: 'Bought',
    state3: 'Expired',
    state4: 'Not on sale',
    buyer: 'Buyer',
    actions: 'Actions',
    lookup: 'Lookup page',
    required: 'Enter {field}',
    newTitle: 'New batch package',
    editTitle: 'Edit batch package',
    soldHint: 'This package has been bought or ordered: its courses and price cannot change.',
  },
} as const;

const STATE_COLOR: Record<number, string> = { 1: 'success', 2: 'processing', 3: 'default', 4: 'default' };
const emptyPage = { pageCurrent: 1, pageSize: 20, totalCount: 0, list: [] };

interface FormValues {
  title: string;
  organisation: string;
  intro: string;
  price: number;
  seats: number;
  validUntil: Dayjs;
  courseIds: number[];
  published: boolean;
}

/** /crm/batch-packages: the enterprise's batch packages (decision 058), made and edited in a dialog. */
export function BatchPackagesView({ page, error }: BatchPackagesData) {
  const t = useMessages(batchPackageMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const { message, modal } = App.useApp();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, BATCH_PACKAGES_TABLE);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const remove = useAction(async (id: number) => {
    await request(deleteBatchPackage, { id });
    void message.success(t.removed);
    void revalidator.revalidate();
  });

  const columns: ColumnsType<AdminBatchPackageRow> = [
    { title: t.code, dataIndex: 'code', key: 'code' },
    {
      title: t.title,
      key: 'title',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {r.title}
          <Typography.Text type="secondary">
            {[r.organisation, format(t.courseCount, { n: r.courseCount })].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t.price, key: 'price', render: (_, r) => money(r.amountFen) },
    { title: t.seatsTaken, key: 'seats', render: (_, r) => `${r.seatsTaken}/${r.seats}` },
    { title: t.validUntil, key: 'validUntil', render: (_, r) => dateTime(r.validUntil).slice(0, 10) },
    {
      title: t.state,
      key: 'state',
      render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{t[`state${r.state}`]}</Tag>,
    },
    { title: t.buyer, key: 'buyer', render: (_, r) => r.buyerName },
    {
      title: t.actions,
      key: 'actions',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r.id)}>
            {t.edit}
          </Button>
          <Button
            type="link"
            size="small"
            href={`${localePath('/batchPackage/query', lang)}?code=${r.code}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t.lookup}
          </Button>
          {r.state !== 2 && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                void modal.confirm({
                  title: t.removeTitle,
                  content: r.title,
                  onOk: () => remove.run(r.id),
                })
              }
            >
              {t.remove}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={4}>{crm.batchPackages}</Typography.Title>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t.create}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={state.filters.keyword ?? ''}
          aria-label={t.keyword}
          placeholder={t.keywordPlaceholder}
          defaultValue={state.filters.keyword ?? ''}
          allowClear
          style={{ width: 300 }}
          onSearch={(v) =>
            setParams(
              writeTableQuery(
                { ...state, pageCurrent: 1, filters: { ...state.filters, keyword: v.trim() } },
                BATCH_PACKAGES_TABLE,
              ),
            )
          }
        />
      </Space>
      {error && <Typography.Paragraph type="danger">{error}</Typography.Paragraph>}
      <ServerTable<AdminBatchPackageRow>
        rowKey="id"
        columns={columns}
        page={page ?? emptyPage}
        query={BATCH_PACKAGES_TABLE}
      />
      {editing !== null && (
        <PackageDialog
          id={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              void message.success(t.saved);
              void revalidator.revalidate();
            }
          }}
        />
      )}
    </>
  );
}

/** The editor: a new package, or one loaded with its courses. */
function PackageDialog({ id, onClose }: { id: number | null; onClose: (saved: boolean) => void }) {
  const t = useMessages(batchPackageMessages);
  const [form] = Form.useForm<FormValues>();
  const loaded = useLoad(
    (signal) => (id === null ? Promise.resolve(null) : request(viewAdminBatchPackage, { id }, { signal })),
    [id],
  );
  const [keyword, setKeyword] = useState('');
  const found = useLoad(
    (signal) => request(findAdminCourses, { pageCurrent: 1, pageSize: 20, keyword: keyword || undefined }, { signal }),
    [keyword],
  );
  const p = loaded.data;
  const options = new Map<number, string>();
  for (const c of p?.courses ?? []) options.set(c.id, c.title);
  for (const c of found.data?.list ?? []) options.set(c.id, c.title);
  const save = useAction(async (v: FormValues) => {
    await request(saveBatchPackage, {
      ...(id === null ? {} : { id }),
      title: v.title,
      organisation: v.organisation ?? '',
      intro: v.intro ?? '',
      priceFen: Math.round((v.price ?? 0) * 100),
      seats: v.seats,
      validUntil: v.validUntil.format('YYYY-MM-DD'),
      courseIds: v.courseIds,
      published: v.published ?? false,
    });
    onClose(true);
  });
  const required = (field: string) => [{ required: true, message: format(t.required, { field }) }];
  if (id !== null && !p) return null;
  return (
    <Modal
      open
      title={id === null ? t.newTitle : t.editTitle}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      confirmLoading={save.running}
      width={640}
      destroyOnHidden
    >
      {p && p.state === 2 && <Typography.Paragraph type="warning">{t.soldHint}</Typography.Paragraph>}
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void save.run(v)}
        initialValues={
          p
            ? {
                title: p.title,
                organisation: p.organisation,
                intro: p.intro,
                price: p.amountFen / 100,
                seats: p.seats,
                validUntil: dayjs(p.validUntil),
                courseIds: p.courses.map((c) => c.id),
                published: p.published,
              }
            : { price: 100, seats: 10, validUntil: dayjs().add(3, 'month'), courseIds: [], published: true }
        }
      >
        <Form.Item name="title" label={t.title} rules={required(t.title)}>
          <Input maxLength={BATCH_PACKAGE_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="organisation" label={t.organisation}>
          <Input maxLength={BATCH_PACKAGE_TITLE_MAX} />
        </Form.Item>
        <Form.Item name="courseIds" label={t.courses} rules={required(t.courses)}>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={(v) => setKeyword(v.trim())}
            placeholder={t.coursesPlaceholder}
            maxCount={BATCH_PACKAGE_COURSES_MAX}
            loading={found.loading}
            options={[...options].map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Space wrap>
          <Form.Item name="seats" label={t.seats} rules={required(t.seats)}>
            <InputNumber min={1} max={BATCH_PACKAGE_SEATS_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="price" label={t.price} extra={t.priceHint} rules={required(t.price)}>
            <InputNumber min={0.01} max={1_000_000} precision={2} />
          </Form.Item>
          <Form.Item name="validUntil" label={t.validUntil} extra={t.validUntilHint} rules={required(t.validUntil)}>
            <DatePicker />
          </Form.Item>
        </Space>
        <Form.Item name="intro" label={t.introText}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item name="published" label={t.published} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
