import { App, Button, Card, Col, Form, Input, Radio, Row, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { saveSiteSettings, type SiteSettings } from '@portal/contract/calls/site-admin';
import { cssColor, type ThemeOptions } from '@portal/contract/calls/system';
import { DEFAULT_GROUP_FIELDS, DETAIL_FIELDS } from '@portal/contract/registration';
import { request } from '../../../lib/api.ts';
import { accessibleThemeColor } from '../../../lib/contrast.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { useRequired } from './fields.tsx';
import { siteMessages, type SiteText } from './messages.ts';

const COLOURS = [
  'themeColor',
  'headerBgColor',
  'headerFontColor',
  'navBgColor',
  'navFontColor',
  'navHighlightColor',
  'footerBgColor',
  'footerFontColor',
  'fontColor',
  'highlightColor',
] as const satisfies ReadonlyArray<keyof ThemeOptions & keyof SiteText>;

const SWITCHES = {
  access: [
    'visitorOpenSet',
    'registerOpenSet',
    'registerAutoAudit',
    'verifyOpenSet',
    'usernameOpenSet',
    'personalInfoConfirmOpenSet',
    'talentInfoConfirmOpenSet',
  ],
  individuation: ['greyThemeOpenSet', 'showCoursePriceOpenSet', 'showUserCommentOpenSet'],
} as const satisfies Record<string, ReadonlyArray<keyof SiteSettings & keyof SiteText>>;

/**
 * The pending theme as the portal paints it: header, navigation, a primary button, a link, body
 * text and footer in the colours not yet saved. Plain styles, not a second antd theme: the portal's
 * antd styles are built once with the site's colour as CSS variables (zeroRuntime).
 */
export function ThemePreview({ theme, siteName }: { theme: ThemeOptions; siteName: string }) {
  const t = useMessages(siteMessages);
  return (
    <div data-testid="crm-theme-preview" style={{ border: '1px solid #e5e6eb', borderRadius: 6, overflow: 'hidden' }}>
      <div style={{ background: theme.headerBgColor, color: theme.headerFontColor, padding: '10px 16px' }}>
        <strong>{siteName}</strong>
      </div>
      <div style={{ background: theme.navBgColor, color: theme.navFontColor, padding: '8px 16px' }}>
        <span style={{ color: theme.navHighlightColor, fontWeight: 600 }}>{t.previewNav.split(/\s+/)[0]}</span>
        <span style={{ marginLeft: 16 }}>{t.previewNav.split(/\s+/).slice(1).join('  ')}</span>
      </div>
      <div style={{ padding: 16, color: theme.fontColor, background: '#fff' }}>
        <button
          type="button"
          data-testid="crm-preview-button"
          style={{
            // As the portal paints it: the colour, or its nearest shade readable under white text.
            background: accessibleThemeColor(theme.themeColor),
            color: '#fff',
            border: 0,
            borderRadius: 4,
            padding: '6px 16px',
            cursor: 'default',
          }}
        >
          {t.previewButton}
        </button>
        <span style={{ marginLeft: 16, color: theme.highlightColor }}>{t.previewLink}</span>
      </div>
      <div style={{ background: theme.footerBgColor, color: theme.footerFontColor, padding: '8px 16px', fontSize: 12 }}>
        © {siteName} {t.previewFooter}
      </div>
    </div>
  );
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour: the browser's own picker beside its #rrggbb text (both labelled; antd's ColorPicker
 * panel has unlabelled inputs). A form control (value, onChange).
 */
function ColourField({
  id,
  value,
  onChange,
  label,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  label: string;
}) {
  return (
    <Space.Compact>
      <input
        type="color"
        aria-label={label}
        value={value && HEX.test(value) ? value : '#000000'}
        onChange={(e) => onChange?.(e.target.value)}
        style={{ width: 40, height: 32, padding: 2, border: '1px solid #d9d9d9', borderRadius: '4px 0 0 4px' }}
      />
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value.trim())}
        maxLength={7}
        style={{ width: 110 }}
      />
    </Space.Compact>
  );
}

/** A field's default label in the page's language. */
function fieldLabel(grp: string, field: string, lang: 'zh' | 'en'): string {
  const defs: Record<string, { label: Record<'zh' | 'en', string> }> =
    grp === 'default' ? DEFAULT_GROUP_FIELDS : DETAIL_FIELDS;
  return defs[field]?.label[lang] ?? field;
}

/** /crm/settings: the site settings the spec names, with a preview of the pending theme. */
export function SettingsPage({ settings }: { settings: SiteSettings }) {
  const t = useMessages(siteMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<SiteSettings>();
  const [busy, setBusy] = useState(false);
  const pendingTheme = (Form.useWatch('theme', form) as ThemeOptions | undefined) ?? settings.theme;
  const pendingName = (Form.useWatch('entName', form) as string | undefined) ?? settings.entName;
  const nameRule = useRequired(t.entName);

  const submit = async (values: SiteSettings) => {
    setBusy(true);
    try {
      await request(saveSiteSettings, {
        ...settings,
        ...values,
        theme: { ...settings.theme, ...values.theme },
        individuationOptions: { ...settings.individuationOptions, ...values.individuationOptions },
        registrationFields: settings.registrationFields.map((f, i) => ({ ...f, ...values.registrationFields?.[i] })),
      });
      message.success(t.saved);
      await revalidator.revalidate();
    } catch {
      // The request layer showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={settings} onFinish={submit} data-testid="crm-settings">
      <Row gutter={24}>
        <Col xs={24} xl={14}>
          <Card title={t.basics} size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="entName" label={t.entName} rules={nameRule}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="contactPhone" label={t.contactPhone}>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="websiteDesc" label={t.websiteDesc}>
              <Input.TextArea rows={2} maxLength={300} />
            </Form.Item>
            <Form.Item name="websiteKeyword" label={t.websiteKeyword}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="websiteCopyright" label={t.websiteCopyright}>
              <Input maxLength={200} />
            </Form.Item>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="websiteIcpNo" label={t.websiteIcpNo}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="websitePrnNo" label={t.websitePrnNo}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card title={t.access} size="small" style={{ marginBottom: 16 }}>
            {SWITCHES.access.map((key) => (
              <Form.Item
                key={key}
                name={key}
                label={t[key]}
                valuePropName="checked"
                extra={key === 'visitorOpenSet' ? t.visitorOpenSetHint : undefined}
              >
                <Switch />
              </Form.Item>
            ))}
          </Card>
          <Card title={t.individuation} size="small" style={{ marginBottom: 16 }}>
            {SWITCHES.individuation.map((key) => (
              <Form.Item key={key} name={key} label={t[key]} valuePropName="checked">
                <Switch />
              </Form.Item>
            ))}
            <Form.Item name="studyScoreType" label={t.studyScoreType}>
              <Radio.Group
                options={[
                  { value: 1, label: t.credits },
                  { value: 2, label: t.hours },
                ]}
              />
            </Form.Item>
            <Form.Item name="entTypeNameStyle" label={t.entTypeNameStyle}>
              <Radio.Group
                options={[
                  { value: 1, label: t.enterprise },
                  { value: 2, label: t.unit },
                ]}
              />
            </Form.Item>
            <Form.Item
              name={['individuationOptions', 'accountHidePage']}
              label={t.accountHidePage}
              rules={[{ pattern: /^(\d{1,2}(,\d{1,2})*)?$/, message: t.accountHidePage }]}
            >
              <Input maxLength={40} />
            </Form.Item>
          </Card>
          <Card title={t.registrationFields} size="small" style={{ marginBottom: 16 }}>
            <Table
              size="small"
              rowKey={(f) => `${f.grp}:${f.field}`}
              pagination={false}
              dataSource={settings.registrationFields.map((f, index) => ({ ...f, index }))}
              columns={[
                {
                  title: t.field,
                  key: 'field',
                  render: (_, f) =>
                    `${fieldLabel(f.grp, f.field, lang)}（${f.grp === 'default' ? t.defaultGroup : t.detailGroup}）`,
                },
                {
                  title: t.fieldName,
                  key: 'name',
                  render: (_, f) => (
                    <Form.Item name={['registrationFields', f.index, 'name']} noStyle>
                      <Input size="small" maxLength={20} aria-label={t.fieldName} />
                    </Form.Item>
                  ),
                },
                {
                  title: t.fieldShow,
                  key: 'show',
                  width: 80,
                  render: (_, f) => (
                    <Form.Item name={['registrationFields', f.index, 'show']} valuePropName="checked" noStyle>
                      <Switch size="small" aria-label={t.fieldShow} />
                    </Form.Item>
                  ),
                },
                {
                  title: t.fieldRequired,
                  key: 'required',
                  width: 80,
                  render: (_, f) => (
                    <Form.Item name={['registrationFields', f.index, 'required']} valuePropName="checked" noStyle>
                      <Switch size="small" aria-label={t.fieldRequired} />
                    </Form.Item>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t.theme} size="small" style={{ marginBottom: 16 }}>
            <Row gutter={12}>
              {COLOURS.map((key) => (
                <Col span={12} key={key}>
                  <Form.Item
                    name={['theme', key]}
                    label={t[key]}
                    rules={[
                      {
                        validator: (_, v: string) =>
                          cssColor.safeParse(v).success ? Promise.resolve() : Promise.reject(new Error(t[key])),
                      },
                    ]}
                  >
                    <ColourField label={t[key]} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Card>
          <Card title={t.preview} size="small" style={{ marginBottom: 16 }}>
            <Typography.Paragraph type="secondary">{t.previewHint}</Typography.Paragraph>
            <ThemePreview theme={{ ...settings.theme, ...pendingTheme }} siteName={pendingName} />
          </Card>
          <Button type="primary" htmlType="submit" loading={busy} block>
            {t.save}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
