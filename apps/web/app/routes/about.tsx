import { DEFAULT_CONTACT_PHONE } from '@portal/contract/constants';
import { defineMessages, useLang, useMessages } from '../lib/i18n.ts';
import { useSite } from '../lib/root-data.ts';
import './about.css';

const messages = defineMessages({
  zh: { title: '关于我们', phone: '联系电话' },
  en: { title: 'About us', phone: 'Phone' },
});

/** About us: the site description and contact phone (the platform default when the site has none). */
export default function About() {
  const { website } = useSite();
  const t = useMessages(messages);
  const colon = useLang() === 'en' ? ': ' : '：';
  return (
    <section className="portal-page portal-about">
      <h1 className="portal-page-title">{t.title}</h1>
      {website.websiteDesc && <p className="portal-about-text">{website.websiteDesc}</p>}
      <p className="portal-about-phone">
        {t.phone}
        {colon}
        {website.contactPhone.trim() || DEFAULT_CONTACT_PHONE}
      </p>
    </section>
  );
}
