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

/**
 * The menu's sections and their pages (path, text key), all open: the menu is short, and a page
 * is one click from any other.
 */
const CRM_SECTIONS: Array<{
  key: 'people' | 'courses' | 'exams' | 'training' | 'orders' | 'reports' | 'content' | 'system';
  items: Array<[string, keyof CrmText]>;
}> = [
  {
    key: 'people',
    items: [
      ['/crm/departments', 'departmentAdmin'],
      ['/crm/learners', 'learnerAdmin'],
      ['/crm/talent', 'talentRecords'],
      ['/crm/imports', 'learnerImports'],
      ['/crm/approvals', 'approvals'],
    ],
  },
  {
    key: 'courses',
    items: [
      ['/crm/courses', 'courseList'],
      ['/crm/live', 'liveRooms'],
      ['/crm/media', 'media'],
      ['/crm/lecturers', 'lecturers'],
      ['/crm/categories', 'categories'],
      ['/crm/tags', 'tags'],
    ],
  },
  {
    key: 'exams',
    items: [
      ['/crm/question-banks', 'questionBanks'],
      ['/crm/papers', 'papers'],
      ['/crm/exam-tasks', 'examTasks'],
      ['/crm/certificate-templates', 'certificateTemplates'],
      ['/crm/marking', 'marking'],
    ],
  },
  {
    key: 'training',
    items: [
      ['/crm/tasks', 'studyTasks'],
      ['/crm/projects', 'studyProjects'],
    ],
  },
  {
    key: 'orders',
    items: [
      ['/crm/orders', 'orderList'],
      ['/crm/invoices', 'invoiceAdmin'],
      ['/crm/payment', 'paymentSettings'],
      ['/crm/batch-packages', 'batchPackages'],
    ],
  },
  {
    key: 'reports',
    items: [
      ['/crm/reports', 'learningReport'],
      ['/crm/reports/exams', 'examReport'],
      ['/crm/reports/certificates', 'certificateReport'],
    ],
  },
  {
    key: 'content',
    items: [
      ['/crm/zones', 'zones'],
      ['/crm/navigation', 'navigation'],
      ['/crm/pages', 'sitePages'],
      ['/crm/settings', 'siteSettings'],
      ['/crm/news', 'news'],
      ['/crm/announcements', 'announcements'],
      ['/crm/messages', 'messageBoard'],
      ['/crm/comments', 'comments'],
    ],
  },
  {
    key: 'system',
    items: [['/crm/assistant', 'assistant']],
  },
];

/** The menu item of a page: its own path, or the section page it is under (/crm/courses/12). */
const selectedOf = (here: string): string => {
  const paths = CRM_SECTIONS.flatMap((s) => s.items.map(([path]) => path));
  if (paths.includes(here)) return here;
  // The longest item the path is under: /crm/reports/exams/3 is under the exam report, not /crm/reports.
  return paths.filter((path) => here.startsWith(`${path}/`)).sort((x, y) => y.length - x.length)[0] ?? here;
};

const isCrmHandle = (h: unknown): h is CrmHandle => typeof h === 'object' && h !== null && 'crumb' in h;

/**
 * The back office's frame (decision 036): a side menu of its sections, a header with the site's
 * name and the way back to the portal, a breadcrumb from the routes' handles, and the page.
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
  const path = basePath(pathname).replace(/\/$/, '') || '/crm';
  // A course's pages light up the course list's item.
  const here = path.startsWith('/crm/courses') ? '/crm/courses' : path;
  const items = [
    { key: '/crm', label: <Link to={to('/crm')}>{t.dashboard}</Link> },
    ...CRM_SECTIONS.map((section) => ({
      key: section.key,
      label: t[section.key],
      children: section.items.map(([path, text]) => ({
        key: path,
        label: <Link to={to(path)}>{t[text]}</Link>,
      })),
    })),
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
            selectedKeys={[selectedOf(here)]}
            defaultOpenKeys={CRM_SECTIONS.map((s) => s.key)}
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
