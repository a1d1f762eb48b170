import { Link, useLocation } from 'react-router';
import { LANG_COOKIE, LANG_COOKIE_DAYS } from '@portal/contract/constants';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { basePath, localePath, type Lang } from '../../lib/navigation.ts';
import { useSite } from '../../lib/root-data.ts';
import { shellMessages } from '../messages.ts';

function rememberLang(lang: Lang): void {
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${LANG_COOKIE_DAYS * 24 * 60 * 60}; SameSite=Lax`;
}

/**
 * 中文 / English: the same page in the other language; the choice is kept in the i18n_redirected
 * cookie for 365 days. Hidden on English sites, where every path is sent to its /en form anyway.
 */
export function LangSwitch() {
  const { website } = useSite();
  const lang = useLang();
  const t = useMessages(shellMessages);
  const { pathname, search, hash } = useLocation();
  if (website.lang === 'en') return null;
  const other: Lang = lang === 'en' ? 'zh' : 'en';
  return (
    <Link
      className="portal-lang-switch"
      to={localePath(basePath(pathname), other) + search + hash}
      lang={other === 'en' ? 'en' : 'zh-CN'}
      hrefLang={other === 'en' ? 'en' : 'zh-CN'}
      onClick={() => rememberLang(other)}
    >
      {other === 'en' ? t.switchToEn : t.switchToZh}
    </Link>
  );
}
