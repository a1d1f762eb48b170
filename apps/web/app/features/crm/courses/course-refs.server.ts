import { findCategories } from '@portal/contract/calls/category';
import { findLecturers } from '@portal/contract/calls/lecturer';
import { findTags } from '@portal/contract/calls/tag';
import { callAdmin } from '../crm.server.ts';
import type { CourseRefs } from './course-form.tsx';

type Args = Parameters<typeof callAdmin>[0];

/** What the course form chooses from: course categories (type 3), lecturers and tags of the enterprise. */
export async function loadCourseRefs(args: Args): Promise<CourseRefs> {
  const [categories, lecturers, tags] = await Promise.all([
    callAdmin(args, findCategories, { categoryType: 3 }),
    callAdmin(args, findLecturers, { pageSize: 50 }),
    callAdmin(args, findTags, {}),
  ]);
  return {
    categories: categories.data ?? [],
    lecturers: (lecturers.data?.list ?? []).map((l) => ({ id: l.id, name: l.name })),
    tags: tags.data ?? [],
  };
}
