import { viewAdminCourse } from '@portal/contract/calls/course-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { CourseEditor } from '../features/crm/courses/course-editor.tsx';
import { loadCourseRefs } from '../features/crm/courses/course-refs.server.ts';
import type { Route } from './+types/crm-course-edit';
import { data } from 'react-router';

/** /crm/courses/:id: the course's editor (basic information, chapters and periods, publishing). */
export async function loader(args: Route.LoaderArgs) {
  const courseId = Number(args.params.id);
  if (!Number.isInteger(courseId) || courseId <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const [course, refs] = await Promise.all([callAdmin(args, viewAdminCourse, { courseId }), loadCourseRefs(args)]);
  // A malformed id comes back as bad input: no such course either.
  if (!course.data) throw data({ message: course.error }, { status: 404 });
  return { course: course.data, refs };
}

export const handle: CrmHandle = { crumb: 'editCourse' };

export default function CrmCourseEditPage({ loaderData }: Route.ComponentProps) {
  return <CourseEditor key={loaderData.course.id} course={loaderData.course} refs={loaderData.refs} />;
}
