import { useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { App, Button, Form, Input, Tabs } from 'antd';
import { loginByCode, loginByEmployeeNo, loginByPassword, SmsPurpose } from '@portal/contract/calls/account';
import { findThirdPartyProviders } from '@portal/contract/calls/third-party';
import { signInOptions, type SignInMethod } from '@portal/contract/sign-in-options';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { CaptchaInput, type CaptchaHandle } from '../features/account/captcha.tsx';
import { passRedirect, requiredRule, ruleOf, safeRedirect } from '../features/account/form-rules.ts';
import { accountMessages } from '../features/account/messages.ts';
import { encryptSecret } from '../features/account/password-crypto.ts';
import { sendPhoneCode } from '../features/account/send-code.ts';
import { SmsCodeField } from '../features/account/sms-code-field.tsx';
import { startThirdParty } from '../features/account/third-party.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { request } from '../lib/api.ts';
import { useLang, useMessages } from '../lib/i18n.ts';
import { localePath } from '../lib/navigation.ts';
import { useSite } from '../lib/root-data.ts';
import '../features/account/account.css';
import type { Route } from './+types/login';

/** The site's third-party buttons come with the page (no jump when they arrive later). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await siteOf(request, context);
  const env = site ? await callGateway(request, context, site, findThirdPartyProviders, {}) : null;
  return { providers: env?.code === 200 && env.data ? env.data : [] };
}

const TAB_LABELS = { password: 'byPassword', code: 'byCode', employeeNo: 'byEmployeeNo' } as const;

/** Where to go once signed in: the redirect parameter (this site's paths only), else home. */
function useAfterSignIn() {
  const [params] = useSearchParams();
  const lang = useLang();
  return (result: { chooseEnterprise: boolean }) => {
    const target = safeRedirect(params.get('redirect'), localePath('/home', lang));
    const next = result.chooseEnterprise
      ? `${localePath('/company', lang)}?redirect=${encodeURIComponent(target)}`
      : target;
    // A full load: every part of the page (header, guard, data) starts from the new session.
    window.location.assign(next);
  };
}

function SignInForm({ method }: { method: SignInMethod }) {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const captcha = useRef<CaptchaHandle>(null);
  const [busy, setBusy] = useState(false);
  const afterSignIn = useAfterSignIn();

  const retry = () => {
    captcha.current?.refresh();
    form.setFieldValue('imageCode', '');
  };

  const submit = async (v: Record<string, string>) => {
    setBusy(true);
    try {
      const imageCode = { imageCodeToken: captcha.current?.token() ?? '', imageCode: v.imageCode?.trim() ?? '' };
      const result =
        method === 'password'
          ? await request(loginByPassword, {
              phone: v.phone!.trim(),
              password: await encryptSecret(v.password!),
              ...imageCode,
            })
          : method === 'employeeNo'
            ? await request(loginByEmployeeNo, {
                empNo: v.empNo!.trim(),
                password: await encryptSecret(v.password!),
                ...imageCode,
              })
            : await request(loginByCode, { phone: v.phone!.trim(), verificationCode: v.verificationCode!.trim() });
      afterSignIn(result);
    } catch {
      if (method !== 'code') retry();
      setBusy(false);
    }
  };

  // The image code is needed to send a code, not to sign in with it (sending uses it up).
  const sendCode = () => sendPhoneCode(form, captcha, t, message, SmsPurpose.SIGN_IN);

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void submit(v)}
      name={`sign-in-${method}`}
    >
      {method === 'employeeNo' ? (
        <Form.Item name="empNo" label={t.employeeNo} rules={[requiredRule(t.employeeNoRequired)]}>
          <Input placeholder={t.employeeNoPlaceholder} maxLength={50} autoComplete="username" />
        </Form.Item>
      ) : (
        <Form.Item name="phone" label={t.phone} rules={[ruleOf('mobile', lang)]}>
          <Input placeholder={t.phonePlaceholder} maxLength={11} autoComplete="username" inputMode="numeric" />
        </Form.Item>
      )}
      {method !== 'code' && (
        <Form.Item name="password" label={t.password} rules={[{ required: true, message: t.passwordRequired }]}>
          <Input.Password placeholder={t.passwordPlaceholder} maxLength={20} autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item
        name="imageCode"
        label={t.imageCode}
        rules={method === 'code' ? [] : [requiredRule(t.imageCodeRequired)]}
        required={method !== 'code'}
      >
        <CaptchaInput ref={captcha} />
      </Form.Item>
      {method === 'code' && <SmsCodeField formName={`sign-in-${method}`} onSend={sendCode} />}
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {t.signIn}
      </Button>
    </Form>
  );
}

function SignIn() {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const { website } = useSite();
  const navigate = useNavigate();
  const options = signInOptions(website.tenantCode);
  const [method, setMethod] = useState<SignInMethod>('password');
  const [params] = useSearchParams();
  const next = safeRedirect(params.get('redirect'), localePath('/home', lang));
  // Registering leads back to where signing in would (the enrolment page of a shared link).
  const registerPath = passRedirect(localePath('/register', lang), params.get('redirect'), next);
  const { providers } = useLoaderData<typeof loader>();
  return (
    <section className="portal-sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" className="portal-sign-in-title">
        {t.signInTitle}
      </h1>
      <p className="portal-sign-in-site">{website.entName}</p>
      <Tabs
        activeKey={method}
        onChange={(k) => setMethod(k as SignInMethod)}
        centered
        items={options.methods.map((key) => ({
          key,
          label: t[TAB_LABELS[key]],
          children: <SignInForm method={key} />,
        }))}
      />
      {website.registerOpenSet && options.register === 'button' && (
        <Button block size="large" className="portal-sign-in-register" onClick={() => void navigate(registerPath)}>
          {t.registerTitle}
        </Button>
      )}
      {providers.length > 0 && (
        <div className="portal-sign-in-others" role="group" aria-label={t.otherWays}>
          <span>{t.otherWays}</span>
          {providers.map((kind) => (
            <Button
              key={kind}
              size="small"
              autoInsertSpace={false}
              onClick={() => void startThirdParty(kind, 'login', lang, next)}
            >
              {t[kind]}
            </Button>
          ))}
        </div>
      )}
      <div className="portal-sign-in-links">
        <Link to={localePath('/forget', lang)}>{t.forgot}</Link>
        {website.registerOpenSet && options.register === 'link' && (
          <span>
            {t.noAccount}
            <Link to={registerPath}>{t.register}</Link>
          </span>
        )}
      </div>
    </section>
  );
}

export default function LoginPage() {
  return (
    <AntdRoot>
      <SignIn />
    </AntdRoot>
  );
}
