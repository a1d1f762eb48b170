import { Link } from 'react-router';
import { UserIcon } from '../icons.tsx';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { useCurrentUser, useSite } from '../../lib/root-data.ts';
import { shellMessages } from '../messages.ts';
import { ExportDownloads } from './export-downloads.tsx';
import { LangSwitch } from './lang-switch.tsx';
import { MessageBell } from './message-bell.tsx';
import { SearchToggle } from './search-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * The right side of the header. Visitors: 登录, and 注册 when registration is open. Signed in: the
 * user menu (user-menu.tsx); a link to the account area while the person is not known yet.
 */
export function UserArea() {
  const { website, signedIn } = useSite();
  const user = useCurrentUser();
  const lang = useLang();
  const t = useMessages(shellMessages);
  return (
    <div className="portal-user" role="group" aria-label={t.userArea}>
      <SearchToggle />
      {user && <MessageBell />}
      {user && <ExportDownloads />}
      {user ? (
        <UserMenu user={user} />
      ) : signedIn ? (
        <Link className="portal-user-link" to={localePath('/account', lang)}>
          <UserIcon aria-hidden="true" />
          {t.account}
        </Link>
      ) : (
        <>
          <Link className="portal-user-link" to={localePath('/login', lang)}>
            {t.signIn}
          </Link>
          {website.registerOpenSet && (
            <Link className="portal-user-link portal-user-register" to={localePath('/register', lang)}>
              {t.register}
            </Link>
          )}
        </>
      )}
      <LangSwitch />
    </div>
  );
}
