import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { CategoryAdmin } from './category-admin.ts';
import { CategoryAdminRepository } from './category-admin.repository.ts';
import { CategoryRepository } from './category.repository.ts';
import { CategoryService } from './category.service.ts';

/** The site's categories by categoryType (public), and the back office's trees (decision 040). */
export default defineModule({
  name: 'category',
  register(gateway, platform) {
    const categories = new CategoryService(new CategoryRepository(platform.db));
    gateway.call(calls.findCategories, async (q, ctx) =>
      categories.findCategories({ eid: await ctx.eid(), categoryType: q.categoryType, lang: ctx.lang }),
    );

    const admin = new CategoryAdmin(new CategoryAdminRepository(platform.db));
    gateway.call(calls.findAdminCategories, (q, ctx) => admin.tree(ctx.eid, q.categoryType));
    gateway.call(calls.createCategory, (q, ctx) => admin.create(ctx, q));
    gateway.call(calls.renameCategory, ({ id, ...names }, ctx) => admin.rename(ctx, id, names));
    gateway.call(calls.moveCategory, (q, ctx) => admin.move(ctx, q));
    gateway.call(calls.deleteCategory, (q, ctx) => admin.delete(ctx, q.id));
  },
});
