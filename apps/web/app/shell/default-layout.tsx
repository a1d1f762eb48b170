import { Outlet } from 'react-router';
import { useMessages } from '../lib/i18n.ts';
import { FloatWindow } from './float-window.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header/header.tsx';
import { shellMessages } from './messages.ts';

/** The default layout (platform.md section 2): header, navigation, the page, footer, float window. */
export default function DefaultLayout() {
  const t = useMessages(shellMessages);
  return (
    <div className="portal-shell">
      <a className="portal-skip-link" href="#portal-main">
        {t.skipToContent}
      </a>
      <Header />
      <main id="portal-main" className="portal-main" tabIndex={-1}>
        <div className="portal-wrapper">
          <Outlet />
        </div>
      </main>
      <Footer />
      <FloatWindow />
    </div>
  );
}
