import { Outlet } from 'react-router';
import { Logo } from './header/logo.tsx';

/**
 * The blank layout (platform.md section 2): the tenant theme without header, navigation or footer;
 * the site logo on top links home. Sign-in, registration, exam and the players use it.
 */
export default function BlankLayout() {
  return (
    <div className="portal-blank">
      <header className="portal-blank-header">
        <div className="portal-wrapper">
          <Logo />
        </div>
      </header>
      <main id="portal-main" className="portal-blank-main">
        <div className="portal-wrapper">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
