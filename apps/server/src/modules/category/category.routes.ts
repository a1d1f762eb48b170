import { findCategories } from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { CategoryRepository } from './category.repository.ts';
import { CategoryService } from './category.service.ts';

/** The site's categories by categoryType (public). */
export default defineModule({
  name: 'category',
  register(gateway, platform) {
    const categories = new CategoryService(new CategoryRepository(platform.db));
    gateway.call(findCategories, async (q, ctx) =>
      categories.findCategories({ eid: await ctx.eid(), categoryType: q.categoryType, lang: ctx.lang }),
    );
  },
});
