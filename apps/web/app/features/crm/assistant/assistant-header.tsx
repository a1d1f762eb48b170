import { Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { crmMessages } from '../messages.ts';
import { assistantMessages } from './assistant-messages.ts';

const TABS = { settings: '/crm/assistant', usage: '/crm/assistant/usage' } as const;

/** The assistant pages' heading and their two tabs, the settings and the usage, each its own address. */
export function AssistantHeader({ active }: { active: keyof typeof TABS }) {
  const crm = useMessages(crmMessages);
  const t = useMessages(assistantMessages);
  const lang = useLang();
  const navigate = useNavigate();
  return (
    <>
      <Typography.Title level={4}>{crm.assistant}</Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(localePath(TABS[key as keyof typeof TABS], lang))}
        items={[
          { key: 'settings', label: t.settingsTab },
          { key: 'usage', label: t.usageTab },
        ]}
      />
    </>
  );
}
