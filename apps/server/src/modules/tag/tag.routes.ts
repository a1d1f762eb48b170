import { findTags } from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { TagRepository } from './tag.repository.ts';
import { TagService } from './tag.service.ts';

/** The learner tags of the signed-in session's enterprise. */
export default defineModule({
  name: 'tag',
  register(gateway, platform) {
    const tags = new TagService(new TagRepository(platform.db));
    gateway.call(findTags, (q, ctx) => tags.findTags({ eid: ctx.eid, lang: ctx.lang, tagName: q.tagName }));
  },
});
