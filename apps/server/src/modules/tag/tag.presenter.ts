import type { Lang, TagItem } from '@portal/contract';

/** A tag as the list shows it: its name in the page's language where the site gave one. */
export const presentTag = (row: { id: number; name: string; nameEn: string }, lang: Lang): TagItem => ({
  id: row.id,
  tagName: lang === 'en' && row.nameEn ? row.nameEn : row.name,
});
