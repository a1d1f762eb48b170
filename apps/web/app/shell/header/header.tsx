import type { CSSProperties } from 'react';
import { HEADER_HEIGHTS } from '@portal/contract/constants';
import { useSite } from '../../lib/root-data.ts';
import { NavBar } from '../nav/nav-bar.tsx';
import { HeaderStyle2 } from './header-style2.tsx';
import { Logo } from './logo.tsx';
import { UserArea } from './user-area.tsx';

/** `--portal-header-height` for a header bar, from the layout constants. */
function headerHeight(px: number): CSSProperties {
  return { '--portal-header-height': `${px}px` } as CSSProperties;
}

/**
 * The header in the site's pc navigation style (website.websiteThemeColor.pcNavThemeStyle):
 * 1 a 66 px bar with the navigation inline, 2 a 100 px header over a 60 px navigation bar,
 * 3 the 75 px white header with the navigation right-aligned and underlined.
 */
export function Header() {
  const style = useSite().website.websiteThemeColor.pcNavThemeStyle;
  if (style === 2) return <HeaderStyle2 />;
  const three = style === 3;
  return (
    <header
      className={`portal-header portal-header--${three ? 3 : 1}`}
      style={headerHeight(HEADER_HEIGHTS[three ? 3 : 1])}
    >
      <div className="portal-wrapper portal-header-row">
        <Logo />
        <NavBar variant={three ? 'underline' : 'inline'} />
        <UserArea />
      </div>
    </header>
  );
}
