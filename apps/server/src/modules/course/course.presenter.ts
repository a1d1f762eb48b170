import type { CourseCard } from '@portal/contract';
import type { CourseRow } from './course.repository.ts';

/** A course row as a card: the price in yuan from fen, '' for a course without a (published) lecturer. */
export const presentCourseCard = (row: CourseRow): CourseCard => ({
  id: row.id,
  title: row.title,
  coverUrl: row.coverUrl,
  lecturerId: row.lecturerId ?? null,
  lecturerName: row.lecturerName ?? '',
  learnerCount: row.learnerCount,
  price: row.priceFen / 100,
});
