import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { NewsRepository } from './news.repository.ts';
import { NewsService } from './news.service.ts';

/** The news calls: the list and categories public, an article for visitors where visitor mode is on. */
export default defineModule({
  name: 'news',
  register(gateway, platform) {
    const news = new NewsService(new NewsRepository(platform.db));
    gateway.call(calls.findNewsCategories, async (_q, ctx) => news.findNewsCategories(await ctx.eid(), ctx.lang));
    gateway.call(calls.findNews, async (q, ctx) => news.findNews(await ctx.eid(), q, ctx.lang));
    gateway.call(calls.viewNews, async (q, ctx) => news.viewNews(ctx.eid, q.id, ctx.lang));
  },
});
