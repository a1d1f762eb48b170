import { localePath, type Lang } from '../../lib/navigation.ts';

/** The query parameter that names each kind of goods (1 a course, 2 a project, 3 a batch package). */
export const GOODS_PARAMS = [
  [1, 'courseId'],
  [2, 'projectId'],
  [3, 'packageId'],
] as const;

/** The checkout address of goods (/pay/buy, decisions 057, 058); a batch package's with its number. */
export const checkoutPath = (goodsType: number, goodsId: number, lang: Lang, code?: string) =>
  `${localePath('/pay/buy', lang)}?${GOODS_PARAMS.find(([type]) => type === goodsType)?.[1] ?? 'courseId'}=${goodsId}` +
  (code ? `&code=${encodeURIComponent(code)}` : '');
