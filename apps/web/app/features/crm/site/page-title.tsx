import { Typography } from 'antd';
import { useMessages } from '../../../lib/i18n.ts';
import { crmMessages, type CrmText } from '../messages.ts';

/** A back-office page's heading: its menu item's text. */
export function PageTitle({ text }: { text: keyof CrmText }) {
  const t = useMessages(crmMessages);
  return <Typography.Title level={4}>{t[text]}</Typography.Title>;
}
