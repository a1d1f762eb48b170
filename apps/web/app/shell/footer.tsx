import { DEFAULT_CONTACT_PHONE } from '@portal/contract/constants';
import { useLang, useMessages } from '../lib/i18n.ts';
import { useSite } from '../lib/root-data.ts';
import { shellMessages } from './messages.ts';

/** The MIIT filing lookup the ICP number links to. */
const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';

/**
 * The standard footer: friendly links (new tab), copyright, ICP and public-security filing numbers
 * and the contact phone (the platform default when the site has none), in the footer colours.
 */
export function Footer() {
  const { website, links } = useSite();
  const t = useMessages(shellMessages);
  const colon = useLang() === 'en' ? ': ' : '：';
  const phone = website.contactPhone.trim() || DEFAULT_CONTACT_PHONE;
  return (
    <footer className="portal-footer">
      <div className="portal-wrapper">
        {links.length > 0 && (
          <nav className="portal-footer-links" aria-label={t.friendlyLinks}>
            <span className="portal-footer-links-title" aria-hidden="true">
              {t.friendlyLinks}
            </span>
            <ul>
              {links.map((link) => (
                <li key={link.id}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.name}
                    <span className="portal-visually-hidden">{t.newWindow}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="portal-footer-info">
          {website.websiteCopyright && <span>{website.websiteCopyright}</span>}
          {website.websiteIcpNo && (
            <a href={ICP_LOOKUP_URL} target="_blank" rel="noopener noreferrer">
              {website.websiteIcpNo}
              <span className="portal-visually-hidden">{t.newWindow}</span>
            </a>
          )}
          {website.websitePrnNo && <span>{website.websitePrnNo}</span>}
          <span>
            {t.contactPhone}
            {colon}
            {phone}
          </span>
        </div>
      </div>
    </footer>
  );
}
