import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { App, Button, Checkbox, Form, Input, Result, Spin } from 'antd';
import { HEADSHOT_MAX_BYTES, HEADSHOT_SHOWN_PX, uploadPrivateFile } from '@portal/contract/calls/upload';
import { register, viewRegistrationConfig } from '@portal/contract/calls/registration';
import { SmsPurpose } from '@portal/contract/calls/account';
import { ErrorCode } from '@portal/contract/errors';
import {
  DEFAULT_GROUP_FIELDS,
  DETAIL_FIELDS,
  formFields,
  labelInSentence,
  type ConfiguredField,
} from '@portal/contract/registration';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { CaptchaInput, type CaptchaHandle } from '../features/account/captcha.tsx';
import { confirmRules, passRedirect, requiredRule, ruleOf, safeRedirect } from '../features/account/form-rules.ts';
import { accountMessages } from '../features/account/messages.ts';
import { encryptSecret } from '../features/account/password-crypto.ts';
import { isJpegOrPng } from '../features/account/picture-files.ts';
import { DetailFields, detailValues } from '../features/account/detail-fields.tsx';
import { sendPhoneCode } from '../features/account/send-code.ts';
import { SmsCodeField } from '../features/account/sms-code-field.tsx';
import { ApiError, request, upload } from '../lib/api.ts';
import { useCall } from '../lib/use-call.ts';
import { format, useLang, useMessages } from '../lib/i18n.ts';
import { localePath } from '../lib/navigation.ts';
import { useSite } from '../lib/root-data.ts';
import '../features/account/account.css';

type Config = { default: ConfiguredField[]; userTitle: ConfiguredField[] };

/**
 * Where a registration leads: the `redirect` it was opened with (this site's paths only; the
 * enrolment page of a shared link, decision 063), else home; and the sign-in page, keeping it.
 */
function useRedirect() {
  const [params] = useSearchParams();
  const lang = useLang();
  const home = localePath('/home', lang);
  return {
    target: safeRedirect(params.get('redirect'), home),
    signIn: passRedirect(localePath('/login', lang), params.get('redirect'), home),
  };
}

/** The one-inch photo of a registration: uploaded at once, its key is the field's value. */
function HeadshotField({ value, onChange, id }: { value?: string; onChange?: (key: string) => void; id?: string }) {
  const t = useMessages(accountMessages);
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState('');
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isJpegOrPng(file)) return void message.error(t.headshotType);
    if (file.size > HEADSHOT_MAX_BYTES) return void message.error(t.headshotSize);
    setBusy(true);
    try {
      const { key, url } = await upload(uploadPrivateFile, file, { field: 'file', filename: file.name });
      setPreview(url);
      onChange?.(key);
    } catch {
      // the request layer showed why
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="portal-picture">
      <div className="portal-headshot" style={HEADSHOT_SHOWN_PX}>
        {preview && value ? <img src={preview} alt={t.headshot} {...HEADSHOT_SHOWN_PX} /> : <span>{t.noPicture}</span>}
      </div>
      <input
        id={id}
        ref={input}
        type="file"
        hidden
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        aria-label={t.uploadHeadshot}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button loading={busy} onClick={() => input.current?.click()}>
        {t.uploadHeadshot}
      </Button>
      <p className="portal-picture-hint">{t.headshotHint}</p>
    </div>
  );
}

/**
 * /register (account-area.md section 4): the account part (phone, image code, SMS code, password
 * twice), the always-present fields (nickname where the site has nicknames, real name, ID number
 * where it verifies) and the detail fields the site's configuration shows, in its order, with its
 * labels and required marks; defaults when the configuration is empty or cannot be loaded. Last,
 * the required consent to the site's service agreement and privacy policy (each opens in a tab).
 */
function RegisterForm() {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const { website } = useSite();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm();
  const captcha = useRef<CaptchaHandle>(null);
  const { data, error } = useCall(viewRegistrationConfig, {}, { quiet: true });
  // Without the site's configuration the default fields are asked (the request layer said why).
  const config: Config | null = data ?? (error ? { default: [], userTitle: [] } : null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState(false);
  // 继续绑定 was answered: the next submit (with a new image code) binds anyway.
  const confirmBind = useRef(false);
  const redirect = useRedirect();

  if (!config) return <Spin />;

  const top = formFields(DEFAULT_GROUP_FIELDS, config.default, lang).filter(
    (f) => f.field !== 'userName' || website.usernameOpenSet,
  );
  const detail = formFields(DETAIL_FIELDS, config.userTitle, lang);
  const enter = (label: string) => format(t.pleaseEnter, { label: labelInSentence(label) });

  const sendCode = () => sendPhoneCode(form, captcha, t, message, SmsPurpose.REGISTER);

  const submit = async (v: Record<string, unknown>): Promise<void> => {
    setBusy(true);
    const text = (k: string) => String(v[k] ?? '').trim();
    const userDetail = detailValues(v.userDetail as Record<string, unknown> | undefined);
    try {
      const result = await request(register, {
        phone: text('phone'),
        imageCode: text('imageCode'),
        imageCodeToken: captcha.current?.token() ?? '',
        verificationCode: text('verificationCode'),
        loginPsw: await encryptSecret(String(v.loginPsw)),
        confirmPassword: await encryptSecret(String(v.confirmPassword)),
        userName: text('userName'),
        realName: text('realName'),
        idCard: text('idCard') ? await encryptSecret(text('idCard').toUpperCase()) : '',
        ...(confirmBind.current ? { confirmBind: true } : {}),
        userDetail,
        agreed: v.agreed === true,
      });
      if (result.audited) {
        void message.success(t.registered);
        window.location.assign(redirect.target);
        return;
      }
      setPending(true);
    } catch (err) {
      captcha.current?.refresh();
      form.setFieldValue('imageCode', '');
      if (err instanceof ApiError && err.code === ErrorCode.IDCARD_BOUND) {
        const phone = (err.data as { phone?: string } | null)?.phone ?? '';
        modal.confirm({
          title: t.boundTitle,
          content: (
            <>
              <p>{format(t.boundText, { phone })}</p>
              <p>{t.boundQuestion}</p>
            </>
          ),
          okText: t.continueBind,
          cancelText: t.cancel,
          // The image code was used up: the person enters a new one and submits again.
          onOk: () => {
            confirmBind.current = true;
            void message.info(t.newImageCodeThenSubmit);
            form.scrollToField('imageCode');
          },
        });
      }
    } finally {
      setBusy(false);
    }
  };

  if (pending) {
    return (
      <Result
        status="success"
        title={t.pendingTitle}
        subTitle={t.pendingText}
        extra={
          <Link to={redirect.signIn}>
            <Button type="primary">{t.goSignIn}</Button>
          </Link>
        }
      />
    );
  }

  return (
    <Form
      form={form}
      layout="vertical"
      name="register"
      onFinish={(v) => void submit(v)}
      onValuesChange={(changed: Record<string, unknown>) => {
        // 继续绑定 was for that ID number only.
        if ('idCard' in changed) confirmBind.current = false;
      }}
      scrollToFirstError
    >
      <h2 className="portal-form-part">{t.accountPart}</h2>
      <Form.Item name="phone" label={t.phone} rules={[ruleOf('mobile', lang)]} required>
        <Input placeholder={t.phonePlaceholder} maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="imageCode" label={t.imageCode} rules={[requiredRule(t.imageCodeRequired)]}>
        <CaptchaInput ref={captcha} />
      </Form.Item>
      <SmsCodeField formName="register" onSend={sendCode} />
      <Form.Item name="loginPsw" label={t.password} rules={[ruleOf('password', lang)]} extra={t.passwordHint} required>
        <Input.Password placeholder={t.passwordPlaceholder} maxLength={20} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t.confirmPassword}
        dependencies={['loginPsw']}
        rules={confirmRules('loginPsw', {
          confirmRequired: t.confirmRequired,
          confirmMismatch: t.registerConfirmMismatch,
        })}
      >
        <Input.Password placeholder={t.registerConfirmPlaceholder} maxLength={20} autoComplete="new-password" />
      </Form.Item>

      <h2 className="portal-form-part">{t.personalPart}</h2>
      {top.map((f) => (
        <Form.Item
          key={f.field}
          name={f.field}
          label={f.label}
          rules={[...(f.required ? [requiredRule(enter(f.label))] : []), { max: f.def.max }]}
        >
          <Input placeholder={enter(f.label)} maxLength={f.def.max} />
        </Form.Item>
      ))}
      {website.verifyOpenSet && (
        <Form.Item name="idCard" label={t.idCard} rules={[ruleOf('idCard', lang)]}>
          <Input placeholder={t.idCardPlaceholder} maxLength={18} autoComplete="off" />
        </Form.Item>
      )}

      {detail.length > 0 && <h2 className="portal-form-part">{t.otherPart}</h2>}
      <DetailFields form={form} fields={detail} photo={<HeadshotField />} />

      {/* PIPL: consent to both texts before anything (an ID number above all) is collected. */}
      <Form.Item
        name="agreed"
        valuePropName="checked"
        rules={[{ validator: (_, value) => (value ? Promise.resolve() : Promise.reject(new Error(t.agreeRequired))) }]}
      >
        <Checkbox>
          {t.agreeBefore}
          <a href={`${localePath('/agreement', lang)}?type=serviceAgreement`} target="_blank" rel="noreferrer">
            {t.serviceAgreement}
          </a>
          {t.agreeAnd}
          <a href={`${localePath('/agreement', lang)}?type=privacyAgreement`} target="_blank" rel="noreferrer">
            {t.privacyAgreement}
          </a>
        </Checkbox>
      </Form.Item>

      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {t.registerButton}
      </Button>
    </Form>
  );
}

function RegisterPage() {
  const t = useMessages(accountMessages);
  const { signIn } = useRedirect();
  return (
    <section className="portal-sign-in portal-register" aria-labelledby="register-title">
      <h1 id="register-title" className="portal-sign-in-title">
        {t.registerTitle}
      </h1>
      <RegisterForm />
      <div className="portal-sign-in-links">
        <span>
          {t.haveAccount}
          <Link to={signIn}>{t.goSignIn}</Link>
        </span>
      </div>
    </section>
  );
}

export default function Register() {
  return (
    <AntdRoot>
      <RegisterPage />
    </AntdRoot>
  );
}
