import { useMessages } from '../../lib/i18n.ts';
import { useSite } from '../../lib/root-data.ts';
import { shellMessages } from '../../shell/messages.ts';
import './home.css';

/**
 * The home page's system-links zone: the site's links (/system/api/sys/link/list, already in the
 * root data for the footer) as tiles, each opening in a new tab. Nothing when the site has none.
 */
export function LinksZone({ id, title }: { id: number; title: string }) {
  const { links } = useSite();
  const t = useMessages(shellMessages);
  if (links.length === 0) return null;
  return (
    <section className="portal-zone portal-links-zone" aria-labelledby={`zone-${id}`}>
      <div className="portal-zone-head">
        <h2 id={`zone-${id}`} className="portal-zone-title">
          {title}
        </h2>
      </div>
      <ul className="portal-links-zone-list">
        {links.map((link) => (
          <li key={link.id}>
            <a href={link.url} target="_blank" rel="noopener noreferrer">
              {link.name}
              <span className="portal-visually-hidden">{t.newWindow}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
