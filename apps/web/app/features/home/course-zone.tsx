import { Link } from 'react-router';
import type { CourseCard } from '@portal/contract/calls/course';
import { CourseGrid } from '../course/course-card.tsx';
import { defineMessages, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';

export const zoneMessages = defineMessages({
  zh: { more: '更多', noCourses: '暂无课程', noLecturers: '暂无讲师' },
  en: { more: 'More', noCourses: 'No courses yet', noLecturers: 'No lecturers yet' },
});

/** A course zone of the home page: its title, its courses as cards, and 'more' to /knowledge. */
export function CourseZone({ id, title, courses }: { id: number; title: string; courses: CourseCard[] }) {
  const t = useMessages(zoneMessages);
  const lang = useLang();
  const headingId = `zone-${id}`;
  return (
    <section className="portal-zone portal-course-zone" aria-labelledby={headingId}>
      <div className="portal-zone-head">
        <h2 id={headingId} className="portal-zone-title">
          {title}
        </h2>
        <Link className="portal-zone-more" to={localePath('/knowledge', lang)}>
          {t.more}
        </Link>
      </div>
      <CourseGrid courses={courses} emptyText={t.noCourses} />
    </section>
  );
}
