import { Form, Input, InputNumber, Select, Switch } from 'antd';
import {
  NAV_MENU_TYPES,
  deleteNavItem,
  saveNavItem,
  sortNavItems,
  type AdminNavItem,
} from '@portal/contract/calls/site-admin';
import { request } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLinkRule, useRequired } from './fields.tsx';
import { siteMessages, type SiteText } from './messages.ts';
import { OrderedList } from './ordered-list.tsx';

const menuTypeText = (t: SiteText, type: number) => t[`menuType${type}` as keyof SiteText] ?? String(type);

type NavValues = Omit<AdminNavItem, 'id' | 'sort'>;

/** /crm/navigation: the site's menu, in order; a topic menu names its topic. */
export function NavigationPage({ items }: { items: AdminNavItem[] }) {
  const t = useMessages(siteMessages);
  const nameRule = useRequired(t.menuName);
  const linkRule = useLinkRule(false, t.linkUrl);
  return (
    <OrderedList<AdminNavItem, NavValues>
      testId="crm-navigation"
      title={t.menuItems}
      rows={items}
      columns={[
        { title: t.menuName, dataIndex: 'name' },
        { title: t.menuNameEn, dataIndex: 'nameEn' },
        { title: t.menuType, dataIndex: 'menuType', render: (v: number) => menuTypeText(t, v) },
        { title: t.linkUrl, dataIndex: 'url', ellipsis: true },
      ]}
      valuesOf={({ id: _id, sort: _sort, ...v }) => v}
      blank={{ name: '', nameEn: '', menuType: 1, url: '', topicId: null, openNewWindow: false, enabled: true }}
      save={(v, id) => request(saveNavItem, { ...v, ...(id ? { id } : {}) })}
      remove={(id) => request(deleteNavItem, { id })}
      sort={(ids) => request(sortNavItems, { ids })}
      fields={
        <>
          <Form.Item name="name" label={t.menuName} rules={nameRule}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item name="nameEn" label={t.menuNameEn}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="menuType" label={t.menuType}>
            <Select options={NAV_MENU_TYPES.map((v) => ({ value: v, label: menuTypeText(t, v) }))} />
          </Form.Item>
          <Form.Item noStyle dependencies={['menuType']}>
            {({ getFieldValue }) =>
              getFieldValue('menuType') === 3 ? (
                <Form.Item name="topicId" label={t.topicId} rules={[{ required: true, message: t.topicId }]}>
                  <InputNumber min={1} precision={0} />
                </Form.Item>
              ) : (
                <Form.Item name="url" label={t.linkUrl} rules={linkRule} extra={t.linkHint}>
                  <Input maxLength={500} />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item name="openNewWindow" label={t.openNewWindow} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t.enabled} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
    />
  );
}
