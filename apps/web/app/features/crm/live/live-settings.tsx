import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Form, Input, InputNumber, Space, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { liveSettingsSchema, saveLiveSettings, type LiveSettings } from '@portal/contract/calls/live';
import { request } from '../../../lib/api.ts';
import { format, useMessages } from '../../../lib/i18n.ts';
import { useAction } from '../../../lib/use-call.ts';
import { DOMAIN, HTTP_URL, RTMP_URL, settingsRequest, settingsValues, type LiveSettingsValues } from './live-form.ts';
import { LiveHeader } from './live-header.tsx';
import { liveMessages, type LiveText } from './live-messages.ts';

export interface LiveSettingsData {
  settings: LiveSettings | null;
  error: string | null;
}

const KEY_MAX = 200;
const shape = liveSettingsSchema.shape;

/** A text's rules: the contract's length, and the form of address the field takes. */
function textRules(field: keyof typeof shape, label: string, t: LiveText, pattern?: [RegExp, string]): Rule[] {
  const max = (shape[field] as { maxLength?: number | null }).maxLength ?? KEY_MAX;
  return [
    { max, message: format(t.tooLongText, { label, max }) },
    ...(pattern ? [{ pattern: pattern[0], message: pattern[1] }] : []),
  ];
}

/**
 * A write-only key: an empty password box that keeps the stored key when left empty ('-' removes
 * it), beside whether one is stored. The key itself is never answered, so never shown.
 */
function KeyField({
  name,
  label,
  set,
  t,
}: {
  name: keyof LiveSettingsValues;
  label: string;
  set: boolean;
  t: LiveText;
}) {
  const id = `live-settings-${name}`;
  return (
    <Form.Item label={label} htmlFor={id} extra={t.keyHint}>
      <Space>
        <Form.Item
          name={name}
          noStyle
          rules={[{ max: KEY_MAX, message: format(t.tooLongText, { label, max: KEY_MAX }) }]}
        >
          <Input.Password
            id={id}
            visibilityToggle={false}
            autoComplete="new-password"
            spellCheck={false}
            placeholder={set ? t.keyPlaceholderSet : undefined}
            style={{ width: 320 }}
          />
        </Form.Item>
        <Tag color={set ? 'success' : 'default'} data-key-state={name}>
          {set ? t.keySet : t.keyUnset}
        </Tag>
      </Space>
    </Form.Item>
  );
}

/**
 * /crm/live/settings: the enterprise's live settings (viewLiveSettings, saveLiveSettings) — the
 * attendance share rooms require by default, the own media server's push and play addresses and
 * key, Aliyun's and Tencent's play domain, application and key. Keys are write-only.
 */
export function LiveSettingsView({ settings, error }: LiveSettingsData) {
  const t = useMessages(liveMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<LiveSettingsValues>();
  // What the gateway answered last: whether each key is stored now.
  const [current, setCurrent] = useState(settings);
  const save = useAction(async (v: LiveSettingsValues) => {
    const saved = await request(saveLiveSettings, settingsRequest(v));
    setCurrent(saved);
    // The keys' boxes empty again: a key typed is stored, never shown back.
    form.setFieldsValue(settingsValues(saved));
    void message.success(t.settingsSaved);
  });

  if (!current) {
    return (
      <>
        <LiveHeader active="settings" />
        <Alert type="error" showIcon title={error} />
      </>
    );
  }
  return (
    <>
      <LiveHeader active="settings" />
      <Typography.Paragraph type="secondary">{t.settingsIntro}</Typography.Paragraph>
      <Form<LiveSettingsValues>
        form={form}
        name="liveSettings"
        layout="vertical"
        initialValues={settingsValues(current)}
        onFinish={(v) => void save.run(v)}
        style={{ maxWidth: 880 }}
      >
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Section title={t.attendanceCard}>
            <Form.Item
              name="attendancePercent"
              label={t.defaultPercent}
              extra={t.defaultPercentHint}
              rules={[{ required: true, message: format(t.range, { label: t.percentName, min: 1, max: 100 }) }]}
            >
              <InputNumber min={1} max={100} precision={0} style={{ width: 160 }} />
            </Form.Item>
          </Section>
          <Section title={t.ingestCard}>
            <Form.Item
              name="ingestPushUrl"
              label={t.ingestPushUrl}
              extra={t.ingestPushUrlHint}
              rules={textRules('ingestPushUrl', t.ingestPushUrl, t, [RTMP_URL, t.rtmpOnly])}
            >
              <Input spellCheck={false} placeholder="rtmp://" />
            </Form.Item>
            <Form.Item
              name="ingestPlayUrl"
              label={t.ingestPlayUrl}
              extra={t.ingestPlayUrlHint}
              rules={textRules('ingestPlayUrl', t.ingestPlayUrl, t, [HTTP_URL, t.httpOnly])}
            >
              <Input spellCheck={false} placeholder="https://" />
            </Form.Item>
            <KeyField name="ingestSecret" label={t.ingestSecret} set={current.hasIngestSecret} t={t} />
          </Section>
          <Section title={t.aliyunCard}>
            <CloudFields cloud="aliyun" t={t} set={current.hasAliyunKey} />
          </Section>
          <Section title={t.tencentCard}>
            <CloudFields cloud="tencent" t={t} set={current.hasTencentKey} />
          </Section>
          <Button type="primary" htmlType="submit" loading={save.running}>
            {t.saveSettings}
          </Button>
        </Space>
      </Form>
    </>
  );
}

/** A card of the settings, a named region (a cloud's fields have the same labels as the other's). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Card title={title} size="small">
        {children}
      </Card>
    </section>
  );
}

/** A cloud provider's play domain, application name and play key. */
function CloudFields({ cloud, set, t }: { cloud: 'aliyun' | 'tencent'; set: boolean; t: LiveText }) {
  const domain = `${cloud}PlayDomain` as const;
  const app = `${cloud}AppName` as const;
  return (
    <>
      <Space size="large" wrap align="start">
        <Form.Item
          name={domain}
          label={t.playDomain}
          extra={t.playDomainHint}
          rules={textRules(domain, t.playDomain, t, [DOMAIN, t.domainOnly])}
        >
          <Input spellCheck={false} style={{ width: 320 }} />
        </Form.Item>
        <Form.Item name={app} label={t.appName} extra={t.appNameHint} rules={textRules(app, t.appName, t)}>
          <Input spellCheck={false} style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <KeyField name={`${cloud}Key`} label={t.authKey} set={set} t={t} />
    </>
  );
}
