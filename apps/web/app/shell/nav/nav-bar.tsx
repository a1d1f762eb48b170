import { useLocation } from 'react-router';
import type { NavItem } from '@portal/contract';
import { NAV_INLINE_ITEMS, NAV_POPOVER_ABOVE } from '@portal/contract/constants';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { basePath } from '../../lib/navigation.ts';
import { useSite } from '../../lib/root-data.ts';
import { Disclosure } from '../disclosure.tsx';
import { DownIcon } from '../icons.tsx';
import { shellMessages } from '../messages.ts';
import { activeNavItem, isTopicItem, NavLink } from './nav-link.tsx';
import { TopicMenu } from './topic-menu.tsx';

/**
 * How the navigation sits in the header: `inline` in the style-1 header bar, `bar` as the
 * separate coloured bar of style 2, `underline` right-aligned in the style-3 header.
 */
type NavVariant = 'inline' | 'bar' | 'underline';

/**
 * The site's navigation (loaded with the site on the server), in order. More than 6 items: the first
 * 5 inline and the rest in a 更多 popover; 6 or fewer: all inline.
 */
export function NavBar({ variant }: { variant: NavVariant }) {
  const { nav, signedIn } = useSite();
  const lang = useLang();
  const t = useMessages(shellMessages);
  const { pathname } = useLocation();
  const active = activeNavItem(nav, basePath(pathname));
  const overflow = nav.length > NAV_POPOVER_ABOVE;
  const inline = overflow ? nav.slice(0, NAV_INLINE_ITEMS) : nav;
  const rest = overflow ? nav.slice(NAV_INLINE_ITEMS) : [];
  if (nav.length === 0) return null;
  const link = (item: NavItem, className: string) => (
    <NavLink
      item={item}
      lang={lang}
      signedIn={signedIn}
      active={item === active}
      className={className}
      newWindowText={t.newWindow}
    />
  );
  return (
    <nav className={`portal-nav portal-nav--${variant}`} aria-label={t.mainNav}>
      <ul className="portal-nav-list">
        {inline.map((item) => (
          <li key={item.id} className="portal-nav-item">
            {signedIn && isTopicItem(item) ? (
              <TopicMenu
                name={lang === 'en' ? item.nameEn || item.name : item.name}
                active={item === active}
                className="portal-nav-link"
              />
            ) : (
              link(item, 'portal-nav-link')
            )}
          </li>
        ))}
        {rest.length > 0 && (
          <li className="portal-nav-item">
            <MoreMenu label={t.more}>
              <ul className="portal-nav-more-list">
                {rest.map((item) => (
                  <li key={item.id}>{link(item, 'portal-nav-more-link')}</li>
                ))}
              </ul>
            </MoreMenu>
          </li>
        )}
      </ul>
    </nav>
  );
}

/**
 * The 更多 / More button is a menu, not a page: it is never shown as the current item (the current
 * page's entry inside it carries aria-current when the panel opens).
 */
function MoreMenu({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Disclosure
      className="portal-nav-more-wrap"
      buttonClassName="portal-nav-link portal-nav-more"
      panelClassName="portal-nav-more-panel"
      button={
        <>
          {label}
          <DownIcon className="portal-nav-more-icon" />
        </>
      }
    >
      {children}
    </Disclosure>
  );
}
