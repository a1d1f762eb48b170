import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { TagAdmin } from './tag-admin.ts';
import { TagAdminRepository } from './tag-admin.repository.ts';
import { TagRepository } from './tag.repository.ts';
import { TagService } from './tag.service.ts';

/** The learner tags of the signed-in session's enterprise, and the back office's (decision 040). */
export default defineModule({
  name: 'tag',
  register(gateway, platform) {
    const tags = new TagService(new TagRepository(platform.db));
    gateway.call(calls.findTags, (q, ctx) => tags.findTags({ eid: ctx.eid, lang: ctx.lang, tagName: q.tagName }));

    const admin = new TagAdmin(new TagAdminRepository(platform.db));
    gateway.call(calls.findAdminTags, (q, ctx) => admin.page(ctx.eid, q));
    gateway.call(calls.createTag, (q, ctx) => admin.create(ctx, q));
    gateway.call(calls.editTag, ({ id, ...form }, ctx) => admin.edit(ctx, id, form));
    gateway.call(calls.deleteTag, (q, ctx) => admin.delete(ctx, q.id));
  },
});
