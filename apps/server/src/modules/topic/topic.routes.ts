import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { TopicRepository } from './topic.repository.ts';
import { TopicService } from './topic.service.ts';

/** The topic calls of account-area.md section 7 (signed-in learners, their enterprise's topics). */
export default defineModule({
  name: 'topic',
  register(gateway, platform) {
    const topics = new TopicService(new TopicRepository(platform.db));
    gateway.call(calls.findTopics, (_q, ctx) => topics.findTopics(ctx.eid, ctx.lang));
    gateway.call(calls.findTopicBanners, (q, ctx) => topics.findTopicBanners(ctx.eid, q.topicId));
    gateway.call(calls.findTopicCourses, (q, ctx) => topics.findTopicCourses(ctx.eid, q));
  },
});
