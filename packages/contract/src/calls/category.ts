import { z } from 'zod';
import { defineCall } from '../call.ts';
import type { Lang } from '../errors.ts';

/**
 * Categories by categoryType (account-area.md section 7: POST /system/api/category/list; section 3:
 * "Category tree node: id, categoryName, childrenList, isLeaf"). Decision 019.
 */

/**
 * The category types the portal knows. Course categories take the online-course resource type
 * (account-area.md section 3, resource type 3); the talent business categories are 14 (section 7).
 */
export const CategoryType = {
  COURSE: 3,
  TALENT_BUSINESS: 14,
} as const;
export type CategoryTypeValue = (typeof CategoryType)[keyof typeof CategoryType];

export interface CategoryNode {
  id: number;
  categoryName: string;
  isLeaf: boolean;
  childrenList: CategoryNode[];
}

export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    categoryName: z.string(),
    isLeaf: z.boolean(),
    childrenList: z.array(categoryNodeSchema),
  }),
);

const categoryTypeMessage = { zh: '请选择分类类型', en: 'Please choose a category type' } as const;

const findCategoriesRequest = (lang: Lang) => {
  const error = categoryTypeMessage[lang];
  return z.object({
    categoryType: z.coerce.number({ error }).int({ error }).min(1, { error }).max(2147483647, { error }),
  });
};

export const findCategories = defineCall({
  name: 'findCategories',
  method: 'POST',
  path: '/system/api/category/list',
  summary:
    "The site's categories of one categoryType as a tree (3 course categories, 14 talent business categories), in order, names in the page's language where given; the site from the domain and ?eid",
  tags: ['category'],
  request: findCategoriesRequest('zh'),
  requestFor: findCategoriesRequest,
  response: z.array(categoryNodeSchema),
});
