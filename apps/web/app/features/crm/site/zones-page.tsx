import { Form, Input, InputNumber, Select, Switch, Tabs } from 'antd';
import {
  ZONE_SHOW_NUM_MAX,
  ZONE_TYPES,
  COURSE_ZONE_RELATIONS,
  BANNER_AUDIENCES,
  deleteBanner,
  deleteSysLink,
  deleteZone,
  saveBanner,
  saveSysLink,
  saveZone,
  sortBanners,
  sortSysLinks,
  sortZones,
  type AdminBanner,
  type AdminSysLink,
  type AdminZone,
} from '@portal/contract/calls/site-admin';
import { request } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { ImageField, useLinkRule, useRequired } from './fields.tsx';
import { siteMessages, type SiteText } from './messages.ts';
import { OrderedList } from './ordered-list.tsx';

const zoneTypeText = (t: SiteText, type: number) => t[`zoneType${type}` as keyof SiteText] ?? String(type);
const relationText = (t: SiteText, r: number | null) => (r ? t[`relation${r}` as keyof SiteText] : '—');
const audienceText = (t: SiteText, a: string) =>
  a === 'visitor' ? t.audienceVisitor : a === 'signedIn' ? t.audienceSignedIn : t.audienceAll;

type ZoneValues = Omit<AdminZone, 'id' | 'sort'>;
type BannerValues = Omit<AdminBanner, 'id' | 'sort'>;
type LinkValues = Omit<AdminSysLink, 'id' | 'sort'>;

function ZonesList({ rows }: { rows: AdminZone[] }) {
  const t = useMessages(siteMessages);
  const nameRule = useRequired(t.zoneName);
  return (
    <OrderedList<AdminZone, ZoneValues>
      testId="crm-zones"
      title={t.zonesTab}
      rows={rows}
      columns={[
        { title: t.zoneName, dataIndex: 'zoneName' },
        { title: t.zoneNameEn, dataIndex: 'zoneNameEn' },
        { title: t.zoneType, dataIndex: 'zoneType', render: (v: number) => zoneTypeText(t, v) },
        { title: t.relationType, dataIndex: 'relationType', render: (v: number | null) => relationText(t, v) },
        { title: t.showNum, dataIndex: 'showNum', width: 100 },
      ]}
      valuesOf={({ id: _id, sort: _sort, ...v }) => v}
      blank={{ zoneName: '', zoneNameEn: '', zoneType: 2, relationType: 1, showNum: 8, enabled: true }}
      save={(v, id) => request(saveZone, { ...v, ...(id ? { id } : {}) })}
      remove={(id) => request(deleteZone, { id })}
      sort={(ids) => request(sortZones, { ids })}
      fields={
        <>
          <Form.Item name="zoneName" label={t.zoneName} rules={nameRule}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="zoneNameEn" label={t.zoneNameEn}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="zoneType" label={t.zoneType}>
            <Select options={ZONE_TYPES.map((v) => ({ value: v, label: zoneTypeText(t, v) }))} />
          </Form.Item>
          <Form.Item noStyle dependencies={['zoneType']}>
            {({ getFieldValue }) =>
              getFieldValue('zoneType') === 2 ? (
                <Form.Item name="relationType" label={t.relationType}>
                  <Select options={COURSE_ZONE_RELATIONS.map((v) => ({ value: v, label: relationText(t, v) }))} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
          <Form.Item name="showNum" label={t.showNum}>
            <InputNumber min={1} max={ZONE_SHOW_NUM_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t.enabled} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
    />
  );
}

function BannersList({ rows }: { rows: AdminBanner[] }) {
  const t = useMessages(siteMessages);
  const titleRule = useRequired(t.bannerTitle);
  const imageRule = useLinkRule(true, t.image);
  const linkRule = useLinkRule(false, t.linkUrl);
  return (
    <OrderedList<AdminBanner, BannerValues>
      testId="crm-banners"
      title={t.bannersTab}
      rows={rows}
      columns={[
        {
          title: t.image,
          dataIndex: 'imageUrl',
          width: 140,
          render: (v: string) => <img src={v} alt="" style={{ width: 120, height: 40, objectFit: 'cover' }} />,
        },
        { title: t.bannerTitle, dataIndex: 'title' },
        { title: t.linkUrl, dataIndex: 'linkUrl', ellipsis: true },
        { title: t.audience, dataIndex: 'audience', render: (v: string) => audienceText(t, v) },
      ]}
      valuesOf={({ id: _id, sort: _sort, ...v }) => v}
      blank={{ title: '', imageUrl: '', linkUrl: '', openNewWindow: false, enabled: true, audience: 'all' }}
      save={(v, id) => request(saveBanner, { ...v, ...(id ? { id } : {}) })}
      remove={(id) => request(deleteBanner, { id })}
      sort={(ids) => request(sortBanners, { ids })}
      fields={
        <>
          <Form.Item name="title" label={t.bannerTitle} rules={titleRule}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="imageUrl" label={t.image} rules={imageRule}>
            <ImageField />
          </Form.Item>
          <Form.Item name="linkUrl" label={t.linkUrl} rules={linkRule} extra={t.linkHint}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="openNewWindow" label={t.openNewWindow} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="audience" label={t.audience}>
            <Select options={BANNER_AUDIENCES.map((v) => ({ value: v, label: audienceText(t, v) }))} />
          </Form.Item>
          <Form.Item name="enabled" label={t.enabled} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
    />
  );
}

function LinksList({ rows }: { rows: AdminSysLink[] }) {
  const t = useMessages(siteMessages);
  const nameRule = useRequired(t.linkName);
  const urlRule = useLinkRule(true, t.linkUrl);
  return (
    <OrderedList<AdminSysLink, LinkValues>
      testId="crm-links"
      title={t.linksTab}
      rows={rows}
      columns={[
        { title: t.linkName, dataIndex: 'name' },
        { title: t.linkUrl, dataIndex: 'url', ellipsis: true },
      ]}
      valuesOf={({ name, url }) => ({ name, url })}
      blank={{ name: '', url: '' }}
      save={(v, id) => request(saveSysLink, { ...v, ...(id ? { id } : {}) })}
      remove={(id) => request(deleteSysLink, { id })}
      sort={(ids) => request(sortSysLinks, { ids })}
      fields={
        <>
          <Form.Item name="name" label={t.linkName} rules={nameRule}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="url" label={t.linkUrl} rules={urlRule} extra={t.linkHint}>
            <Input maxLength={500} />
          </Form.Item>
        </>
      }
    />
  );
}

/** /crm/zones: the home page's zones, its banners and its friendly links, each in its order. */
export function ZonesPage({
  zones,
  banners,
  links,
}: {
  zones: AdminZone[];
  banners: AdminBanner[];
  links: AdminSysLink[];
}) {
  const t = useMessages(siteMessages);
  return (
    <Tabs
      items={[
        { key: 'zones', label: t.zonesTab, children: <ZonesList rows={zones} /> },
        { key: 'banners', label: t.bannersTab, children: <BannersList rows={banners} /> },
        { key: 'links', label: t.linksTab, children: <LinksList rows={links} /> },
      ]}
    />
  );
}
