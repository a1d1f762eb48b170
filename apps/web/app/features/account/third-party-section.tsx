import { App, Button, List, Tag } from 'antd';
import { findThirdPartyBindings, unbindThirdParty } from '@portal/contract/calls/third-party';
import { request } from '../../lib/api.ts';
import { useAction, useCall } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { accountMessages } from './messages.ts';
import { startThirdParty, THIRD_PARTY_KINDS, useThirdPartyProviders } from './third-party.ts';
import './account.css';

/** The account's third-party identities: bind one (through the provider) or unbind it. */
export function ThirdPartySection() {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const { modal, message } = App.useApp();
  const offered = useThirdPartyProviders();
  const { data: bound = [], reload } = useCall(findThirdPartyBindings, {}, { quiet: true });
  const unbindOne = useAction(async (kind: (typeof THIRD_PARTY_KINDS)[number]) => {
    await request(unbindThirdParty, { provider: kind });
    void message.success(t.unbound);
    await reload();
  });
  const unbind = (kind: (typeof THIRD_PARTY_KINDS)[number]) =>
    modal.confirm({
      title: t.unbind,
      content: format(t.unbindConfirm, { provider: t[kind] }),
      okText: t.confirm,
      cancelText: t.cancel,
      onOk: () => unbindOne.run(kind),
    });
  return (
    <section aria-labelledby="third-party-title" className="portal-info-section">
      <h2 id="third-party-title">{t.thirdPartySection}</h2>
      <List
        bordered
        dataSource={THIRD_PARTY_KINDS.filter((k) => offered.includes(k) || bound.some((b) => b.provider === k))}
        renderItem={(kind) => {
          const identity = bound.find((b) => b.provider === kind);
          return (
            <List.Item
              actions={[
                identity ? (
                  <Button key="unbind" type="link" onClick={() => unbind(kind)} aria-label={`${t.unbind} ${t[kind]}`}>
                    {t.unbind}
                  </Button>
                ) : (
                  <Button
                    key="bind"
                    type="link"
                    aria-label={`${t.bind} ${t[kind]}`}
                    onClick={() => void startThirdParty(kind, 'bind', lang, `${localePath('/account', lang)}?change=7`)}
                  >
                    {t.bind}
                  </Button>
                ),
              ]}
            >
              <span>
                {t[kind]} {identity ? <Tag color="success">{t.bound}</Tag> : <Tag>{t.notBound}</Tag>}
                {identity?.nickname && <span className="portal-info-note">{identity.nickname}</span>}
              </span>
            </List.Item>
          );
        }}
      />
    </section>
  );
}
