import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Result, Spin } from 'antd';
import {
  bindDingTalk,
  bindWeChat,
  bindWeCom,
  loginByDingTalk,
  loginByWeChat,
  loginByWeCom,
} from '@portal/contract/calls/third-party';
import { viewHandoff, loginByHandoff } from '@portal/contract/calls/account';
import { ErrorCode, SUCCESS_CODES } from '@portal/contract/errors';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { accountMessages } from '../features/account/messages.ts';
import { keepTicket, takePending, type ThirdPartyKind } from '../features/account/third-party.ts';
import { request } from '../lib/api.ts';
import { useAction, useCall } from '../lib/use-call.ts';
import { format, useLang, useMessages } from '../lib/i18n.ts';
import { safeRedirect } from '../features/account/form-rules.ts';
import { localePath } from '../lib/navigation.ts';

const LOGIN = { dingding: loginByDingTalk, weixin: loginByWeChat, workWeixin: loginByWeCom } as const;
const BIND = { dingding: bindDingTalk, weixin: bindWeChat, workWeixin: bindWeCom } as const;

/**
 * /callbackLogin: where a provider sends the browser back with a code. The state must be the one
 * this tab started with; then the code signs in (or, unknown, leads to /thirdLogin to bind it) or
 * binds the identity to the signed-in account.
 */
function Callback() {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const [failed, setFailed] = useState('');
  // Not a load (decision 018): the provider's code is good once, so this exchange runs once, is
  // never aborted or repeated, and every way it ends is shown on this page.
  useEffect(() => {
    void (async () => {
      const params = new URLSearchParams(window.location.search);
      const pending = takePending(params.get('state'));
      const code = params.get('code');
      if (!pending || !code) return setFailed(t.stateExpired);
      const provider: ThirdPartyKind = pending.provider;
      const input = { code, redirectUri: pending.redirectUri };
      if (pending.mode === 'bind') {
        try {
          await request(BIND[provider], input);
          void navigate(`${localePath('/account', lang)}?change=7`);
        } catch (err) {
          setFailed(err instanceof Error ? err.message : t.stateExpired);
        }
        return;
      }
      // The raw envelope, whatever its code; only a network failure (already toasted) gives none.
      const env = await request(LOGIN[provider], { ...input, _No_dispose: true }).catch(() => null);
      if (!env) return setFailed(t.stateExpired);
      if (SUCCESS_CODES.includes(env.code)) {
        const next = env.data.chooseEnterprise
          ? `${localePath('/company', lang)}?redirect=${encodeURIComponent(pending.next)}`
          : pending.next;
        window.location.assign(next);
        return;
      }
      if (env.code === ErrorCode.THIRD_PARTY_UNBOUND) {
        keepTicket((env.data as unknown as { bindTicket: string }).bindTicket, provider, pending.next);
        void navigate(localePath('/thirdLogin', lang), { replace: true });
        return;
      }
      setFailed(env.message);
    })();
  }, [lang, navigate, t.stateExpired]);

  if (failed) {
    return (
      <Result status="warning" title={failed} extra={<Link to={localePath('/login', lang)}>{t.backToSignIn}</Link>} />
    );
  }
  return <Spin tip={t.signingIn} size="large" fullscreen />;
}

/**
 * /callbackLogin?handoff=…: the enterprise chosen elsewhere lives at this address; the link carries
 * the session here once the person confirms who is signing in (a link alone never signs anyone in).
 */
function Handoff({ ticket }: { ticket: string }) {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const info = useCall(viewHandoff, { ticket }, { quiet: true });
  const who = info.data;
  const failed = info.error ? (info.error instanceof Error ? info.error.message : t.stateExpired) : '';
  // Signed in: the page is left for the target (the button stays busy until then).
  const [leaving, setLeaving] = useState(false);
  const signIn = useAction(async () => {
    await request(loginByHandoff, { ticket });
    setLeaving(true);
    const params = new URLSearchParams(window.location.search);
    window.location.assign(safeRedirect(params.get('redirect'), localePath('/home', lang)));
  });
  const login = localePath('/login', lang);
  if (failed) {
    return <Result status="warning" title={failed} extra={<Link to={login}>{t.backToSignIn}</Link>} />;
  }
  // The same spinner as the provider callback's, so the server's page and the first render agree.
  if (!who) return <Spin tip={t.signingIn} size="large" fullscreen />;
  return (
    <Result
      status="info"
      title={t.handoffTitle}
      subTitle={format(t.handoffBody, { name: who.userName, phone: who.phone, entName: who.entName })}
      extra={[
        <Button key="go" type="primary" loading={signIn.running || leaving} onClick={() => void signIn.run()}>
          {t.handoffContinue}
        </Button>,
        <Button key="cancel" onClick={() => window.location.assign(login)}>
          {t.cancel}
        </Button>,
      ]}
    />
  );
}

function CallbackOrHandoff() {
  const [ticket] = useState(() =>
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('handoff'),
  );
  return ticket ? <Handoff ticket={ticket} /> : <Callback />;
}

export default function CallbackLogin() {
  return (
    <AntdRoot>
      <CallbackOrHandoff />
    </AntdRoot>
  );
}
