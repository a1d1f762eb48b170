import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from 'antd';
import { viewConfirmSetting, viewUserDetail, verifyComplete } from '@portal/contract/calls/profile';
import type { CallResponse } from '@portal/contract';
import { AntdRoot } from '../antd/antd-root.tsx';
import { AnnouncementPopup } from '../announcement/announcement-popup.tsx';
import { request } from '../../lib/api.ts';
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
  const [open, setOpen] = useState(false);
  const [left, setLeft] = useState(SECONDS);
  const target = `${localePath('/account', lang)}?change=7`;
  const onInfoPage = basePath(pathname) === '/account' && new URLSearchParams(search).get('change') === '7';

  useEffect(() => {
    if (onInfoPage || sessionStorage.getItem(SHOWN)) {
      onSettled();
      return;
    }
    sessionStorage.setItem(SHOWN, '1');
    request(verifyComplete, {}, { quiet: true })
      .then((c) => {
        if (!(c.completeEnterpriseUserInfo && c.completeUserDetail && c.completeUserVerify)) setOpen(true);
        else onSettled();
      })
      .catch(onSettled);
  }, [onInfoPage, onSettled]);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      if (left > 1) return setLeft(left - 1);
      setOpen(false);
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
        setOpen(false);
        onSettled();
        void navigate(target);
      }}
      onCancel={() => {
        setOpen(false);
        onSettled();
      }}
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
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'confirm'; owed: CallResponse<typeof viewConfirmSetting>; detail: CallResponse<typeof viewUserDetail> }
    | { kind: 'tip' }
  >({ kind: 'loading' });
  useEffect(() => {
    request(viewConfirmSetting, {}, { quiet: true })
      .then(async (owed) =>
        owed.personalInfoConfirmOpenSet || owed.talentInfoConfirmOpenSet
          ? setState({ kind: 'confirm', owed, detail: await request(viewUserDetail, {}, { quiet: true }) })
          : setState({ kind: 'tip' }),
      )
      .catch(() => setState({ kind: 'tip' }));
  }, []);
  if (state.kind === 'confirm') {
    return <ConfirmationPopup owed={state.owed} detail={state.detail} onDone={() => setState({ kind: 'tip' })} />;
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
