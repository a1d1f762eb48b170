import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CategoryType,
  ErrorCode,
  createCategory,
  deleteCategory,
  findAdminCategories,
  findAuditLog,
  findCategories,
  moveCategory,
  renameCategory,
  type AdminCategoryNode,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createCategory as insertCategory } from '../../test/catalog-factories.ts';
import { createCourse, createEnterprise, type Learner } from '../../test/factories.ts';
import {
  createTestApp,
  invalidFields,
  unchecked,
  visitorOf,
  type CallOptions,
  type TestApp,
} from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let learner: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  learner = await t.learner(a);
});
afterAll(async () => t?.close());

/** The tree as names: `name` or `name(child, child)`. */
const shape = (nodes: AdminCategoryNode[]): string =>
  nodes.map((n) => (n.children.length ? `${n.name}(${shape(n.children)})` : n.name)).join(', ');
const tree = async (categoryType: number = CategoryType.TALENT_BUSINESS) =>
  shape((await t.call(findAdminCategories, { categoryType }, { as: admin })).data);
const add = async (
  name: string,
  parentId: number | null = null,
  categoryType: number = CategoryType.TALENT_BUSINESS,
) => {
  const res = await t.call(createCategory, { categoryType, parentId, name, nameEn: '' }, { as: admin });
  expect(res.code, res.message).toBe(200);
  return res.data.id;
};

describe('category trees in the back office', () => {
  it('adds categories at the end of their level, renames, moves and reorders them, each audited', async () => {
    const sales = await add('销售');
    const tech = await add('技术');
    const java = await add('Java', tech);
    const go = await add('Go', tech);
    expect(await tree()).toBe('销售, 技术(Java, Go)');

    expect((await t.call(renameCategory, { id: go, name: 'Golang', nameEn: 'Golang' }, { as: admin })).code).toBe(200);
    // Go first among its siblings, then Java under 销售 at the end.
    expect((await t.call(moveCategory, { id: go, parentId: tech, position: 0 }, { as: admin })).code).toBe(200);
    expect(await tree()).toBe('销售, 技术(Golang, Java)');
    expect((await t.call(moveCategory, { id: java, parentId: sales, position: 99 }, { as: admin })).code).toBe(200);
    expect((await t.call(moveCategory, { id: tech, parentId: null, position: 0 }, { as: admin })).code).toBe(200);
    expect(await tree()).toBe('技术(Golang), 销售(Java)');

    const log = await t.call(findAuditLog, { entityType: 'category', entityId: String(java) }, { as: admin });
    expect(log.data.list.map((e) => e.action)).toEqual(['moveCategory', 'createCategory']);
    expect(log.data.list[0]).toMatchObject({ before: { parentId: tech }, after: { parentId: sales, sort: 0 } });
    expect(log.data.list[1]).toMatchObject({ before: null, after: { name: 'Java', categoryType: 14 } });
  });

  it('refuses a move under itself or its subcategory, too deep a tree, a name its level has, and an unknown parent', async () => {
    const top = await add('一级');
    const mid = await add('二级', top);
    const low = await add('三级', mid);
    const into = await t.call(moveCategory, { id: top, parentId: low, position: 0 }, { as: admin, lang: 'en' });
    expect(into.code).toBe(ErrorCode.CATEGORY_MOVE_INTO_ITSELF);
    expect(into.message).toBe('A category cannot be moved under itself or one of its subcategories');
    expect((await t.call(moveCategory, { id: top, parentId: top, position: 0 }, { as: admin })).code).toBe(
      ErrorCode.CATEGORY_MOVE_INTO_ITSELF,
    );
    const deep = await t.call(
      createCategory,
      { categoryType: CategoryType.TALENT_BUSINESS, parentId: low, name: '四级', nameEn: '' },
      { as: admin },
    );
    expect([deep.code, deep.message]).toEqual([ErrorCode.CATEGORY_TOO_DEEP, '分类最多三级']);
    const other = await add('另一个');
    // 二级 with its child under 另一个's child would make four levels.
    const otherChild = await add('另一个的下级', other);
    expect((await t.call(moveCategory, { id: mid, parentId: otherChild, position: 0 }, { as: admin })).code).toBe(
      ErrorCode.CATEGORY_TOO_DEEP,
    );
    const same = await t.call(
      createCategory,
      { categoryType: CategoryType.TALENT_BUSINESS, parentId: top, name: '二级', nameEn: '' },
      { as: admin },
    );
    expect([same.code, same.message]).toEqual([ErrorCode.CATEGORY_NAME_TAKEN, '同一级下已有同名分类']);
    // The same name on another level is fine.
    await add('二级', other);
    const wrongType = await insertCategory(db(), a.eid, { categoryType: CategoryType.COURSE, name: '课程分类' });
    const unknown = await t.call(
      createCategory,
      { categoryType: CategoryType.TALENT_BUSINESS, parentId: wrongType.id, name: '甲', nameEn: '' },
      { as: admin },
    );
    expect(unknown.code).toBe(ErrorCode.CATEGORY_PARENT_UNKNOWN);

    const blank = await t.call(createCategory, unchecked({ categoryType: 3, name: '  ' }), { as: admin, lang: 'en' });
    expect(blank.code).toBe(ErrorCode.BAD_INPUT);
    expect(invalidFields(blank)[0]).toEqual({ field: 'name', message: 'Please enter the category name' });
    const noType = await t.call(createCategory, unchecked({ name: '甲' }), { as: admin });
    expect(invalidFields(noType)[0]).toEqual({ field: 'categoryType', message: '请选择分类类型' });
  });

  it('deletes a category only when it has no subcategory and no course', async () => {
    const parent = await add('父类', null, CategoryType.COURSE);
    const child = await add('子类', parent, CategoryType.COURSE);
    await createCourse(db(), a.eid, { categoryId: child, published: false });
    const hasChildren = await t.call(deleteCategory, { id: parent }, { as: admin });
    expect([hasChildren.code, hasChildren.message]).toEqual([
      ErrorCode.CATEGORY_HAS_CHILDREN,
      '该分类下还有子分类，不能删除',
    ]);
    const hasCourses = await t.call(deleteCategory, { id: child }, { as: admin, lang: 'en' });
    expect([hasCourses.code, hasCourses.message]).toEqual([
      ErrorCode.CATEGORY_HAS_COURSES,
      'Courses are in this category; it cannot be deleted',
    ]);
    const empty = await add('空类', parent, CategoryType.COURSE);
    expect((await t.call(deleteCategory, { id: empty }, { as: admin })).code).toBe(200);
    expect(await db().$count(schema.categories, eq(schema.categories.id, empty))).toBe(0);
    const log = await t.call(findAuditLog, { entityType: 'category', entityId: String(empty) }, { as: admin });
    expect(log.data.list[0]).toMatchObject({ action: 'deleteCategory', before: { name: '空类' }, after: null });
    const counts = (await t.call(findAdminCategories, { categoryType: 3 }, { as: admin })).data;
    expect(counts.find((n) => n.id === parent)?.children.map((n) => [n.name, n.courseCount])).toEqual([['子类', 1]]);
  });

  it('a renamed or added course category reaches the learner and the visitor at once', async () => {
    const id = await add('新分类', null, CategoryType.COURSE);
    const names = async (as: CallOptions) =>
      (await t.call(findCategories, { categoryType: CategoryType.COURSE }, as)).data.map((n) => n.categoryName);
    expect(await names({ as: learner })).toContain('新分类');
    expect(await names({ as: visitorOf(a) })).toContain('新分类');
    await t.call(renameCategory, { id, name: '改名分类', nameEn: 'Renamed' }, { as: admin });
    expect(await names({ as: learner })).toContain('改名分类');
    expect(await names({ as: visitorOf(a), lang: 'en' })).toContain('Renamed');
  });

  it('treats another enterprise’s categories as not found (and as no parent)', async () => {
    const theirs = await insertCategory(db(), b.eid, { categoryType: CategoryType.COURSE, name: '乙的分类' });
    expect((await t.call(renameCategory, { id: theirs.id, name: '甲', nameEn: '' }, { as: admin })).code).toBe(404);
    expect((await t.call(moveCategory, { id: theirs.id, parentId: null, position: 0 }, { as: admin })).code).toBe(404);
    expect((await t.call(deleteCategory, { id: theirs.id }, { as: admin })).code).toBe(404);
    const under = await t.call(
      createCategory,
      { categoryType: CategoryType.COURSE, parentId: theirs.id, name: '甲', nameEn: '' },
      { as: admin },
    );
    expect(under.code).toBe(ErrorCode.CATEGORY_PARENT_UNKNOWN);
    const mine = await add('我的分类', null, CategoryType.COURSE);
    expect((await t.call(moveCategory, { id: mine, parentId: theirs.id, position: 0 }, { as: admin })).code).toBe(
      ErrorCode.CATEGORY_PARENT_UNKNOWN,
    );
    expect(await tree(CategoryType.COURSE)).not.toContain('乙的分类');
    const [row] = await db().select().from(schema.categories).where(eq(schema.categories.id, theirs.id));
    expect(row!.name).toBe('乙的分类');
  });
});
