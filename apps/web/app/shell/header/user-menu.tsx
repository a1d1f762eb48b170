import { Link } from 'react-router';
import { countOrders } from '@portal/contract/calls/order';
import { request } from '../../lib/api.ts';
import { useLoad } from '../../lib/use-call.ts';
import { menuMessages } from './menu-messages.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import type { CurrentUser } from '../../lib/root-data.ts';
import { useSite } from '../../lib/root-data.ts';
import { Disclosure } from '../disclosure.tsx';
import { UserIcon } from '../icons.tsx';

/** The dropdown's entries in the spec's order: /account?change=N, hidden by accountHidePage. */
const ENTRIES = [7, 1, 2, 3, 4, 8, 9, 10] as const;

/** The keys listed in individuationOptions.accountHidePage ("1,4,9"). */
export function hiddenEntries(accountHidePage: string | undefined): Set<number> {
  return new Set(
    (accountHidePage ?? '')
      .split(',')
      .map((k) => Number(k.trim()))
      .filter((n) => Number.isInteger(n)),
  );
}

const loadSignOut = () => import('../../features/account/sign-out.ts');

/**
 * The signed-in person's menu in the header (account-area.md section 2): name, the account-area
 * entries the site does not hide, total hours or points (studyScoreType), certificates, sign-out
 * after a confirmation; the admin button for administrators.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const t = useMessages(menuMessages);
  const lang = useLang();
  const { website } = useSite();
  const hidden = hiddenEntries(website.individuationOptions.accountHidePage);
  const account = (change: number, extra = '') => `${localePath('/account', lang)}?change=${change}${extra}`;
  const scoreLabel = website.studyScoreType === 2 ? t.hours : t.credits;

  const signOut = () =>
    void loadSignOut().then(({ confirmSignOut }) =>
      confirmSignOut(
        { title: t.signOut, content: t.signOutConfirm, okText: t.confirm, cancelText: t.cancel },
        website.websiteThemeColor,
        lang,
      ),
    );

  return (
    <>
      {user.isAdmin && (
        <a className="portal-user-link portal-user-admin" href="/crm/" target="_blank" rel="noopener">
          {t.admin}
        </a>
      )}
      <Disclosure
        className="portal-user-menu"
        buttonClassName="portal-user-link portal-user-name"
        panelClassName="portal-user-panel"
        button={
          <>
            <UserIcon aria-hidden="true" />
            <span>{user.userName || user.realName || user.phone}</span>
          </>
        }
      >
        <nav aria-label={t.menu}>
          <ul className="portal-user-entries">
            {ENTRIES.filter((n) => !hidden.has(n)).map((n) => (
              <li key={n}>
                {n === 4 ? <OrdersEntry to={account(4)} /> : <Link to={account(n)}>{t[`change${n}`]}</Link>}
              </li>
            ))}
          </ul>
          <ul className="portal-user-totals">
            {!hidden.has(3) && (
              <>
                <li>
                  <Link to={account(3, '&recordType=1')}>
                    {scoreLabel} <strong>{user.creditHour}</strong>
                  </Link>
                </li>
                <li>
                  <Link to={account(3, '&recordType=2')}>
                    {t.certificates} <strong>{user.certificateCount}</strong>
                  </Link>
                </li>
              </>
            )}
          </ul>
          <button type="button" className="portal-user-signout" onClick={signOut}>
            {t.signOut}
          </button>
        </nav>
      </Disclosure>
    </>
  );
}

/**
 * 我的订单, highlighted while unpaid orders exist (orderUnPaidNum, account-area.md section 3). The
 * panel's entries exist only while it is open, so the count is asked for when the menu opens, not
 * on every page.
 */
function OrdersEntry({ to }: { to: string }) {
  const t = useMessages(menuMessages);
  const orders = useLoad((signal) => request(countOrders, {}, { signal, quiet: true }), []);
  const unpaid = orders.data?.prePayOrderNum ?? 0;
  return unpaid > 0 ? (
    <Link to={`${to}&status=1`} className="portal-user-entry-alert">
      {t.change4} <span className="portal-user-badge">{format(t.unpaidOrders, { n: unpaid })}</span>
    </Link>
  ) : (
    <Link to={to}>{t.change4}</Link>
  );
}
