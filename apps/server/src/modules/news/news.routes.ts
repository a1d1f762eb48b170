import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { NewsAdmin } from './news-admin.ts';
import { NewsAdminRepository } from './news-admin.repository.ts';
import { NewsRepository } from './news.repository.ts';
import { NewsService } from './news.service.ts';

/**
 * The news calls: the list and categories public (the categories' answers cached for visitors and
 * forgotten when the back office changes them), an article for visitors where visitor mode is on;
 * and the back office's calls (decision 043).
 */
export default defineModule({
  name: 'news',
  register(gateway, platform) {
    const news = new NewsService(new NewsRepository(platform.db));
    gateway.call(calls.findNewsCategories, async (_q, ctx) => news.findNewsCategories(await ctx.eid(), ctx.lang), {
      cacheForVisitors: true,
    });
    gateway.call(calls.findNews, async (q, ctx) => news.findNews(await ctx.eid(), q, ctx.lang));
    gateway.call(calls.viewNews, async (q, ctx) => news.viewNews(ctx.eid, q.id, ctx.lang));

    const admin = new NewsAdmin(new NewsAdminRepository(platform.db));
    gateway.call(calls.findAdminNewsCategories, (_q, ctx) => admin.findCategories(ctx.eid));
    gateway.call(calls.saveNewsCategory, (q, ctx) => admin.saveCategory(ctx, q));
    gateway.call(calls.deleteNewsCategory, (q, ctx) => admin.deleteCategory(ctx, q.id));
    gateway.call(calls.findAdminNews, (q, ctx) => admin.findNews(ctx.eid, q));
    gateway.call(calls.viewAdminNews, (q, ctx) => admin.viewNews(ctx.eid, q.id));
    gateway.call(calls.saveNews, (q, ctx) => admin.saveNews(ctx, q));
    gateway.call(calls.setNewsPublished, (q, ctx) => admin.setPublished(ctx, q.id, q.published));
    gateway.call(calls.deleteNews, (q, ctx) => admin.deleteNews(ctx, q.id));
  },
});
