import { Typography } from 'antd';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { CourseForm } from '../features/crm/courses/course-form.tsx';
import { courseMessages } from '../features/crm/courses/course-messages.ts';
import { loadCourseRefs } from '../features/crm/courses/course-refs.server.ts';
import { useMessages } from '../lib/i18n.ts';
import type { Route } from './+types/crm-course-new';

/** /crm/courses/new: a new course's basic information; saving opens its editor. */
export async function loader(args: Route.LoaderArgs) {
  return { refs: await loadCourseRefs(args) };
}

export const handle: CrmHandle = { crumb: 'newCourse' };

export default function CrmCourseNewPage({ loaderData }: Route.ComponentProps) {
  const t = useMessages(courseMessages);
  return (
    <>
      <Typography.Title level={4}>{t.newCourse}</Typography.Title>
      <CourseForm refs={loaderData.refs} />
    </>
  );
}
