import { Link } from 'react-router';
import { viewBusinessIntro } from '@portal/contract';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { defineMessages, useLang, useMessages } from '../lib/i18n.ts';
import { localePath } from '../lib/navigation.ts';
import { RichContent } from '../features/rich-content/rich-content.tsx';
import './business-intro.css';
import type { Route } from './+types/business-intro';

const messages = defineMessages({
  zh: {
    title: '业务介绍',
    empty: '暂无业务介绍',
    failed: '数据加载失败，请稍后再试',
    join: '您的企业也想开通培训平台？',
    apply: '申请企业入驻',
  },
  en: {
    title: 'Our services',
    empty: 'No business introduction yet',
    failed: 'Failed to load data, please try again later',
    join: 'Would your organisation like a training portal of its own?',
    apply: 'Register your organisation',
  },
});

/** /business/intro: the site's business introduction (a site text, sanitised on the server). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await siteOf(request, context);
  if (!site) return { intro: null };
  const env = await callGateway(request, context, site, viewBusinessIntro, {});
  return { intro: env.code === 200 ? env.data : null };
}

export default function BusinessIntro({ loaderData }: Route.ComponentProps) {
  const { intro } = loaderData;
  const t = useMessages(messages);
  const lang = useLang();
  return (
    <article className="portal-page portal-business-intro">
      <h1 className="portal-page-title">{intro?.title || t.title}</h1>
      {!intro ? (
        <p className="portal-news-note" role="alert">
          {t.failed}
        </p>
      ) : intro.content ? (
        <RichContent html={intro.content} />
      ) : (
        <p className="portal-news-note">{t.empty}</p>
      )}
      <p className="portal-business-intro-join">
        <span>{t.join}</span>
        <Link className="portal-business-intro-apply" to={localePath('/company/in', lang)}>
          {t.apply}
        </Link>
      </p>
    </article>
  );
}
