import { Breadcrumb, Layout, Menu, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { basePath, localePath } from '../../lib/navigation.ts';
import { crmMessages, type CrmText } from './messages.ts';

/** What a back-office route puts in its `handle`: its crumb's text key. */
export interface CrmHandle {
  crumb: keyof CrmText;
}

/** The pages of the content submenu: it opens on them. */
const CONTENT_PAGES = ['/crm/news', '/crm/announcements', '/crm/messages', '/crm/comments'];

const isCrmHandle = (h: unknown): h is CrmHandle => typeof h === 'object' && h !== null && 'crumb' in h;

/**
 * The back office's frame (decision 036): a side menu of its sections, a header with the site's
 * name and the way back to the portal, a breadcrumb from the routes' handles, and the page.
 * Sections later parts build (people, courses, content) are in the menu, disabled, not faked.
 */
export function CrmFrame({
  siteName,
  adminName,
  children,
}: {
  siteName: string;
  adminName: string;
  children: ReactNode;
}) {
  const t = useMessages(crmMessages);
  const lang = useLang();
  const { pathname } = useLocation();
  const matches = useMatches();
  const to = (path: string) => localePath(path, lang);
  const here = basePath(pathname).replace(/\/$/, '') || '/crm';
  const items = [
    { key: '/crm', label: <Link to={to('/crm')}>{t.dashboard}</Link> },
    { key: 'people', label: t.people, disabled: true, title: t.comingLater },
    { key: 'courses', label: t.courses, disabled: true, title: t.comingLater },
    {
      key: 'content',
      label: t.content,
      // The site's content (decision 043); zones, navigation, settings and pages join it.
      children: [
        { key: '/crm/news', label: <Link to={to('/crm/news')}>{t.news}</Link> },
        { key: '/crm/announcements', label: <Link to={to('/crm/announcements')}>{t.announcements}</Link> },
        { key: '/crm/messages', label: <Link to={to('/crm/messages')}>{t.messageBoard}</Link> },
        { key: '/crm/comments', label: <Link to={to('/crm/comments')}>{t.comments}</Link> },
      ],
    },
    { key: '/crm/audit', label: <Link to={to('/crm/audit')}>{t.auditLog}</Link> },
  ];
  const crumbs = matches
    .map((m) => m.handle)
    .filter(isCrmHandle)
    .map((h) => ({ title: t[h.crumb] }));

  return (
    <Layout className="crm-layout" style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" width={208} breakpoint="lg" collapsedWidth={0}>
        <div className="crm-brand" style={{ padding: '20px 24px', fontWeight: 600, fontSize: 16 }}>
          {t.title}
        </div>
        <nav aria-label={t.title}>
          <Menu
            mode="inline"
            selectedKeys={[here]}
            defaultOpenKeys={CONTENT_PAGES.includes(here) ? ['content'] : []}
            items={items}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: 'var(--ant-color-bg-container, #fff)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            paddingInline: 24,
          }}
        >
          <Typography.Text strong>{siteName}</Typography.Text>
          <span style={{ display: 'flex', alignItems: 'center', gap: 16, lineHeight: 'normal' }}>
            <Typography.Text>{adminName}</Typography.Text>
            <a href={to('/home')}>{t.backToPortal}</a>
          </span>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <main id="portal-main">
            <Breadcrumb items={[{ title: t.title }, ...crumbs]} style={{ marginBottom: 16 }} />
            {children}
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
