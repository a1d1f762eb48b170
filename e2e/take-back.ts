import { deleteNews, findAdminNews } from '@portal/contract/calls/content-admin';
import { findAdminCourses, publishAdminCourse } from '@portal/contract/calls/course-admin';
import { signInByCall } from './sign-in-as.ts';

/** The demo administrator of 智学企业培训平台 (eid 1001, localhost). */
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };

/**
 * Takes back what a back-office test published on the demo site: the learner tests of the same run
 * (courses.test.ts, news.test.ts) read that site's newest courses and news and expect the demo
 * ones. Done through the administrator's own calls, so the learner pages forget it as they would
 * after the back office did it. The course is unpublished (a course someone studied cannot be
 * deleted), the article deleted.
 */
export async function takeBack(published: { courses?: string[]; news?: string[] }): Promise<void> {
  const asAdmin = await signInByCall(ADMIN);
  for (const title of published.courses ?? []) {
    const { list } = await asAdmin(findAdminCourses, { keyword: title, status: 'published' });
    for (const course of list.filter((c) => c.title === title)) {
      await asAdmin(publishAdminCourse, { courseId: course.id, published: false });
    }
  }
  for (const title of published.news ?? []) {
    const { list } = await asAdmin(findAdminNews, { keyword: title });
    for (const article of list.filter((a) => a.title === title)) await asAdmin(deleteNews, { id: article.id });
  }
}
