import { Link } from 'react-router';
import { LAYOUT_WIDTH } from '@portal/contract/constants';
import type { TopicBanner } from '@portal/contract/calls/topic';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { isExternalUrl } from '../../shell/nav/nav-link.tsx';
import { topicMessages } from './topic-messages.ts';
import '../home/banner.css';
import './topic.css';

/** Topic banners are drawn like the home page's: 1200 × 360, scaled to the page width. */
const WIDTH = LAYOUT_WIDTH;
const HEIGHT = 360;

function BannerImage({ banner, first }: { banner: TopicBanner; first: boolean }) {
  return (
    <img
      className="portal-banner-img"
      src={banner.imageUrl}
      alt={banner.title}
      width={WIDTH}
      height={HEIGHT}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
    />
  );
}

/**
 * The banners at the top of a topic page: one banner, or a strip that scrolls (and snaps) from one
 * banner to the next. No script: it works in the server-rendered page as it is.
 */
export function TopicBanners({ banners }: { banners: TopicBanner[] }) {
  const t = useMessages(topicMessages);
  const lang = useLang();
  if (banners.length === 0) return null;
  const several = banners.length > 1;
  return (
    <section
      className="portal-topic-banners"
      aria-label={t.banners}
      // A strip that scrolls is reachable from the keyboard.
      {...(several ? { tabIndex: 0 } : {})}
    >
      <ul className="portal-topic-banner-track">
        {banners.map((banner, i) => {
          const url = banner.linkUrl.trim();
          const image = <BannerImage banner={banner} first={i === 0} />;
          return (
            <li key={banner.id} className="portal-topic-banner">
              {!url ? (
                image
              ) : isExternalUrl(url) ? (
                <a className="portal-banner-link" href={url} target="_blank" rel="noopener">
                  {image}
                </a>
              ) : (
                <Link className="portal-banner-link" to={localePath(url.startsWith('/') ? url : `/${url}`, lang)}>
                  {image}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
