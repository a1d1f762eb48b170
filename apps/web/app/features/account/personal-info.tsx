import { useState } from 'react';
import { Alert, Button, Descriptions, Spin, Tag } from 'antd';
import { getHeadshotUrl } from '@portal/contract/calls/profile';
import { viewRegistrationConfig } from '@portal/contract/calls/registration';
import { viewUserDetail, verifyComplete } from '@portal/contract/calls/profile';
import { enumerations } from '@portal/contract/enums';
import {
  CASCADE_LEVELS,
  DEFAULT_GROUP_FIELDS,
  DETAIL_FIELDS,
  formFields,
  type ConfiguredField,
} from '@portal/contract/registration';
import { maskPhone } from '@portal/contract/mask';
import { request } from '../../lib/api.ts';
import { useCall, useLoad } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { useSite } from '../../lib/root-data.ts';
import { AvatarUpload } from './avatar-upload.tsx';
import { CancelDialog } from './dialogs/cancel-dialog.tsx';
import { EditInfoDialog } from './dialogs/edit-info-dialog.tsx';
import { PasswordDialog } from './dialogs/password-dialog.tsx';
import { PhoneDialog } from './dialogs/phone-dialog.tsx';
import { VerifyDialog } from './dialogs/verify-dialog.tsx';
import { HeadshotUpload } from './headshot-upload.tsx';
import { ThirdPartySection } from './third-party-section.tsx';
import { accountMessages } from './messages.ts';
import './account.css';

type Dialog = 'password' | 'phone' | 'verify' | 'cancel' | 'edit' | null;
const NO_CONFIG: { default: ConfiguredField[]; userTitle: ConfiguredField[] } = { default: [], userTitle: [] };

/**
 * Personal information (/account?change=7, account-area.md section 4): the banners, sign-in details
 * (phone, password) and real-name verification with their dialogs. An account without a password
 * gets the set-password warning; where setting one is forced its dialog opens and cannot close.
 */
export function PersonalInfo() {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const { website } = useSite();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data: config = NO_CONFIG } = useCall(viewRegistrationConfig, {}, { quiet: true });
  const { data, reload } = useLoad(
    (signal) =>
      Promise.all([
        request(verifyComplete, {}, { signal }),
        request(viewUserDetail, {}, { signal }),
        request(getHeadshotUrl, {}, { signal }),
      ]),
    [],
  );
  const load = () => void reload();
  const [complete, detail, headshotUrl] = data ?? [];
  const headshot = headshotUrl?.url ?? '';
  if (!complete || !detail) return <Spin />;

  const needsPassword = complete.isNeedModifyPassword;
  // A password that must be set: its dialog is open and cannot close.
  const shownDialog: Dialog = needsPassword && complete.isModifyPasswordForce ? 'password' : dialog;
  const missing = [
    ...(complete.completeUserVerify ? [] : [t.missingVerify]),
    ...(complete.completeEnterpriseUserInfo && complete.completeUserDetail ? [] : [t.missingOther]),
  ];
  const detailFields = formFields(DETAIL_FIELDS, config.userTitle, lang).filter((f) => f.def.kind !== 'photo');
  const nicknameField = website.usernameOpenSet
    ? formFields(DEFAULT_GROUP_FIELDS, config.default, lang).find((f) => f.field === 'userName')
    : undefined;
  const shown = (f: (typeof detailFields)[number]): string => {
    const v = detail.userDetail[f.field] ?? '';
    if (f.def.kind === 'select' && v) {
      const o = enumerations[f.def.enumName!].find((e) => String(e.value) === v);
      return o ? (lang === 'en' ? o.labelEn : o.label) : v;
    }
    if (f.def.kind === 'cascade') {
      return CASCADE_LEVELS.map((k) => detail.userDetail[k])
        .filter((p): p is string => !!p)
        .map((p) => {
          const n = detail.positionNames[p];
          return n ? (lang === 'en' && n.nameEn ? n.nameEn : n.name) : p;
        })
        .join(' / ');
    }
    return v;
  };
  // Verified where the site verifies identities: the real name is no longer edited here.
  const canEditIdentity = !(complete.userVerify && detail.verified);

  return (
    <div className="portal-personal-info">
      {missing.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="portal-info-banner"
          message={format(t.incomplete, { missing: missing.join(t.listSeparator) })}
        />
      )}
      {complete.userVerify && !detail.verified && (
        <Alert type="info" showIcon className="portal-info-banner" message={t.verifyBanner} />
      )}
      {needsPassword && <Alert type="warning" showIcon message={t.noPasswordWarning} className="portal-info-banner" />}

      <section aria-labelledby="login-info-title" className="portal-info-section">
        <h2 id="login-info-title">{t.loginInfo}</h2>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t.loginPhone}>
            <span className="portal-info-value">{maskPhone(detail.phone)}</span>
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

      <section aria-labelledby="real-name-title" className="portal-info-section">
        <h2 id="real-name-title">
          {t.realNameSection} {detail.verified ? <Tag color="success">{t.verified}</Tag> : <Tag>{t.notVerified}</Tag>}
        </h2>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t.realName}>
            <span className="portal-info-value">{detail.realName}</span>
            {canEditIdentity && (
              <Button type="link" onClick={() => setDialog('verify')}>
                {detail.verified || detail.realName ? t.editRealName : t.verify}
              </Button>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t.idCard}>{detail.idCard}</Descriptions.Item>
        </Descriptions>
      </section>

      <section aria-labelledby="other-info-title" className="portal-info-section">
        <h2 id="other-info-title">
          {t.otherInfo}
          <Button type="link" onClick={() => setDialog('edit')}>
            {t.edit}
          </Button>
        </h2>
        <Descriptions column={2} bordered size="middle">
          {nicknameField && <Descriptions.Item label={nicknameField.label}>{detail.userName}</Descriptions.Item>}
          {detailFields.map((f) => (
            <Descriptions.Item key={f.field} label={f.label}>
              {shown(f)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </section>

      <section aria-labelledby="pictures-title" className="portal-info-section">
        <h2 id="pictures-title">{t.picturesSection}</h2>
        <div className="portal-pictures">
          <div>
            <h3>{t.avatar}</h3>
            <AvatarUpload current={detail.headPortrait} onDone={load} />
          </div>
          <div>
            <h3>{t.headshot}</h3>
            <HeadshotUpload url={headshot} onDone={load} />
          </div>
        </div>
      </section>

      <ThirdPartySection />

      <section aria-labelledby="account-management-title" className="portal-info-section">
        <h2 id="account-management-title">{t.accountSection}</h2>
        <p>
          {t.cancelHint}
          <Button type="link" danger onClick={() => setDialog('cancel')}>
            {t.cancelAccount}
          </Button>
        </p>
      </section>

      <PasswordDialog
        mode={needsPassword ? 'set' : 'change'}
        open={shownDialog === 'password'}
        forced={needsPassword && complete.isModifyPasswordForce}
        onClose={() => setDialog(null)}
      />
      <PhoneDialog open={shownDialog === 'phone'} onClose={() => setDialog(null)} />
      <EditInfoDialog
        open={shownDialog === 'edit'}
        nickname={nicknameField ? { label: nicknameField.label, required: nicknameField.required } : null}
        userName={detail.userName}
        userDetail={detail.userDetail}
        fields={detailFields}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          load();
        }}
      />
      <CancelDialog
        open={shownDialog === 'cancel'}
        phone={detail.phone}
        realName={detail.realName}
        onClose={() => setDialog(null)}
      />
      <VerifyDialog
        open={shownDialog === 'verify'}
        required={complete.userVerify}
        initialName={detail.realName}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          load();
        }}
      />
    </div>
  );
}
