import { App, Button, Form, Input, InputNumber, Select, Space, Switch, TreeSelect, Upload } from 'antd';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  COURSE_SUMMARY_MAX,
  COURSE_TAGS_MAX,
  COURSE_TITLE_MAX,
  saveAdminCourse,
  type CourseFields,
} from '@portal/contract/calls/course-admin';
import { AVATAR_MAX_BYTES, uploadPic } from '@portal/contract/calls/upload';
import type { CategoryNode } from '@portal/contract/calls/category';
import { request, upload } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { RichTextEditor } from '../rich-text-editor.tsx';
import { categoryTree } from './course-list.tsx';
import { courseMessages } from './course-messages.ts';

export interface CourseRefs {
  categories: CategoryNode[];
  lecturers: Array<{ id: number; name: string }>;
  tags: Array<{ id: number; tagName: string }>;
}

/** The form's values: credit in hours and price in yuan, as people write them. */
interface Values extends Omit<CourseFields, 'creditTenths' | 'priceFen'> {
  creditHours: number;
  price: number;
}

const toValues = (c: CourseFields): Values => ({
  ...c,
  creditHours: c.creditTenths / 10,
  price: c.priceFen / 100,
});

/** The course's basic information (create, or edit with `courseId`). */
export function CourseForm({
  courseId,
  initial,
  refs,
}: {
  courseId?: number;
  initial?: CourseFields;
  refs: CourseRefs;
}) {
  const t = useMessages(courseMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const cover = Form.useWatch('coverUrl', form);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      const { creditHours, price, ...rest } = v;
      const input = {
        ...rest,
        creditTenths: Math.round((creditHours ?? 0) * 10),
        priceFen: Math.round((price ?? 0) * 100),
        categoryId: rest.categoryId ?? null,
        lecturerId: rest.lecturerId ?? null,
        tagIds: rest.tagIds ?? [],
        ...(courseId ? { courseId } : {}),
      };
      const saved = await request(saveAdminCourse, input);
      void message.success(t.saved);
      if (!courseId) void navigate(localePath(`/crm/courses/${saved.courseId}`, lang));
    } catch {
      // The request layer has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    // Named so that its fields' ids (course_title…) differ from the period dialog's, which opens
    // on the same page: two inputs with id "title" made 课时名称's label name the course's input.
    <Form<Values>
      name="course"
      form={form}
      layout="vertical"
      style={{ maxWidth: 860 }}
      initialValues={toValues(
        initial ?? {
          title: '',
          summary: '',
          coverUrl: '',
          categoryId: null,
          lecturerId: null,
          tagIds: [],
          creditTenths: 0,
          points: 0,
          priceFen: 0,
          visitorVisible: true,
          intro: '',
        },
      )}
      onFinish={save}
    >
      <Form.Item name="title" label={t.title} rules={[{ required: true, whitespace: true, message: t.titleRequired }]}>
        <Input maxLength={COURSE_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item name="summary" label={t.summary}>
        <Input.TextArea maxLength={COURSE_SUMMARY_MAX} rows={2} showCount />
      </Form.Item>
      <Form.Item label={t.cover}>
        <Space align="start">
          {cover && <img src={cover} alt="" width={160} height={90} style={{ objectFit: 'cover' }} />}
          <Form.Item name="coverUrl" noStyle>
            <Input style={{ width: 320 }} placeholder="https://" />
          </Form.Item>
          <Upload
            accept="image/jpeg,image/png"
            showUploadList={false}
            beforeUpload={(file) => file.size <= AVATAR_MAX_BYTES || Upload.LIST_IGNORE}
            customRequest={({ file, onSuccess, onError }) => {
              upload(uploadPic, file as Blob, { field: 'picFile', filename: (file as File).name })
                .then(({ url }) => {
                  form.setFieldValue('coverUrl', url);
                  onSuccess?.(url);
                })
                .catch((e: Error) => onError?.(e));
            }}
          >
            <Button icon={<UploadOutlined />}>{t.uploadCover}</Button>
          </Upload>
        </Space>
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="categoryId" label={t.category}>
          <TreeSelect allowClear style={{ width: 220 }} treeData={categoryTree(refs.categories)} treeDefaultExpandAll />
        </Form.Item>
        <Form.Item name="lecturerId" label={t.lecturer}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            options={refs.lecturers.map((l) => ({ value: l.id, label: l.name }))}
          />
        </Form.Item>
        <Form.Item name="tagIds" label={t.tags}>
          <Select
            mode="multiple"
            maxCount={COURSE_TAGS_MAX}
            style={{ minWidth: 220 }}
            options={refs.tags.map((x) => ({ value: x.id, label: x.tagName }))}
          />
        </Form.Item>
      </Space>
      <Space size="large" wrap>
        <Form.Item name="creditHours" label={t.creditHours}>
          <InputNumber min={0} max={1000} step={0.5} precision={1} />
        </Form.Item>
        <Form.Item name="points" label={t.points}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item name="price" label={t.price}>
          <InputNumber min={0} max={1000000} precision={2} />
        </Form.Item>
        <Form.Item name="visitorVisible" label={t.visitorVisible} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="intro" label={t.intro}>
        <RichTextEditor minHeight={200} label={t.intro} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t.save}
      </Button>
    </Form>
  );
}
