import { SUCCESS_CODES, viewAgreement } from '@portal/contract';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { defineMessages, useMessages } from '../lib/i18n.ts';
import { RichContent } from '../features/rich-content/rich-content.tsx';
import type { Route } from './+types/agreement';

const messages = defineMessages({
  zh: { title: '平台协议', failed: '网络繁忙，请稍后再试' },
  en: { title: 'Agreement', failed: 'Network busy, please try again later' },
});

type AgreementType = 'serviceAgreement' | 'privacyAgreement';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type: AgreementType =
    url.searchParams.get('type') === 'privacyAgreement' ? 'privacyAgreement' : 'serviceAgreement';
  const site = await siteOf(request, context);
  if (!site) return { type, agreement: null, message: '' };
  const env = await callGateway(request, context, site, viewAgreement, { type });
  if (SUCCESS_CODES.includes(env.code) && env.data) {
    return { type, agreement: { title: env.data.title, content: env.data.content }, message: '' };
  }
  return { type, agreement: null, message: env.message };
}

/** A site agreement (?type=serviceAgreement, the default, or privacyAgreement). */
export default function Agreement({ loaderData }: Route.ComponentProps) {
  const { agreement, message } = loaderData;
  const t = useMessages(messages);
  if (!agreement) {
    return (
      <section className="portal-page portal-agreement">
        <h1 className="portal-page-title">{t.title}</h1>
        <p className="portal-agreement-message" role="alert">
          {message || t.failed}
        </p>
      </section>
    );
  }
  return (
    <article className="portal-page portal-agreement">
      <h1 className="portal-page-title">{agreement.title}</h1>
      <RichContent html={agreement.content} />
    </article>
  );
}
