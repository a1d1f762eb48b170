import { CourseRelation, CourseSort, toPage, pageOffset } from '@portal/contract';
import { presentCourseCard } from './course.presenter.ts';
import type { CourseFilter, CourseRepository } from './course.repository.ts';

/** Zone type of the home page's course zones (zoneSchema). */
export const ZONE_COURSES = 2;

/** Courses as lists show them (issue 4, decision 017): home zones, search, a lecturer's courses. */
export class CourseService {
  constructor(private readonly repo: CourseRepository) {}

  /** A zone's courses by its relationType (1 newest, 2 most learners, 3 recommended; else newest). */
  async findZoneCourses(eid: number, relationType: number | null, showNum: number, visitor = false) {
    const relation = Object.values(CourseRelation).includes(relationType as 1) ? relationType! : CourseRelation.NEWEST;
    return (await this.repo.findZoneCourses(eid, relation, showNum, visitor)).map(presentCourseCard);
  }

  /** `visitor`: only the courses visible to visitors (decision 039). */
  async findCourses(
    eid: number,
    q: CourseFilter & { pageCurrent: number; pageSize: number; sortType?: number },
    visitor = false,
  ) {
    const { rows, total } = await this.repo.findCourses(
      eid,
      { ...filterOf(q), ...(visitor ? { visitorsOnly: true } : {}) },
      q.sortType ?? CourseSort.NEWEST,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentCourseCard), total, q.pageCurrent, q.pageSize);
  }

  countCourses(eid: number, accountId: number, q: CourseFilter) {
    return this.repo.countCourses(eid, accountId, filterOf(q));
  }
}

/** The filters a request sets (an absent one is not a condition). */
const filterOf = (q: CourseFilter): CourseFilter => ({
  ...(q.keyword ? { keyword: q.keyword } : {}),
  ...(q.lecturerId ? { lecturerId: q.lecturerId } : {}),
  ...(q.categoryId ? { categoryId: q.categoryId } : {}),
});
