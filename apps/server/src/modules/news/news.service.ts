import { ErrorCode, toPage, type Lang, type NewsItem, pageOffset } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { NewsRepository } from './news.repository.ts';

type Row = Awaited<ReturnType<NewsRepository['findNews']>>['rows'][number];

const present = (r: Row, lang: Lang): NewsItem => ({
  id: r.news.id,
  categoryId: r.news.categoryId,
  categoryName: lang === 'en' && r.categoryNameEn ? r.categoryNameEn : r.categoryName,
  title: r.news.title,
  summary: r.news.summary,
  coverUrl: r.news.coverUrl,
  author: r.news.author,
  publishedAt: r.news.publishedAt.toISOString(),
  viewCount: r.news.viewCount,
});

/** News of a site (issue 4): categories, the paged list, an article with its neighbours. */
export class NewsService {
  constructor(private readonly repo: NewsRepository) {}

  async findNewsCategories(eid: number, lang: Lang) {
    return (await this.repo.findNewsCategories(eid)).map((c) => ({
      id: c.id,
      name: lang === 'en' && c.nameEn ? c.nameEn : c.name,
    }));
  }

  async findNews(
    eid: number,
    q: { pageCurrent: number; pageSize: number; categoryId?: number | undefined; keyword?: string | undefined },
    lang: Lang,
  ) {
    const filter = {
      ...(q.categoryId ? { categoryId: q.categoryId } : {}),
      ...(q.keyword ? { keyword: q.keyword } : {}),
    };
    const { rows, total } = await this.repo.findNews(eid, filter, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage(
      rows.map((r) => present(r, lang)),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  /** One article; another enterprise's id is as unknown as a missing one (404). */
  async viewNews(eid: number, id: number, lang: Lang) {
    const row = await this.repo.viewNews(eid, id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    const { newer, older } = await this.repo.neighbours(eid, row.news.id);
    // The sanitiser (sanitize-html, with its parser) is loaded when rich text is first presented.
    const { sanitizeRichText } = await import('@portal/contract/sanitize');
    return { ...present(row, lang), content: sanitizeRichText(row.news.content), newer, older };
  }
}
