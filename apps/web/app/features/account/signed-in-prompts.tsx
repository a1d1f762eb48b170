import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from 'antd';
import { viewConfirmSetting, viewUserDetail, verifyComplete } from '@portal/contract/calls/profile';
import { AntdRoot } from '../antd/antd-root.tsx';
import { AnnouncementPopup } from '../announcement/announcement-popup.tsx';
import { request } from '../../lib/api.ts';
import { useCall, useLoad } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { basePath, localePath } from '../../lib/navigation.ts';
import { ConfirmationPopup } from './confirmation-popup.tsx';
import { accountMessages } from './messages.ts';

const SHOWN = 'portal.profileTipShown';
const SECONDS = 5;

/**
 * The profile-completion tip (account-area.md section 4): once per browser session after signing
 * in, when the profile is not complete, a notice counts down from 5 seconds and then opens
 * /account?change=7 (at once with 立即前往; 取消 stays). Not shown on that page itself. `onSettled`
 * runs once it is not shown or has closed.
 */
function ProfileTipDialog({ onSettled }: { onSettled: () => void }) {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  const [left, setLeft] = useState(SECONDS);
  const target = `${localePath('/account', lang)}?change=7`;
  const onInfoPage = basePath(pathname) === '/account' && new URLSearchParams(search).get('change') === '7';
  // Decided once, on the first render in the browser (this part renders only there).
  const [ask] = useState(() => !onInfoPage && !sessionStorage.getItem(SHOWN));
  const { data: c, error } = useCall(verifyComplete, ask ? {} : null, { quiet: true });
  const incomplete = !!c && !(c.completeEnterpriseUserInfo && c.completeUserDetail && c.completeUserVerify);
  const open = incomplete && !dismissed;
  const close = () => {
    setDismissed(true);
    onSettled();
  };

  useEffect(() => {
    if (ask) sessionStorage.setItem(SHOWN, '1');
    else onSettled();
  }, [ask, onSettled]);
  // Complete, or not known: nothing to tip about.
  useEffect(() => {
    if ((c && !incomplete) || error) onSettled();
  }, [c, incomplete, error, onSettled]);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      if (left > 1) return setLeft(left - 1);
      setDismissed(true);
      onSettled();
      void navigate(target);
    }, 1000);
    return () => clearTimeout(timer);
  }, [open, left, navigate, target, onSettled]);

  return (
    <Modal
      title={t.boundTitle}
      open={open}
      width={500}
      okText={t.goNow}
      cancelText={t.cancel}
      onOk={() => {
        close();
        void navigate(target);
      }}
      onCancel={close}
    >
      <p>{format(t.profileTip, { s: left })}</p>
    </Modal>
  );
}

/**
 * What a signed-in page may ask of the person: the confirmations the site asks for first, then
 * (once per browser session) the profile-completion tip, then the announcement popup.
 */
function SignedInPrompts() {
  const [tipSettled, setTipSettled] = useState(false);
  const settleTip = useCallback(() => setTipSettled(true), []);
  // The confirmations the site asks for, with the details they show (none: null).
  const asked = useLoad(async (signal) => {
    const owed = await request(viewConfirmSetting, {}, { quiet: true, signal });
    if (!owed.personalInfoConfirmOpenSet && !owed.talentInfoConfirmOpenSet) return null;
    return { owed, detail: await request(viewUserDetail, {}, { quiet: true, signal }) };
  }, []);
  const [confirmed, setConfirmed] = useState(false);
  const state =
    asked.loading && !asked.data
      ? { kind: 'loading' as const }
      : asked.data && !confirmed
        ? { kind: 'confirm' as const, ...asked.data }
        : { kind: 'tip' as const };
  if (state.kind === 'confirm') {
    return <ConfirmationPopup owed={state.owed} detail={state.detail} onDone={() => setConfirmed(true)} />;
  }
  return state.kind === 'tip' ? (
    <>
      <ProfileTipDialog onSettled={settleTip} />
      {tipSettled && <AnnouncementPopup />}
    </>
  ) : null;
}

export default function SignedInPromptsRoot() {
  return (
    <AntdRoot>
      <SignedInPrompts />
    </AntdRoot>
  );
}
