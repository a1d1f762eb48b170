import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { useMessages } from '../lib/i18n.ts';
import { useCurrentUser } from '../lib/root-data.ts';
import { ErrorPage } from './error-page.tsx';
import { FloatWindow } from './float-window.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header/header.tsx';
import { shellMessages } from './messages.ts';

// Signed-in pages only, after the page is up: antd and the call schemas stay out of the first load.
const SignedInPrompts = lazy(() => import('../features/account/signed-in-prompts.tsx'));

function Shell({ children }: { children: React.ReactNode }) {
  const t = useMessages(shellMessages);
  const user = useCurrentUser();
  const hydrated = useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
  return (
    <div className="portal-shell">
      <a className="portal-skip-link" href="#portal-main">
        {t.skipToContent}
      </a>
      <Header />
      <main id="portal-main" className="portal-main" tabIndex={-1}>
        <div className="portal-wrapper">{children}</div>
      </main>
      <Footer />
      <FloatWindow />
      {user && hydrated && (
        <Suspense fallback={null}>
          <SignedInPrompts />
        </Suspense>
      )}
    </div>
  );
}

/** The default layout (platform.md section 2): header, navigation, the page, footer, float window. */
export default function DefaultLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** Errors of pages in this layout (404 included) keep the header and footer around the error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'object' && error.data && 'message' in error.data
      ? String((error.data as { message: unknown }).message)
      : undefined;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Shell>
      <ErrorPage status={status} message={message} />
    </Shell>
  );
}
