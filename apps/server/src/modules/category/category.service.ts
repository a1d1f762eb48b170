import type { CategoryNode, Lang } from '@portal/contract';
import { presentCategoryTree } from './category.presenter.ts';
import type { CategoryRepository } from './category.repository.ts';

/**
 * Categories by categoryType (decision 019): public, the site's enterprise only (found from the
 * domain and ?eid, never from the body), one type as a tree.
 */
export class CategoryService {
  constructor(private readonly repo: CategoryRepository) {}

  async findCategories(options: { eid: number; categoryType: number; lang: Lang }): Promise<CategoryNode[]> {
    return presentCategoryTree(await this.repo.findCategories(options.eid, options.categoryType), options.lang);
  }
}
