import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Empty, List, Spin, Tag } from 'antd';
import { chooseEnterprise, findEnterprises } from '@portal/contract/calls/account';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { safeRedirect } from '../features/account/form-rules.ts';
import { accountMessages } from '../features/account/messages.ts';
import { menuMessages } from '../shell/header/menu-messages.ts';
import { request } from '../lib/api.ts';
import { useAction, useCall } from '../lib/use-call.ts';
import { useLang, useMessages } from '../lib/i18n.ts';
import { localePath } from '../lib/navigation.ts';
import '../features/account/account.css';

/** /company: a person of several enterprises chooses one (also where code 309 leads). */
function ChooseEnterprise() {
  const t = useMessages(accountMessages);
  const menu = useMessages(menuMessages);
  const lang = useLang();
  const [params] = useSearchParams();
  const { data, error } = useCall(findEnterprises, {});
  const list = data ?? (error ? [] : null);
  const choose = useAction(async (eid: number) => {
    const { siteUrl } = await request(chooseEnterprise, { eid });
    // The new session is the cookie the answer set; the whole page starts from it. An enterprise
    // with its own address is opened there, signed in by the one-time link.
    const target = safeRedirect(params.get('redirect'), localePath('/home', lang));
    window.location.assign(siteUrl ? `${siteUrl}&redirect=${encodeURIComponent(target)}` : target);
    return eid;
  });
  // The enterprise being entered (still, once the page is on its way there).
  const [choosing, setChoosing] = useState<number | null>(null);
  const enter = (eid: number) => {
    setChoosing(eid);
    void choose.run(eid).then((done) => done === undefined && setChoosing(null));
  };
  // Loaded on use, like the header's sign-out (sign-out.ts carries the confirmation dialog).
  const signOut = () => import('../features/account/sign-out.ts').then((m) => m.signOutNow(lang));
  return (
    <section className="portal-company" aria-labelledby="company-title">
      <h1 id="company-title" className="portal-page-title">
        {t.chooseTitle}
      </h1>
      <p>{t.chooseHint}</p>
      {list === null ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={t.noEnterprises} />
      ) : (
        <List
          bordered
          dataSource={list}
          renderItem={(e) => (
            <List.Item
              actions={[
                <Button
                  key="enter"
                  type="primary"
                  disabled={e.disabled}
                  loading={choosing === e.eid}
                  onClick={() => enter(e.eid)}
                  // The visible 进入 must be part of the name (WCAG 2.5.3): antd would show 进 入.
                  autoInsertSpace={false}
                  aria-label={`${t.enter} ${e.entName}`}
                >
                  {t.enter}
                </Button>,
              ]}
            >
              <span className="portal-company-name">
                {e.entName}
                {e.current && <Tag color="blue">{t.current}</Tag>}
                {e.disabled && <Tag>{t.disabled}</Tag>}
              </span>
            </List.Item>
          )}
        />
      )}
      <Button type="link" onClick={() => void signOut()}>
        {menu.signOut}
      </Button>
    </section>
  );
}

export default function CompanyPage() {
  return (
    <AntdRoot>
      <ChooseEnterprise />
    </AntdRoot>
  );
}
