import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Spin } from 'antd';
import { verifyComplete } from '@portal/contract/calls/user';
import type { CallResponse } from '@portal/contract';
import { maskPhone } from '@portal/contract/mask';
import { request } from '../../lib/api.ts';
import { useMessages } from '../../lib/i18n.ts';
import type { CurrentUser } from '../../lib/root-data.ts';
import { PasswordDialog } from './dialogs/password-dialog.tsx';
import { PhoneDialog } from './dialogs/phone-dialog.tsx';
import { accountMessages } from './messages.ts';

type Completeness = CallResponse<typeof verifyComplete>;
type Dialog = 'password' | 'phone' | null;

/**
 * Personal information (/account?change=7, account-area.md section 4): sign-in details with the
 * change-phone and change- or set-password dialogs. An account without a password gets the
 * set-password warning; where setting one is forced the dialog opens by itself and cannot close.
 */
export function PersonalInfo({ user }: { user: CurrentUser }) {
  const t = useMessages(accountMessages);
  const [complete, setComplete] = useState<Completeness | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  useEffect(() => {
    request(verifyComplete)
      .then((c) => {
        setComplete(c);
        if (c.isNeedModifyPassword && c.isModifyPasswordForce) setDialog('password');
      })
      .catch(() => undefined);
  }, []);
  if (!complete) return <Spin />;
  const needsPassword = complete.isNeedModifyPassword;

  return (
    <div className="portal-personal-info">
      {needsPassword && <Alert type="warning" showIcon message={t.noPasswordWarning} className="portal-info-banner" />}
      <section aria-labelledby="login-info-title" className="portal-info-section">
        <h2 id="login-info-title">{t.loginInfo}</h2>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t.loginPhone}>
            <span className="portal-info-value">{maskPhone(user.phone)}</span>
            <Button type="link" onClick={() => setDialog('phone')}>
              {t.changePhone}
            </Button>
          </Descriptions.Item>
          <Descriptions.Item label={t.loginPassword}>
            <span className="portal-info-value">{needsPassword ? '' : '********'}</span>
            <Button type="link" onClick={() => setDialog('password')}>
              {needsPassword ? t.setPassword : t.changePassword}
            </Button>
          </Descriptions.Item>
        </Descriptions>
      </section>
      <PasswordDialog
        mode={needsPassword ? 'set' : 'change'}
        open={dialog === 'password'}
        forced={needsPassword && complete.isModifyPasswordForce}
        onClose={() => setDialog(null)}
      />
      <PhoneDialog open={dialog === 'phone'} onClose={() => setDialog(null)} />
    </div>
  );
}
