import { App, Button, Form, Input, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  SITE_TEXT_MAX,
  saveSiteSettings,
  saveSiteText,
  type SiteSettings,
  type SiteText as SiteTextRow,
} from '@portal/contract/calls/site-admin';
import { request } from '../../../lib/api.ts';
import { format, useMessages } from '../../../lib/i18n.ts';
import { ImageField, useLinkRule, useRequired } from './fields.tsx';
import { siteMessages } from './messages.ts';

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** Saves through `work`, tells the person, and reads the page's data again. */
function useSave() {
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const t = useMessages(siteMessages);
  const [busy, setBusy] = useState(false);
  const save = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      message.success(t.saved);
      await revalidator.revalidate();
    } catch {
      // The request layer showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}

/**
 * One site text (agreement, privacy policy, business introduction): its title and rich content.
 * The content is HTML the portal sanitises when it serves it.
 */
function TextForm({ text }: { text: SiteTextRow }) {
  const t = useMessages(siteMessages);
  const { busy, save } = useSave();
  const titleRule = useRequired(t.textTitle);
  return (
    <Form
      layout="vertical"
      initialValues={{ title: text.title, content: text.content }}
      onFinish={(v: { title: string; content: string }) => save(() => request(saveSiteText, { type: text.type, ...v }))}
      data-testid={`crm-text-${text.type}`}
    >
      <Typography.Paragraph type="secondary">
        {text.updatedAt ? format(t.updatedAt, { time: timeOf(text.updatedAt) }) : t.neverSaved}
      </Typography.Paragraph>
      <Form.Item name="title" label={t.textTitle} rules={titleRule}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="content" label={t.textContent}>
        <Input.TextArea rows={16} maxLength={SITE_TEXT_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t.save}
      </Button>
    </Form>
  );
}

type FloatValues = Pick<SiteSettings, 'isEnableAppDownload' | 'appDownloadQrCode' | 'h5Url'> & {
  individuationOptions: SiteSettings['individuationOptions'];
};

/** The float window's QR codes and customer-service entrance (site settings; the rest kept as is). */
function FloatWindowForm({ settings }: { settings: SiteSettings }) {
  const t = useMessages(siteMessages);
  const { busy, save } = useSave();
  const h5Rule = useLinkRule(false, t.h5Url);
  const serviceRule = useLinkRule(false, t.customerServiceLink);
  return (
    <Form
      layout="vertical"
      initialValues={settings}
      onFinish={(v: FloatValues) =>
        save(() =>
          request(saveSiteSettings, {
            ...settings,
            ...v,
            individuationOptions: { ...settings.individuationOptions, ...v.individuationOptions },
          }),
        )
      }
      data-testid="crm-float-window"
    >
      <Form.Item name="isEnableAppDownload" label={t.appDownload} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="appDownloadQrCode" label={t.appQrCode}>
        <ImageField />
      </Form.Item>
      <Form.Item name="h5Url" label={t.h5Url} rules={h5Rule}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item
        name={['individuationOptions', 'indexCustomerServiceEntranceOpenSet']}
        label={t.customerService}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name={['individuationOptions', 'indexCustomerServiceLink']}
        label={t.customerServiceLink}
        rules={serviceRule}
      >
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name={['individuationOptions', 'pcSfjIndexCustomerServiceText']} label={t.customerServiceText}>
        <Input maxLength={100} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t.save}
      </Button>
    </Form>
  );
}

/** /crm/pages: the business introduction, the agreements and the float window. */
export function PagesPage({ texts, settings }: { texts: SiteTextRow[]; settings: SiteSettings | null }) {
  const t = useMessages(siteMessages);
  return (
    <Tabs
      items={[
        ...texts.map((text) => ({
          key: text.type,
          label: t[text.type],
          children: <TextForm key={text.updatedAt ?? text.type} text={text} />,
        })),
        ...(settings
          ? [{ key: 'float', label: t.floatWindow, children: <FloatWindowForm settings={settings} /> }]
          : []),
      ]}
    />
  );
}
