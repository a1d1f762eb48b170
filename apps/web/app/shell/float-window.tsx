import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { WebsiteInfo } from '@portal/contract';
import { QR_CODE_SIZE, SCROLL_THRESHOLD_PX } from '@portal/contract/constants';
import { format, useLang, useMessages } from '../lib/i18n.ts';
import { basePath, localePath } from '../lib/navigation.ts';
import { useCurrentUser, useSite } from '../lib/root-data.ts';
import { Disclosure } from './disclosure.tsx';
import { useScrolledPast } from './header/use-scrolled-past.tsx';
import {
  CloseIcon,
  CustomerServiceIcon,
  MessageIcon,
  MobileIcon,
  QrcodeIcon,
  RobotIcon,
  VerticalAlignTopIcon,
} from './icons.tsx';
import { shellMessages } from './messages.ts';
import { request } from '../lib/api.ts';
import { useLoad } from '../lib/use-call.ts';
import { prefersReducedMotion } from '../lib/reduced-motion.ts';
import { launcherMessages, preloadAssistant, useAssistantDrawer } from '../features/assistant/launcher.tsx';

// The QR encoder loads only when a QR code is first shown (keeps it out of the first load).
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));
// The message dialog (antd and the call schemas) loads on the first click of 在线留言.
const FloatMessage = lazy(() => import('../features/message/float-message.tsx'));

/**
 * A QR code of an address on or off this site (150 px, correction level H, margin 2) with its
 * caption. Popover content: it renders only in the browser, when first opened.
 */
function QrPanel({
  url,
  image,
  caption,
  note,
}: {
  url: string;
  image?: string | undefined;
  caption: string;
  note?: React.ReactNode;
}) {
  return (
    <figure className="portal-qr">
      {image ? (
        <img src={image} alt={caption} width={QR_CODE_SIZE} height={QR_CODE_SIZE} />
      ) : (
        <Suspense
          fallback={<div className="portal-qr-placeholder" style={{ width: QR_CODE_SIZE, height: QR_CODE_SIZE }} />}
        >
          <QRCodeSVG
            value={new URL(url, window.location.origin).href}
            size={QR_CODE_SIZE}
            level="H"
            marginSize={2}
            title={caption}
          />
        </Suspense>
      )}
      <figcaption>
        {caption}
        {note}
      </figcaption>
    </figure>
  );
}

/**
 * The latest Android version under the app QR code, asked of the gateway when the panel opens
 * (through the request layer, so its errors follow the catalogue). The call's declaration loads
 * with it, keeping the contract's schemas out of the first load.
 */
function AppVersionNote({ eid }: { eid: number }) {
  const t = useMessages(shellMessages);
  const { data: latest } = useLoad(
    async (signal) => {
      const { viewLatestAndroid } = await import('@portal/contract/calls/system');
      return request(viewLatestAndroid, { eid }, { signal });
    },
    [eid],
  );
  const version = latest?.versionName;
  if (!version) return null;
  return <span className="portal-qr-version">{format(t.latestVersion, { version })}</span>;
}

function FloatButton({
  icon,
  label,
  onClick,
  onPrepare,
}: {
  icon: React.ReactNode;
  label: string;
  onClick?: () => void;
  /** The pointer is over it or it has the focus: what its click opens can start loading. */
  onPrepare?: () => void;
}) {
  return (
    <button type="button" className="portal-float-btn" onClick={onClick} onPointerEnter={onPrepare} onFocus={onPrepare}>
      {icon}
      <span className="portal-float-label">{label}</span>
    </button>
  );
}

function QrEntry({ icon, label, content }: { icon: React.ReactNode; label: string; content: React.ReactNode }) {
  return (
    <Disclosure
      buttonClassName="portal-float-btn"
      panelClassName="portal-float-panel"
      button={
        <>
          {icon}
          <span className="portal-float-label">{label}</span>
        </>
      }
    >
      {content}
    </Disclosure>
  );
}

const CS_CLOSED_KEY = 'portal:customer-service-closed';
const csListeners = new Set<() => void>();
/** Closed on this page even when sessionStorage is unavailable. */
let hiddenThisPage = false;

function subscribeCs(listener: () => void): () => void {
  csListeners.add(listener);
  return () => csListeners.delete(listener);
}

function csClosed(): boolean {
  try {
    return sessionStorage.getItem(CS_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

function closeCs(): void {
  try {
    sessionStorage.setItem(CS_CLOSED_KEY, '1');
  } catch {
    // Storage unavailable: hidden until the next page load only.
  }
  hiddenThisPage = true;
  for (const l of csListeners) l();
}

/** The customer-service entrance of the home page; closing it hides it for the browser session. */
function CustomerServiceEntrance({ options }: { options: WebsiteInfo['individuationOptions'] }) {
  const t = useMessages(shellMessages);
  const closed = useSyncExternalStore(
    subscribeCs,
    () => hiddenThisPage || csClosed(),
    // Not rendered on the server: whether it was closed is only known in the browser.
    () => true,
  );
  if (closed || !options.indexCustomerServiceLink) return null;
  const text = options.pcSfjIndexCustomerServiceText || t.customerService;
  return (
    <div className="portal-cs">
      <a className="portal-cs-link" href={options.indexCustomerServiceLink} target="_blank" rel="noopener noreferrer">
        {options.pcSfjIndexCustomerServiceEntranceImg ? (
          <img src={options.pcSfjIndexCustomerServiceEntranceImg} alt={text} width={80} />
        ) : (
          <>
            <CustomerServiceIcon aria-hidden="true" className="portal-cs-icon" />
            <span>{text}</span>
          </>
        )}
        <span className="portal-visually-hidden">{t.newWindow}</span>
      </a>
      <button
        type="button"
        className="portal-cs-close"
        aria-label={t.closeCustomerService}
        onClick={(e) => {
          // The entrance goes away: focus moves on to the float window's next control.
          const next = e.currentTarget
            .closest('.portal-float')
            ?.querySelector<HTMLElement>('.portal-float-list button, .portal-float-list a');
          closeCs();
          next?.focus();
        }}
      >
        <CloseIcon aria-hidden="true" />
      </button>
    </div>
  );
}

function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/**
 * The float window at the right side: app QR code (when app download is on), mobile-site QR code
 * (when the site has an H5 address), the AI study assistant (a visitor is asked to sign in), back
 * to top after 100 px of scroll, and on the home page the customer-service entrance when the site
 * turns it on.
 */
export function FloatWindow() {
  const { website } = useSite();
  // Online message: signed in to an enterprise (the person is known).
  const signedIn = useCurrentUser() !== null;
  const lang = useLang();
  const t = useMessages(shellMessages);
  // null until first opened (nothing loaded), then whether the dialog shows.
  const [messageOpen, setMessageOpen] = useState<boolean | null>(null);
  const assistant = useAssistantDrawer();
  const tl = useMessages(launcherMessages);
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const options = website.individuationOptions;
  const showCs = basePath(pathname) === '/home' && options.indexCustomerServiceEntranceOpenSet === true;
  const showApp = website.isEnableAppDownload;
  const showH5 = website.h5Url.trim() !== '';
  return (
    <aside className="portal-float" aria-label={t.floatWindow}>
      {showCs && <CustomerServiceEntrance options={options} />}
      <ul className="portal-float-list">
        {showApp && (
          <li>
            <QrEntry
              icon={<MobileIcon aria-hidden="true" />}
              label={t.appDownload}
              content={
                <QrPanel
                  url={localePath('/app/download', lang)}
                  image={website.appDownloadQrCode || undefined}
                  caption={t.appQr}
                  note={<AppVersionNote eid={website.eid} />}
                />
              }
            />
          </li>
        )}
        {showH5 && (
          <li>
            <QrEntry
              icon={<QrcodeIcon aria-hidden="true" />}
              label={t.mobileSite}
              content={<QrPanel url={website.h5Url.trim()} caption={t.mobileQr} />}
            />
          </li>
        )}
        <li>
          <FloatButton
            icon={<RobotIcon aria-hidden="true" />}
            label={tl.float}
            onClick={assistant.open}
            onPrepare={preloadAssistant}
          />
        </li>
        {signedIn && (
          <li>
            <FloatButton
              icon={<MessageIcon aria-hidden="true" />}
              label={t.onlineMessage}
              onClick={() => setMessageOpen(true)}
            />
          </li>
        )}
        {scrolled && (
          <li>
            <FloatButton icon={<VerticalAlignTopIcon aria-hidden="true" />} label={t.backToTop} onClick={scrollToTop} />
          </li>
        )}
      </ul>
      {signedIn && messageOpen !== null && (
        <Suspense fallback={null}>
          <FloatMessage open={messageOpen} onClose={() => setMessageOpen(false)} />
        </Suspense>
      )}
      {assistant.drawer}
    </aside>
  );
}
