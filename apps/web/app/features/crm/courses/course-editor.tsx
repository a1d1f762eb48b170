import { App, Alert, Button, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { publishAdminCourse, type viewAdminCourse } from '@portal/contract/calls/course-admin';
import type { CallResponse } from '@portal/contract/call';
import { request } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { CourseForm, type CourseRefs } from './course-form.tsx';
import { courseMessages } from './course-messages.ts';
import { CourseOutline } from './course-outline.tsx';

type Course = CallResponse<typeof viewAdminCourse>;

/** /crm/courses/:id: basic information, chapters and periods, publishing (decision 039). */
export function CourseEditor({ course, refs }: { course: Course; refs: CourseRefs }) {
  const t = useMessages(courseMessages);
  const { message } = App.useApp();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const publish = async (published: boolean) => {
    setBusy(true);
    try {
      await request(publishAdminCourse, { courseId: course.id, published });
      void message.success(t.saved);
      void revalidate();
    } catch {
      // The request layer has shown the reason (9211: no periods yet).
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {course.title}
        </Typography.Title>
        {course.published ? <Tag color="green">{t.published}</Tag> : <Tag>{t.unpublished}</Tag>}
      </Space>
      <Tabs
        items={[
          {
            key: 'basic',
            label: t.basicInfo,
            children: <CourseForm courseId={course.id} initial={course} refs={refs} />,
          },
          {
            key: 'outline',
            label: t.outline,
            children: <CourseOutline courseId={course.id} chapters={course.chapters} />,
          },
          {
            key: 'publish',
            label: t.publishTab,
            children: (
              <Space orientation="vertical">
                <Alert
                  type={course.published ? 'success' : 'info'}
                  showIcon
                  message={
                    course.published
                      ? t.publishedHint
                      : course.chapters.some((c) => c.periods.length > 0)
                        ? t.unpublishedHint
                        : t.noPeriodsHint
                  }
                />
                {course.published ? (
                  <Button loading={busy} onClick={() => publish(false)}>
                    {t.unpublish}
                  </Button>
                ) : (
                  <Button type="primary" loading={busy} onClick={() => publish(true)}>
                    {t.publish}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
