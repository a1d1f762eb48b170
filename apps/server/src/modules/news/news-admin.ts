import {
  ErrorCode,
  pageOffset,
  toPage,
  type AdminNews,
  type AdminNewsCategory,
  type AdminNewsRow,
  type CallParsedRequest,
  type findAdminNews,
  type saveNews,
  type saveNewsCategory,
} from '@portal/contract';
import type { Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { AppError, requireFound } from '../../platform/errors.ts';
import { ADMIN_COUNT_CAP, NewsAdminRepository, type NewsSort } from './news-admin.repository.ts';

/** An administrator's call (the gateway settled that the session administers `eid`). */
export interface AdminCaller {
  eid: number;
  audit: AdminAudit;
}

type Found = NonNullable<Awaited<ReturnType<typeof NewsAdminRepository.news>>>;

const presentRow = (r: Found): AdminNewsRow => ({
  id: r.news.id,
  categoryId: r.news.categoryId,
  categoryName: r.categoryName,
  title: r.news.title,
  coverUrl: r.news.coverUrl,
  author: r.news.author,
  published: r.news.published,
  publishedAt: r.news.publishedAt.toISOString(),
  viewCount: r.news.viewCount,
});

const present = (r: Found): AdminNews => ({ ...presentRow(r), summary: r.news.summary, content: r.news.content });

// The sanitiser (sanitize-html, with its parser) is loaded when rich text is first saved.
const sanitize = async (html: string) => (await import('@portal/contract/sanitize')).sanitizeRichText(html);

/**
 * News and their categories in the back office (decision 043). Content is sanitised when saved
 * (and again when served), so the editor reopens exactly what learners read. Every write is
 * audited in its transaction, and once committed visitors' cached pages and answers are forgotten:
 * /news and the home page's news zone show the change on the next view.
 */
export class NewsAdmin {
  constructor(private readonly repo: NewsAdminRepository) {}

  async findCategories(eid: number): Promise<AdminNewsCategory[]> {
    return this.repo.findCategories(eid);
  }

  async saveCategory({ eid, audit }: AdminCaller, q: CallParsedRequest<typeof saveNewsCategory>) {
    const values = { name: q.name, nameEn: q.nameEn, sort: q.sort };
    return this.repo.transaction(async (tx) => {
      if (await NewsAdminRepository.nameTaken(tx, eid, q.name, q.id)) {
        throw new AppError(ErrorCode.NEWS_CATEGORY_NAME_TAKEN);
      }
      let before = null;
      let saved;
      if (q.id === undefined) {
        saved = await NewsAdminRepository.insertCategory(tx, { eid, ...values });
      } else {
        before = requireFound(await NewsAdminRepository.category(tx, eid, q.id));
        saved = requireFound(await NewsAdminRepository.updateCategory(tx, eid, q.id, values));
      }
      const after = { id: saved.id, name: saved.name, nameEn: saved.nameEn, sort: saved.sort };
      await audit.record(tx, {
        entityType: 'news_category',
        entityId: saved.id,
        before: before && strip(before),
        after,
      });
      changed(tx, eid);
      return { ...after, newsCount: q.id === undefined ? 0 : await NewsAdminRepository.newsCount(tx, eid, saved.id) };
    });
  }

  async deleteCategory({ eid, audit }: AdminCaller, id: number) {
    return this.repo.transaction(async (tx) => {
      const before = requireFound(await NewsAdminRepository.category(tx, eid, id));
      const outcome = await NewsAdminRepository.deleteUnusedCategory(tx, eid, id);
      if (outcome === 'in-use') throw new AppError(ErrorCode.NEWS_CATEGORY_IN_USE);
      if (outcome === 'missing') throw new AppError(ErrorCode.NOT_FOUND);
      await audit.record(tx, { entityType: 'news_category', entityId: id, before: strip(before), after: null });
      changed(tx, eid);
      return { id };
    });
  }

  async findNews(eid: number, q: CallParsedRequest<typeof findAdminNews>) {
    const filter = {
      keyword: q.keyword || undefined,
      categoryId: q.categoryId,
      published: q.status === undefined ? undefined : q.status === 'published',
    };
    const sort = { field: q.sort.replace(/^-/, '') as NewsSort, desc: q.sort.startsWith('-') };
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    const [rows, total] = await Promise.all([
      // Past the counted rows a page is empty: no scan deeper than the cap.
      offset >= ADMIN_COUNT_CAP ? Promise.resolve([]) : this.repo.findNews(eid, filter, sort, offset, q.pageSize),
      this.repo.countNews(eid, filter),
    ]);
    return toPage(
      rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() })),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async viewNews(eid: number, id: number): Promise<AdminNews> {
    return present(requireFound(await NewsAdminRepository.news(this.repo.db, eid, id)));
  }

  async saveNews({ eid, audit }: AdminCaller, q: CallParsedRequest<typeof saveNews>): Promise<AdminNews> {
    const content = await sanitize(q.content);
    return this.repo.transaction(async (tx) => {
      if (!(await NewsAdminRepository.category(tx, eid, q.categoryId))) {
        throw new AppError(ErrorCode.NEWS_CATEGORY_UNKNOWN);
      }
      const values = {
        categoryId: q.categoryId,
        title: q.title,
        summary: q.summary,
        author: q.author,
        coverUrl: q.coverUrl,
        content,
        published: q.published,
        ...(q.publishedAt ? { publishedAt: new Date(q.publishedAt) } : {}),
      };
      let before: AdminNews | null = null;
      let id: number;
      if (q.id === undefined) {
        id = await NewsAdminRepository.insertNews(tx, { eid, ...values });
      } else {
        before = present(requireFound(await NewsAdminRepository.news(tx, eid, q.id, true)));
        id = q.id;
        await NewsAdminRepository.updateNews(tx, eid, id, values);
      }
      const after = present(requireFound(await NewsAdminRepository.news(tx, eid, id)));
      await audit.record(tx, { entityType: 'news', entityId: id, before, after });
      changed(tx, eid);
      return after;
    });
  }

  async setPublished({ eid, audit }: AdminCaller, id: number, published: boolean): Promise<AdminNewsRow> {
    return this.repo.transaction(async (tx) => {
      const before = presentRow(requireFound(await NewsAdminRepository.news(tx, eid, id, true)));
      await NewsAdminRepository.updateNews(tx, eid, id, { published });
      const after = presentRow(requireFound(await NewsAdminRepository.news(tx, eid, id)));
      await audit.record(tx, { entityType: 'news', entityId: id, before, after });
      changed(tx, eid);
      return after;
    });
  }

  async deleteNews({ eid, audit }: AdminCaller, id: number) {
    return this.repo.transaction(async (tx) => {
      const before = present(requireFound(await NewsAdminRepository.news(tx, eid, id, true)));
      await NewsAdminRepository.deleteNews(tx, eid, id);
      await audit.record(tx, { entityType: 'news', entityId: id, before, after: null });
      changed(tx, eid);
      return { id };
    });
  }
}

/** A category as the audit log keeps it. */
const strip = (c: { id: number; name: string; nameEn: string; sort: number }) => ({
  id: c.id,
  name: c.name,
  nameEn: c.nameEn,
  sort: c.sort,
});

/** Visitors' cached /news, home and category answers show the change once it is committed. */
const changed = (tx: Tx, eid: number) => afterCommit(tx, (e) => e.contentChanged({ eid, kind: 'news' }));
