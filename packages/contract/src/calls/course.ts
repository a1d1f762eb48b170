import { z } from 'zod';

// Courses as lists show them (issue 4): the home page's course zones, a topic's courses, a
// lecturer's courses and search results share this card. The course calls live beside it.

export const courseCard = z.object({
  id: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  lecturerId: z.number().int().nullable(),
  /** '' when the course has no lecturer. */
  lecturerName: z.string(),
  learnerCount: z.number().int(),
  /** Yuan with two decimals (0 = free); shown only when the site's showCoursePriceOpenSet is on. */
  price: z.number(),
});
export type CourseCard = z.infer<typeof courseCard>;
