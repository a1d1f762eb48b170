import { Link } from 'react-router';
import { useLang } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { useSite } from '../../lib/root-data.ts';

/** The site logo (website.userEntLogo, alt = entName), linking to /home; the name when there is no logo. */
export function Logo() {
  const { website } = useSite();
  const lang = useLang();
  return (
    <Link to={localePath('/home', lang)} className="portal-logo">
      {website.userEntLogo ? (
        <img src={website.userEntLogo} alt={website.entName} height={44} decoding="async" />
      ) : (
        <span className="portal-logo-text">{website.entName}</span>
      )}
    </Link>
  );
}
