import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';
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

// The back office's categories (issue 21 item 3, decision 040): an administrator of the session's
// enterprise keeps each type's tree — adds, renames, moves, reorders and deletes unused categories.
// News categories are another table (news_categories) and another part of the back office.

export const CATEGORY_NAME_MAX = 30;
/** How deep a tree may go: a top level and two below (the catalogue's filter rows). */
export const CATEGORY_DEPTH_MAX = 3;

/** A node of the back office's tree: both names, the order, and what uses it. */
export interface AdminCategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
  sort: number;
  /** Courses filed directly under this category (any state). */
  courseCount: number;
  children: AdminCategoryNode[];
}

export const adminCategoryNodeSchema: z.ZodType<AdminCategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    nameEn: z.string(),
    sort: z.number().int(),
    courseCount: z.number().int(),
    children: z.array(adminCategoryNodeSchema),
  }),
);

const categoryTypeField = (lang: Lang) => {
  const error = categoryTypeMessage[lang];
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(2147483647, { error });
};

/** A category's names, with messages in the caller's language (the page's form uses the same). */
export const categoryNamesFor = (lang: Lang) => {
  const tooLong = (label: { zh: string; en: string }) => ({
    error:
      lang === 'zh'
        ? `${label.zh}最多${CATEGORY_NAME_MAX}个字`
        : `The ${label.en} has at most ${CATEGORY_NAME_MAX} characters`,
  });
  return {
    name: z
      .string({ error: lang === 'zh' ? '请填写分类名称' : 'Please enter the category name' })
      .trim()
      .min(1, { error: lang === 'zh' ? '请填写分类名称' : 'Please enter the category name' })
      .max(CATEGORY_NAME_MAX, tooLong({ zh: '分类名称', en: 'category name' })),
    nameEn: z
      .string()
      .trim()
      .max(CATEGORY_NAME_MAX, tooLong({ zh: '英文名称', en: 'English name' }))
      .default(''),
  };
};

const adminCategoryTreeRequest = (lang: Lang) => z.object({ categoryType: categoryTypeField(lang) });

export const findAdminCategories = defineCall({
  name: 'findAdminCategories',
  method: 'GET',
  path: '/system/auth/admin/category/tree',
  summary: "One categoryType's tree for the back office: both names, order and each category's course count",
  tags: ['category', 'back-office'],
  request: adminCategoryTreeRequest('zh'),
  requestFor: adminCategoryTreeRequest,
  response: z.array(adminCategoryNodeSchema),
});

const createCategoryRequest = (lang: Lang) =>
  z.object({
    categoryType: categoryTypeField(lang),
    /** The parent (same enterprise and type); absent or null at the top. */
    parentId: z.coerce.number().int().positive().max(2147483647).nullable().default(null),
    ...categoryNamesFor(lang),
  });

export const createCategory = defineCall({
  name: 'createCategory',
  method: 'POST',
  path: '/system/auth/admin/category/create',
  summary: 'Adds a category at the end of its level; 9261 an unknown parent, 9265 a name its level has, 9266 too deep',
  tags: ['category', 'back-office'],
  request: createCategoryRequest('zh'),
  requestFor: createCategoryRequest,
  response: z.object({ id: z.number().int() }),
});

const renameCategoryRequest = (lang: Lang) => z.object({ id, ...categoryNamesFor(lang) });

export const renameCategory = defineCall({
  name: 'renameCategory',
  method: 'POST',
  path: '/system/auth/admin/category/{id}/rename',
  summary: "Renames a category (both names); learners' next calls show the new name",
  tags: ['category', 'back-office'],
  request: renameCategoryRequest('zh'),
  requestFor: renameCategoryRequest,
  response: z.object({ id: z.number().int() }),
});

export const moveCategory = defineCall({
  name: 'moveCategory',
  method: 'POST',
  path: '/system/auth/admin/category/{id}/move',
  summary:
    'Puts a category under a parent (null: the top) at a position among its new siblings (0 first; past the end: last), renumbering the level; 9262 under itself, 9266 too deep',
  tags: ['category', 'back-office'],
  request: z.object({
    id,
    parentId: z.coerce.number().int().positive().max(2147483647).nullable(),
    position: z.coerce.number().int().min(0).max(10_000),
  }),
  response: z.object({ id: z.number().int() }),
});

export const deleteCategory = defineCall({
  name: 'deleteCategory',
  method: 'POST',
  path: '/system/auth/admin/category/{id}/delete',
  summary: 'Deletes a category with no subcategory and no course (9263, 9264)',
  tags: ['category', 'back-office'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});
