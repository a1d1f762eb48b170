import { Link } from 'react-router';
import { defineMessages, useLang, useMessages } from '../lib/i18n.ts';
import { localePath } from '../lib/navigation.ts';

const messages = defineMessages({
  zh: { notFound: '该页面不存在', home: '返回首页 >', failed: '页面出错了', code: '错误代码' },
  en: { notFound: 'This page does not exist', home: 'Back to home >', failed: 'Something went wrong', code: 'Error' },
});

/**
 * The error page (platform.md section 2): 404 says 该页面不存在 with 返回首页 >; other errors their
 * status or 500. 403 (the back office to someone who does not administer the enterprise) also
 * leads home.
 */
export function ErrorPage({ status, message }: { status: number; message?: string | undefined }) {
  const t = useMessages(messages);
  const lang = useLang();
  const text = message ?? (status === 404 ? t.notFound : t.failed);
  return (
    <section className="portal-error-page">
      <p className="portal-error-status" aria-hidden="true">
        {status}
      </p>
      <h1 className="portal-error-message">{text}</h1>
      {status === 404 || status === 403 ? (
        <Link className="portal-error-home" to={localePath('/home', lang)}>
          {t.home}
        </Link>
      ) : (
        <p className="portal-error-code">
          {t.code} {status}
        </p>
      )}
    </section>
  );
}
