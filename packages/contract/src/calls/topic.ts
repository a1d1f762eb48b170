import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';
import { courseCard } from './course.ts';

// Topics (专题, issue 4): /topic, /topic/cate/{id} and the navigation's topic submenu
// (account-area.md sections 2 and 7). Signed-in learners only; the enterprise is the session's.

export const topicItem = z.object({
  id: z.number().int(),
  name: z.string(),
  coverUrl: z.string(),
  summary: z.string(),
});
export type TopicItem = z.infer<typeof topicItem>;

export const findTopics = defineCall({
  name: 'findTopics',
  method: 'GET',
  path: '/course/auth/topic/info/list',
  summary: "The enterprise's published topics, in order",
  tags: ['topic'],
  request: z.object({}),
  response: z.array(topicItem),
});

const topicId = id;

export const topicBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
});
export type TopicBanner = z.infer<typeof topicBanner>;

export const findTopicBanners = defineCall({
  name: 'findTopicBanners',
  method: 'GET',
  path: '/course/auth/topic/info/banner/list',
  summary: "A topic's banners, in order (404 for a topic that is not the enterprise's published one)",
  tags: ['topic'],
  request: z.object({ topicId }),
  response: z.array(topicBanner),
});

/** A topic's courses: 12 a page unless asked otherwise, at most 50. */
export const TOPIC_COURSE_PAGE_SIZE = 12;

export const findTopicCourses = defineCall({
  name: 'findTopicCourses',
  method: 'POST',
  path: '/course/auth/topic/info/course/page',
  summary: "A topic's published courses in the topic's order, paged",
  tags: ['topic'],
  request: z.object({
    topicId,
    ...paging(TOPIC_COURSE_PAGE_SIZE, 50),
  }),
  response: pageResponse(courseCard),
});
