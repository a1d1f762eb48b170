import { Link } from 'react-router';
import type { NavItem } from '@portal/contract';
import type { Lang } from '../../lib/navigation.ts';
import { localePath } from '../../lib/navigation.ts';

/** Where each menu type goes when the item has no url of its own (account-area.md section 2). */
const MENU_TYPE_PATHS: Record<number, string> = {
  1: '/home',
  2: '/news',
  3: '/topic',
  4: '/knowledge',
  5: '/lecturer',
  6: '/account',
  7: '/about',
};

export function isExternalUrl(url: string): boolean {
  return /^([a-z][a-z\d+.-]*:)?\/\//i.test(url);
}

/** The item's path without language prefix: its url when set, else the path of its menu type. */
export function navItemPath(item: NavItem): string {
  const url = item.url.trim();
  if (url) return isExternalUrl(url) || url.startsWith('/') ? url : `/${url}`;
  // A topic entry naming one topic goes to that topic's page.
  if (item.menuType === 3 && item.topicId) return `/topic/cate/${item.topicId}`;
  return MENU_TYPE_PATHS[item.menuType] ?? '/home';
}

export function isTopicItem(item: NavItem): boolean {
  return navItemPath(item).toLowerCase().includes('topic');
}

/** The item matching the current base path best (longest path), or undefined. */
export function activeNavItem(items: NavItem[], currentBasePath: string): NavItem | undefined {
  let best: NavItem | undefined;
  let bestLength = -1;
  for (const item of items) {
    const path = navItemPath(item);
    if (isExternalUrl(path)) continue;
    const p = path.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1');
    const matches = currentBasePath === p || (p !== '/' && currentBasePath.startsWith(`${p}/`));
    if (matches && p.length > bestLength) {
      best = item;
      bestLength = p.length;
    }
  }
  return best;
}

interface NavLinkProps {
  item: NavItem;
  lang: Lang;
  signedIn: boolean;
  active: boolean;
  className: string;
  newWindowText: string;
}

/**
 * One navigation entry: language-prefixed internal link or external link, new window when the item
 * asks for it. Topic entries send visitors to /login (the guard would anyway).
 */
export function NavLink({ item, lang, signedIn, active, className, newWindowText }: NavLinkProps) {
  const name = lang === 'en' ? item.nameEn || item.name : item.name;
  const path = isTopicItem(item) && !signedIn ? '/login' : navItemPath(item);
  const newWindow = item.openNewWindow ? { target: '_blank', rel: 'noopener' } : {};
  const cls = active ? `${className} is-active` : className;
  const label = (
    <>
      {name}
      {item.openNewWindow && <span className="portal-visually-hidden">{newWindowText}</span>}
    </>
  );
  if (isExternalUrl(path)) {
    return (
      <a className={cls} href={path} {...newWindow}>
        {label}
      </a>
    );
  }
  return (
    <Link className={cls} to={localePath(path, lang)} aria-current={active ? 'page' : undefined} {...newWindow}>
      {label}
    </Link>
  );
}
