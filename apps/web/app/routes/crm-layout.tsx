import { Outlet } from 'react-router';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { CrmFrame } from '../features/crm/crm-layout.tsx';
import { requireAdmin } from '../features/crm/crm.server.ts';
import type { Route } from './+types/crm-layout';

/** /crm: the back office for the enterprise's administrators (decision 036); its own route chunks. */
export const loader = (args: Route.LoaderArgs) => requireAdmin(args);

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.lang === 'en' ? 'Back office' : '管理后台'}${data?.siteName ? ` - ${data.siteName}` : ''}` },
  { name: 'robots', content: 'noindex' },
];

export default function CrmLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AntdRoot>
      <CrmFrame siteName={loaderData.siteName} adminName={loaderData.adminName}>
        <Outlet />
      </CrmFrame>
    </AntdRoot>
  );
}
