import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';

// News (issue 4): /news, /news/detail and /news/categorySearch read these. The spec names the
// pages, not the calls: paths follow the system calls' shape (decision 013).

const eid = z.coerce
  .number()
  .int()
  .positive()
  .max(2147483647)
  .optional()
  .describe('Enterprise id; the domain default when absent');

export const newsCategory = z.object({ id: z.number().int(), name: z.string() });

export const findNewsCategories = defineCall({
  name: 'findNewsCategories',
  method: 'GET',
  path: '/system/api/news/category/list',
  summary: "The site's news categories, in order (names in the page's language where given)",
  tags: ['news'],
  request: z.object({ eid }),
  response: z.array(newsCategory),
});

export const newsItem = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string(),
  author: z.string(),
  publishedAt: z.string(),
  viewCount: z.number().int(),
});
export type NewsItem = z.infer<typeof newsItem>;

export const NEWS_PAGE_SIZE = 10;

export const findNews = defineCall({
  name: 'findNews',
  method: 'POST',
  path: '/system/api/news/info/page',
  summary: 'Published news of the site, newest first; by category and keyword (title or summary)',
  tags: ['news'],
  request: z.object({
    eid,
    ...paging(NEWS_PAGE_SIZE, 50),
    categoryId: id.optional(),
    keyword: z.string().trim().max(50).optional(),
  }),
  response: pageResponse(newsItem),
});

const neighbour = z.object({ id: z.number().int(), title: z.string() }).nullable();

// An article is read on /news/detail, a visitor page (platform.md section 6): visitors of a site
// whose visitor mode is off are refused (301). The list and the categories stay public: the spec
// opens /news/categorySearch, which shows them, to every visitor (decision 022).
export const viewNews = defineCall({
  name: 'viewNews',
  method: 'GET',
  path: '/system/api/news/info/view',
  access: 'visitor',
  summary:
    "One article with its sanitised content and its neighbours in the list (newer, older); counts a view. Visitors only where the site's visitor mode is on, else 301",
  tags: ['news'],
  request: z.object({ eid, id: id }),
  response: newsItem.extend({ content: z.string(), newer: neighbour, older: neighbour }),
});
