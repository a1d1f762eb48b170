import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Form, Input, Tabs } from 'antd';
import {
  CERTIFICATE_CHECK_CODE,
  CERTIFICATE_CODE_PARAM,
  CERTIFICATE_NUMBER,
  CERTIFICATE_NUMBER_MAX,
  CertificateQueryType,
  CertificateStatus,
  normalizeCheckCode,
  queryCertificate,
  type CertificateCheck,
} from '@portal/contract/calls/certificate';
import type { CallRequest } from '@portal/contract/call';
import { ErrorCode, SUCCESS_CODES } from '@portal/contract/errors';
import { CaptchaInput, type CaptchaHandle } from '../account/captcha.tsx';
import { requiredRule, ruleOf } from '../account/form-rules.ts';
import { encryptSecret } from '../account/password-crypto.ts';
import { handleErrorEnvelope, request } from '../../lib/api.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { useLoad } from '../../lib/use-call.ts';
import { accountMessages } from '../account/messages.ts';
import { certificateDate, certificateMessages } from './certificate-messages.ts';
import '../account/account.css';
import './certificate.css';

/** What a look-up found: certificates, or nothing (7701). Other refusals are shown by the request layer. */
type Outcome = { found: CertificateCheck[] } | { found: null };

async function lookUp(input: CallRequest<typeof queryCertificate>, signal?: AbortSignal): Promise<Outcome> {
  const env = await request(queryCertificate, { ...input, _No_dispose: true }, signal ? { signal } : {});
  if (SUCCESS_CODES.includes(env.code)) return { found: env.data };
  if (env.code === ErrorCode.CERTIFICATE_NOT_FOUND) return { found: null };
  return handleErrorEnvelope(env);
}

const TAB = { NUMBER: 'number', HOLDER: 'holder' } as const;

/** A number typed with its code in one field (ZS1001202600000042-7K3MQ9XP, or with a space). */
const NUMBER_WITH_CODE = /^(ZS\d{13,})[\s-]+([0-9A-Z][0-9A-Z\s-]*)$/;

/**
 * The public certificate check (/certificate/query): by number and check code (the address's
 * `?number=…&code=…`, which the certificate's QR code carries, is looked up at once) or by the
 * holder's name and ID number with an image captcha (the ID number travels encrypted). Open to
 * visitors on every site.
 */
export function CertificateQuery() {
  const t = useMessages(certificateMessages);
  const [params, setParams] = useSearchParams();
  const number = (params.get('number') ?? '').trim().toUpperCase();
  const checkCode = normalizeCheckCode(params.get(CERTIFICATE_CODE_PARAM) ?? '');
  const [tab, setTab] = useState<string>(TAB.NUMBER);
  // Bumped to look the same number up again (the button pressed twice).
  const [again, setAgain] = useState(0);
  const valid = CERTIFICATE_NUMBER.test(number) && CERTIFICATE_CHECK_CODE.test(checkCode);
  const byNumber = useLoad<Outcome>(
    (signal) => lookUp({ queryType: CertificateQueryType.NUMBER, number, checkCode }, signal),
    valid ? [number, checkCode, again] : null,
  );
  const [byHolder, setByHolder] = useState<Outcome | null>(null);

  const submitNumber = (v: NumberValues) => {
    const next = v.number.trim().toUpperCase();
    const code = normalizeCheckCode(v.checkCode);
    if (next === number && code === checkCode) setAgain((n) => n + 1);
    else setParams({ number: next, [CERTIFICATE_CODE_PARAM]: code }, { replace: true, preventScrollReset: true });
  };

  const outcome = tab === TAB.NUMBER ? (valid ? byNumber.data : undefined) : byHolder;
  const loading = tab === TAB.NUMBER && valid && byNumber.loading;
  return (
    <section className="portal-page portal-cert-query" aria-labelledby="cert-query-title">
      <h1 id="cert-query-title" className="portal-page-title">
        {t.pageTitle}
      </h1>
      <p className="portal-cert-intro">{t.intro}</p>
      <div className="portal-cert-panel">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: TAB.NUMBER,
              label: t.byNumber,
              children: <NumberForm initial={{ number, checkCode }} busy={loading} onSubmit={submitNumber} />,
            },
            { key: TAB.HOLDER, label: t.byHolder, children: <HolderForm onOutcome={setByHolder} /> },
          ]}
        />
      </div>
      <Results outcome={outcome} />
    </section>
  );
}

interface NumberValues {
  number: string;
  checkCode: string;
}

function NumberForm({
  initial,
  busy,
  onSubmit,
}: {
  initial: NumberValues;
  busy: boolean;
  onSubmit: (v: NumberValues) => void;
}) {
  const t = useMessages(certificateMessages);
  const [form] = Form.useForm<NumberValues>();
  // The number typed or pasted with its code in one field: the code goes to its own field.
  const splitNumber = (value: string) => {
    const both = NUMBER_WITH_CODE.exec(value.trim().toUpperCase());
    if (!both) return;
    form.setFieldsValue({ number: both[1]!, checkCode: both[2]! });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      name="cert-number"
      initialValues={initial}
      onFinish={onSubmit}
      className="portal-cert-form"
    >
      <Form.Item
        name="number"
        label={t.number}
        rules={[
          requiredRule(t.numberRequired),
          {
            validator: (_r, value: unknown) =>
              typeof value !== 'string' ||
              !value.trim() ||
              CERTIFICATE_NUMBER.test(value.trim().toUpperCase()) ||
              NUMBER_WITH_CODE.test(value.trim().toUpperCase())
                ? Promise.resolve()
                : Promise.reject(new Error(t.numberFormat)),
          },
        ]}
      >
        <Input
          placeholder={t.numberPlaceholder}
          maxLength={CERTIFICATE_NUMBER_MAX + 12}
          autoComplete="off"
          onBlur={(e) => splitNumber(e.target.value)}
          onPressEnter={(e) => splitNumber(e.currentTarget.value)}
        />
      </Form.Item>
      <Form.Item
        name="checkCode"
        label={t.checkCode}
        rules={[
          requiredRule(t.checkCodeRequired),
          {
            validator: (_r, value: unknown) =>
              typeof value !== 'string' || !value.trim() || CERTIFICATE_CHECK_CODE.test(normalizeCheckCode(value))
                ? Promise.resolve()
                : Promise.reject(new Error(t.checkCodeFormat)),
          },
        ]}
      >
        <Input placeholder={t.checkCodePlaceholder} maxLength={12} autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t.query}
      </Button>
    </Form>
  );
}

interface HolderValues {
  realName: string;
  idCard: string;
  imageCode: string;
}

function HolderForm({ onOutcome }: { onOutcome: (o: Outcome | null) => void }) {
  const t = useMessages(certificateMessages);
  const a = useMessages(accountMessages);
  const lang = useLang();
  const [form] = Form.useForm<HolderValues>();
  const captcha = useRef<CaptchaHandle>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (v: HolderValues) => {
    setBusy(true);
    try {
      onOutcome(
        await lookUp({
          queryType: CertificateQueryType.HOLDER,
          realName: v.realName.trim(),
          idCard: await encryptSecret(v.idCard.trim().toUpperCase()),
          imageCodeToken: captcha.current?.token() ?? '',
          imageCode: v.imageCode.trim(),
        }),
      );
    } catch {
      // The request layer has said why (a wrong image code…); the results stay as they were.
    } finally {
      // A captcha is good for one check, found or not.
      captcha.current?.refresh();
      form.setFieldValue('imageCode', '');
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      name="cert-holder"
      onFinish={(v) => void submit(v)}
      className="portal-cert-form"
    >
      <Form.Item name="realName" label={t.realName} rules={[requiredRule(t.realNameRequired), { max: 50 }]}>
        <Input placeholder={t.realNamePlaceholder} maxLength={50} autoComplete="off" />
      </Form.Item>
      <Form.Item name="idCard" label={t.idCard} rules={[ruleOf('idCard', lang)]}>
        <Input placeholder={t.idCardPlaceholder} maxLength={18} autoComplete="off" />
      </Form.Item>
      <Form.Item name="imageCode" label={a.imageCode} rules={[requiredRule(a.imageCodeRequired)]}>
        <CaptchaInput ref={captcha} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t.query}
      </Button>
    </Form>
  );
}

function Results({ outcome }: { outcome: Outcome | null | undefined }) {
  const t = useMessages(certificateMessages);
  const lang = useLang();
  if (!outcome) return null;
  const colon = lang === 'en' ? ': ' : '：';
  if (!outcome.found) {
    return (
      <div className="portal-cert-not-found" role="status">
        <p className="portal-cert-not-found-title">{t.notFound}</p>
        <p>{t.notFoundHint}</p>
      </div>
    );
  }
  return (
    <section className="portal-cert-results" aria-labelledby="cert-results-title">
      <h2 id="cert-results-title" className="portal-cert-results-title">
        {t.results}
        <span className="portal-cert-results-count">{format(t.resultCount, { n: outcome.found.length })}</span>
      </h2>
      {outcome.found.map((c) => {
        const expired = c.status === CertificateStatus.EXPIRED;
        const rows: Array<[string, React.ReactNode]> = [
          [t.number, c.number],
          [t.holder, c.holderName],
          [t.issuer, c.issuer],
          [t.issuedAt, <time dateTime={c.issuedAt}>{certificateDate(c.issuedAt)}</time>],
          [
            t.validUntil,
            c.validUntil ? <time dateTime={c.validUntil}>{certificateDate(c.validUntil)}</time> : t.forever,
          ],
        ];
        return (
          <article key={c.number} className="portal-cert-card" aria-label={c.title}>
            <header className="portal-cert-card-head">
              <h3 className="portal-cert-card-title">{c.title}</h3>
              <span className={expired ? 'portal-cert-status portal-cert-status-expired' : 'portal-cert-status'}>
                <span className="portal-visually-hidden">
                  {t.status}
                  {colon}
                </span>
                {expired ? t.expired : t.valid}
              </span>
            </header>
            <dl className="portal-cert-card-fields">
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt>
                    {label}
                    {colon}
                  </dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </article>
        );
      })}
    </section>
  );
}
