import { Link } from 'react-router';
import type { CourseCard } from '@portal/contract/calls/course';
import { defineMessages, format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath, type Lang } from '../../lib/navigation.ts';
import { useSite } from '../../lib/root-data.ts';
import './course.css';

const messages = defineMessages({
  zh: { learners: '{n}人学习', free: '免费', price: '¥{price}', lecturer: '讲师：{name}', empty: '暂无课程' },
  en: {
    learners: '{n} learners',
    free: 'Free',
    price: '¥{price}',
    lecturer: 'Lecturer: {name}',
    empty: 'No courses yet',
  },
});

/** The course page (/knowledge/course/info?id=): cards, my study and the player link to it. */
export function coursePath(id: number, lang: Lang): string {
  return `${localePath('/knowledge/course/info', lang)}?id=${id}`;
}

/** The player at one period of a course (/watch/course?id=&periodId=). */
export function watchPath(courseId: number, periodId: number, lang: Lang): string {
  return `${localePath('/watch/course', lang)}?id=${courseId}&periodId=${periodId}`;
}

/**
 * A course card: cover, title, lecturer, learners, and the price only when the site shows prices
 * (showCoursePriceOpenSet). Used by the home page's course zones, topics, lecturers and search.
 */
function CourseCardItem({ course }: { course: CourseCard }) {
  const t = useMessages(messages);
  const lang = useLang();
  const { website } = useSite();
  return (
    <li className="portal-course-card">
      <Link to={coursePath(course.id, lang)}>
        <img src={course.coverUrl || '/demo/course-cover.svg'} alt="" width={280} height={158} loading="lazy" />
        <span className="portal-course-title">{course.title}</span>
      </Link>
      <span className="portal-course-meta">
        {course.lecturerName && <span>{format(t.lecturer, { name: course.lecturerName })}</span>}
        <span>{format(t.learners, { n: course.learnerCount })}</span>
      </span>
      {website.showCoursePriceOpenSet && (
        <span className="portal-course-price">
          {course.price > 0 ? format(t.price, { price: course.price.toFixed(2) }) : t.free}
        </span>
      )}
    </li>
  );
}

/** A grid of course cards, or 暂无课程 when there are none. */
export function CourseGrid({ courses, emptyText }: { courses: CourseCard[]; emptyText?: string }) {
  const t = useMessages(messages);
  if (courses.length === 0) return <p className="portal-news-note">{emptyText ?? t.empty}</p>;
  return (
    <ul className="portal-course-grid">
      {courses.map((c) => (
        <CourseCardItem key={c.id} course={c} />
      ))}
    </ul>
  );
}
