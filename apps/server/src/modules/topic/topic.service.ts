import { ErrorCode, toPage, type Lang, type TopicBanner, type TopicItem, pageOffset } from '@portal/contract';
import type { CourseCard } from '@portal/contract/calls/course';
import { AppError } from '../../platform/errors.ts';
import type { TopicRepository } from './topic.repository.ts';

type CourseRow = Awaited<ReturnType<TopicRepository['findTopicCourses']>>['rows'][number];

/** A course row as the shared course card (price in yuan from fen). */
const presentCourse = (row: CourseRow): CourseCard => ({
  id: row.id,
  title: row.title,
  coverUrl: row.coverUrl,
  lecturerId: row.lecturerId,
  lecturerName: row.lecturerName ?? '',
  learnerCount: row.learnerCount,
  price: row.priceFen / 100,
});

/** Topics of the session's enterprise (issue 4): the list, a topic's banners and its courses. */
export class TopicService {
  constructor(private readonly repo: TopicRepository) {}

  async findTopics(eid: number, lang: Lang): Promise<TopicItem[]> {
    return (await this.repo.findTopics(eid)).map((row) => ({
      id: row.id,
      name: lang === 'en' && row.nameEn ? row.nameEn : row.name,
      coverUrl: row.coverUrl,
      summary: row.summary,
    }));
  }

  async findTopicBanners(eid: number, topicId: number): Promise<TopicBanner[]> {
    await this.found(eid, topicId);
    return this.repo.findTopicBanners(eid, topicId);
  }

  async findTopicCourses(eid: number, q: { topicId: number; pageCurrent: number; pageSize: number }) {
    await this.found(eid, q.topicId);
    const { rows, total } = await this.repo.findTopicCourses(
      eid,
      q.topicId,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentCourse), total, q.pageCurrent, q.pageSize);
  }

  /** Another enterprise's or an unpublished topic is as unknown as a missing one (404). */
  private async found(eid: number, topicId: number): Promise<void> {
    if (!(await this.repo.isPublished(eid, topicId)))
      throw new AppError(ErrorCode.NOT_FOUND, { message: { zh: '专题不存在', en: 'The topic does not exist' } });
  }
}
