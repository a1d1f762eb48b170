import { App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { useRevalidator } from 'react-router';
import { enumLabel } from '@portal/contract/enums';
import {
  PAY_METHOD_FIELDS,
  saveInvoiceProvider,
  saveOrderSettings,
  savePayMethod,
  type InvoiceProviderInfo,
  type findPayMethods,
  type OrderSettingsForm,
} from '@portal/contract/calls/order-admin';
import type { CallResponse } from '@portal/contract/call';
import { request } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-call.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { crmMessages } from '../messages.ts';
import { orderAdminMessages } from './messages.ts';

export type PaymentSettingsData = { settings: CallResponse<typeof findPayMethods> | null; error: string | null };
type Method = CallResponse<typeof findPayMethods>['methods'][number];

/** Long fields (keys and certificates in PEM or base64) get a text area. */
const LONG = new Set(['alipayPublicKey', 'platformCertificates', 'wechatpayPublicKey', 'rootCert', 'middleCert']);

/**
 * /crm/payment (decision 057): the order settings (time limit, invoices, the transfer account) and
 * each payment method — on or off, the dev channel (demo sites), sandbox or live, the merchant's
 * ids and its keys, which are written here and never shown again.
 */
export function PaymentSettingsView({ settings, error }: PaymentSettingsData) {
  const t = useMessages(orderAdminMessages);
  const crm = useMessages(crmMessages);
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const save = useAction(async (form: OrderSettingsForm) => {
    await request(saveOrderSettings, form);
    void message.success(t.saved);
    void revalidator.revalidate();
  });
  if (!settings) return <Typography.Paragraph type="danger">{error}</Typography.Paragraph>;
  return (
    <>
      <Typography.Title level={4}>{crm.paymentSettings}</Typography.Title>
      <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 880 }}>
        <Card title={t.settings}>
          <Form<OrderSettingsForm>
            layout="vertical"
            initialValues={settings.settings}
            onFinish={(v) => void save.run(v)}
          >
            <Form.Item name="closeAfterMinutes" label={t.closeAfterMinutes} rules={[{ required: true }]}>
              <InputNumber min={5} max={10080} />
            </Form.Item>
            <Space size="large" wrap>
              <Form.Item name="invoiceOpen" label={t.invoiceOpen} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="specialInvoiceOpen" label={t.specialInvoiceOpen} valuePropName="checked">
                <Switch />
              </Form.Item>
              <InvoiceModeField label={t.invoiceMode} />
            </Space>
            <Form.Item name="bankAccountName" label={t.bankAccountName}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="bankName" label={t.bankName}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="bankAccountNo" label={t.bankAccountNo}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="bankNote" label={t.bankNote}>
              <Input maxLength={200} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.running}>
              {t.save}
            </Button>
          </Form>
        </Card>
        <InvoiceProviderCard info={settings.invoiceProvider} devAllowed={settings.devAllowed} />
        <Typography.Title level={5}>{t.methods}</Typography.Title>
        <Typography.Paragraph type="secondary">{t.secretHint}</Typography.Paragraph>
        {settings.methods.map((m) => (
          <MethodCard key={m.method} method={m} devAllowed={settings.devAllowed} />
        ))}
      </Space>
    </>
  );
}

function InvoiceModeField({ label }: { label: string }) {
  const lang = useLang();
  return (
    <Form.Item name="invoiceMode" label={label}>
      <Radio.Group options={[1, 2].map((v) => ({ value: v, label: enumLabel('invoicingMode', v, lang) }))} />
    </Form.Item>
  );
}

interface MethodForm {
  enabled: boolean;
  mode: 'dev' | 'sandbox' | 'live';
  merchant: Record<string, string>;
  secrets: Record<string, string>;
}

type ProviderForm = Omit<InvoiceProviderInfo, 'secretSet'> & { appSecret?: string };

/** Who issues invoices (decision 058): the dev provider's sample PDF on demo sites, or Nuonuo. */
function InvoiceProviderCard({ info, devAllowed }: { info: InvoiceProviderInfo; devAllowed: boolean }) {
  const t = useMessages(orderAdminMessages);
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<ProviderForm>();
  const provider = Form.useWatch('provider', form) ?? info.provider;
  const save = useAction(async (v: ProviderForm) => {
    await request(saveInvoiceProvider, { ...v, appSecret: v.appSecret ?? '' });
    form.setFieldValue('appSecret', '');
    void message.success(t.saved);
    void revalidator.revalidate();
  });
  return (
    <Card title={t.invoiceProvider} size="small">
      <Form<ProviderForm>
        form={form}
        layout="vertical"
        initialValues={{
          provider: info.provider,
          appKey: info.appKey,
          taxNo: info.taxNo,
          clerk: info.clerk,
          sandbox: info.sandbox,
        }}
        onFinish={(v) => void save.run(v)}
      >
        <Form.Item name="provider" label={t.invoiceProvider} extra={t.invoiceProviderHint}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'dev', label: t.providerDev, disabled: !devAllowed },
              { value: 'nuonuo', label: t.providerNuonuo },
            ]}
          />
        </Form.Item>
        {provider === 'nuonuo' && (
          <>
            <Space size="large" wrap>
              <Form.Item name="appKey" label="appKey" rules={[{ required: true }]}>
                <Input spellCheck={false} style={{ width: 240 }} />
              </Form.Item>
              <Form.Item name="appSecret" label="appSecret">
                <Input.Password
                  visibilityToggle={false}
                  autoComplete="new-password"
                  placeholder={info.secretSet ? t.secretSet : undefined}
                  style={{ width: 240 }}
                />
              </Form.Item>
            </Space>
            <Space size="large" wrap>
              <Form.Item name="taxNo" label={t.sellerTaxNo} rules={[{ required: true }]}>
                <Input spellCheck={false} maxLength={20} style={{ width: 240 }} />
              </Form.Item>
              <Form.Item name="clerk" label={t.clerk} rules={[{ required: true }]}>
                <Input maxLength={20} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="sandbox" label={t.modeSandbox} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
          </>
        )}
        <Button htmlType="submit" loading={save.running}>
          {t.save}
        </Button>
      </Form>
    </Card>
  );
}

function MethodCard({ method: m, devAllowed }: { method: Method; devAllowed: boolean }) {
  const t = useMessages(orderAdminMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<MethodForm>();
  const fields = PAY_METHOD_FIELDS[m.method]!;
  const offline = m.method === 9 || m.method === 14;
  const save = useAction(async (v: MethodForm) => {
    await request(savePayMethod, {
      method: m.method,
      enabled: v.enabled,
      mode: offline ? 'live' : v.mode,
      merchant: v.merchant ?? {},
      secrets: Object.fromEntries(Object.entries(v.secrets ?? {}).filter(([, s]) => !!s)),
    });
    form.setFieldValue('secrets', {});
    void message.success(t.saved);
    void revalidator.revalidate();
  });
  const name = enumLabel('paymentMethod', m.method, lang);
  return (
    <Card title={name} size="small">
      <Form<MethodForm>
        form={form}
        layout="vertical"
        initialValues={{ enabled: m.enabled, mode: m.mode, merchant: m.merchant, secrets: {} }}
        onFinish={(v) => void save.run(v)}
      >
        <Space size="large" wrap>
          <Form.Item name="enabled" label={t.enabled} valuePropName="checked">
            <Switch aria-label={`${name} ${t.enabled}`} />
          </Form.Item>
          {!offline && (
            <Form.Item name="mode" label={t.mode} extra={devAllowed ? undefined : t.devOnlyDemo}>
              <Select
                style={{ width: 160 }}
                aria-label={`${name} ${t.mode}`}
                options={[
                  { value: 'dev', label: t.modeDev, disabled: !devAllowed },
                  { value: 'sandbox', label: t.modeSandbox },
                  { value: 'live', label: t.modeLive },
                ]}
              />
            </Form.Item>
          )}
        </Space>
        {offline && <Typography.Paragraph type="secondary">{t.offlineHint}</Typography.Paragraph>}
        {fields.merchant.map((k) => (
          <Form.Item key={k} name={['merchant', k]} label={k}>
            {LONG.has(k) ? <Input.TextArea rows={3} spellCheck={false} /> : <Input spellCheck={false} />}
          </Form.Item>
        ))}
        {fields.secrets.map((k) => (
          <Form.Item key={k} name={['secrets', k]} label={k}>
            <Input.Password
              visibilityToggle={false}
              autoComplete="new-password"
              placeholder={m.secretsSet.includes(k) ? t.secretSet : undefined}
            />
          </Form.Item>
        ))}
        <Button htmlType="submit" loading={save.running}>
          {t.save}
        </Button>
      </Form>
    </Card>
  );
}
