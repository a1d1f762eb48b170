import { Space, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { crmMessages } from '../messages.ts';
import { liveMessages } from './live-messages.ts';

const TABS = { rooms: '/crm/live', settings: '/crm/live/settings' } as const;

/** The live pages' heading and their two tabs, the rooms and the settings, each its own address. */
export function LiveHeader({ active, extra }: { active: keyof typeof TABS; extra?: ReactNode }) {
  const crm = useMessages(crmMessages);
  const t = useMessages(liveMessages);
  const lang = useLang();
  const navigate = useNavigate();
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={4}>{crm.liveRooms}</Typography.Title>
        {extra}
      </Space>
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(localePath(TABS[key as keyof typeof TABS], lang))}
        items={[
          { key: 'rooms', label: t.rooms },
          { key: 'settings', label: t.settings },
        ]}
      />
    </>
  );
}
