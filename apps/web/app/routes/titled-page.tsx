import { useLocation } from 'react-router';
import { useLang } from '../lib/i18n.ts';
import { basePath } from '../lib/navigation.ts';
import { findPage } from '../pages.ts';

/** A page whose content later work fills: it renders inside its layout with its title only. */
export default function TitledPage() {
  const { pathname } = useLocation();
  const lang = useLang();
  const page = findPage(basePath(pathname));
  return (
    <section className="portal-page">
      <h1 className="portal-page-title">{page?.title[lang] ?? ''}</h1>
    </section>
  );
}
