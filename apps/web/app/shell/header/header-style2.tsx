import type { CSSProperties } from 'react';
import {
  FIXED_HEADER_HEIGHT_PX,
  HEADER_HEIGHTS,
  NAV_HEIGHT_STYLE2,
  SCROLL_THRESHOLD_PX,
} from '@portal/contract/constants';
import { NavBar } from '../nav/nav-bar.tsx';
import { Logo } from './logo.tsx';
import { UserArea } from './user-area.tsx';
import { useScrolledPast } from './use-scrolled-past.tsx';

function sizes(header: number, nav: number): CSSProperties {
  return { '--portal-header-height': `${header}px`, '--portal-nav-height': `${nav}px` } as CSSProperties;
}

/**
 * Style 2: a 100 px header (logo, user area) over a separate 60 px navigation bar in the navigation
 * colours. After more than 100 px of scroll the header is fixed on top, 190 px tall. It is the same
 * header, not a second copy: one navigation landmark, one set of tab stops. The slot keeps its
 * place in the page so nothing below it moves.
 */
export function HeaderStyle2() {
  const fixed = useScrolledPast(SCROLL_THRESHOLD_PX);
  const height = fixed ? FIXED_HEADER_HEIGHT_PX - NAV_HEIGHT_STYLE2 : HEADER_HEIGHTS[2];
  return (
    <div className="portal-header-slot" style={{ height: HEADER_HEIGHTS[2] + NAV_HEIGHT_STYLE2 }}>
      <header
        className={fixed ? 'portal-header portal-header--2 portal-header-fixed' : 'portal-header portal-header--2'}
        style={sizes(height, NAV_HEIGHT_STYLE2)}
      >
        <div className="portal-header-top">
          <div className="portal-wrapper portal-header-row">
            <Logo />
            <UserArea />
          </div>
        </div>
        <div className="portal-header-navbar">
          <div className="portal-wrapper">
            <NavBar variant="bar" />
          </div>
        </div>
      </header>
    </div>
  );
}
