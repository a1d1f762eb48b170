import { useEffect } from 'react';
import { Modal } from 'antd';
import { FIRST_VISIT_COOKIE, FIRST_VISIT_TTL_MS } from '@portal/contract/constants';
import { defineMessages, useMessages } from '../lib/i18n.ts';
import { useSite } from '../lib/root-data.ts';
import { AntdRoot } from '../features/antd/antd-root.tsx';

const messages = defineMessages({
  zh: {
    title: '温馨提示',
    body: '您当前访问的地址不是本平台的正确访问地址，继续使用将导致部分功能无法正常使用。请前往正确地址访问，或联系平台管理员。',
    correct: '正确地址：',
    go: '确认前往',
  },
  en: {
    title: 'Notice',
    body: 'The address you are visiting is not the correct address of this platform; continuing here will disable some functions. Please go to the correct address or contact the administrator.',
    correct: 'Correct address: ',
    go: 'Go there',
  },
});

/** The address to go to: same path and query on the configured host, same scheme and port. */
function correctAddress(current: URL, correctDomain: string): string {
  const target = new URL(current.href);
  target.hostname = correctDomain;
  target.searchParams.delete('eid');
  return target.href;
}

/**
 * The wrong-domain alert (platform.md section 2): when the visited host is not the site's configured
 * correct domain (root.tsx decides; this module loads only then). Checked once a half day
 * (first-visit cookie); not in development.
 */
export function WrongDomainAlert() {
  const site = useSite();
  const t = useMessages(messages);
  const correct = site.website.correctDomain.toLowerCase();
  useEffect(() => {
    const expires = new Date(Date.now() + FIRST_VISIT_TTL_MS).toUTCString();
    document.cookie = `${FIRST_VISIT_COOKIE}=1; Path=/; Expires=${expires}; SameSite=Lax`;
  }, []);
  return (
    <AntdRoot>
      <Modal
        open
        title={t.title}
        closable={false}
        maskClosable={false}
        keyboard={false}
        okText={t.go}
        cancelButtonProps={{ style: { display: 'none' } }}
        onOk={() => window.location.assign(correctAddress(new URL(window.location.href), correct))}
      >
        <p>{t.body}</p>
        <p>
          {t.correct}
          {typeof window === 'undefined'
            ? correct
            : new URL(correctAddress(new URL(window.location.href), correct)).host}
        </p>
      </Modal>
    </AntdRoot>
  );
}
