import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';
import { PAGES, type LayoutKind } from './pages.ts';

const LAYOUTS: Record<LayoutKind, string> = {
  default: 'shell/default-layout.tsx',
  blank: 'shell/blank-layout.tsx',
  bare: 'shell/bare-layout.tsx',
};

const pagesOf = (kind: LayoutKind) =>
  PAGES.filter((p) => p.layout === kind).map((p) => route(p.path, p.file, { id: p.path }));

/**
 * One route tree for both languages: every path takes an optional `en` segment (`/home` and
 * `/en/home`), so React Router matches, and builds its server routes from, about 50 routes instead
 * of two copies of them (decision 007). The language comes from the path (`pathLang`), never from
 * the route. Ids are explicit because one module may serve several pages (news.tsx).
 */
export default prefix('en?', [
  index('routes/index.tsx', { id: 'index' }),
  route('redirect/*', 'routes/redirect.tsx', { id: 'redirect' }),
  layout(LAYOUTS.default, { id: 'layout-default' }, [
    ...pagesOf('default'),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
  layout(LAYOUTS.blank, { id: 'layout-blank' }, pagesOf('blank')),
  layout(LAYOUTS.bare, { id: 'layout-bare' }, pagesOf('bare')),
  // The back office (decision 036): its own layout and route chunks, none in the portal's pages.
  route('crm', 'routes/crm-layout.tsx', { id: 'crm' }, [
    index('routes/crm-dashboard.tsx', { id: 'crm-dashboard' }),
    route('audit', 'routes/crm-audit-log.tsx', { id: 'crm-audit' }),
    route('departments', 'routes/crm-departments.tsx', { id: 'crm-departments' }),
    route('learners', 'routes/crm-learners.tsx', { id: 'crm-learners' }),
    route('talent', 'routes/crm-talent.tsx', { id: 'crm-talent' }),
    route('lecturers', 'routes/crm-lecturers.tsx', { id: 'crm-lecturers' }),
    route('categories', 'routes/crm-categories.tsx', { id: 'crm-categories' }),
    route('tags', 'routes/crm-tags.tsx', { id: 'crm-tags' }),
    route('imports', 'routes/crm-imports.tsx', { id: 'crm-imports' }),
    route('approvals', 'routes/crm-approvals.tsx', { id: 'crm-approvals' }),
    route('orders', 'routes/crm-orders.tsx', { id: 'crm-orders' }),
    route('invoices', 'routes/crm-invoices.tsx', { id: 'crm-invoices' }),
    route('payment', 'routes/crm-payment.tsx', { id: 'crm-payment' }),
    route('batch-packages', 'routes/crm-batch-packages.tsx', { id: 'crm-batch-packages' }),
    route('zones', 'routes/crm-zones.tsx', { id: 'crm-zones' }),
    route('navigation', 'routes/crm-navigation.tsx', { id: 'crm-navigation' }),
    route('pages', 'routes/crm-pages.tsx', { id: 'crm-pages' }),
    route('settings', 'routes/crm-settings.tsx', { id: 'crm-settings' }),
    route('courses', 'routes/crm-courses.tsx', { id: 'crm-courses' }),
    route('courses/new', 'routes/crm-course-new.tsx', { id: 'crm-course-new' }),
    route('courses/:id', 'routes/crm-course-edit.tsx', { id: 'crm-course-edit' }),
    route('live', 'routes/crm-live.tsx', { id: 'crm-live' }),
    route('live/settings', 'routes/crm-live-settings.tsx', { id: 'crm-live-settings' }),
    route('live/:id', 'routes/crm-live-attendance.tsx', { id: 'crm-live-attendance' }),
    route('assistant', 'routes/crm-assistant.tsx', { id: 'crm-assistant' }),
    route('assistant/usage', 'routes/crm-assistant-usage.tsx', { id: 'crm-assistant-usage' }),
    route('media', 'routes/crm-media.tsx', { id: 'crm-media' }),
    route('question-banks', 'routes/crm-question-banks.tsx', { id: 'crm-question-banks' }),
    route('question-banks/:id', 'routes/crm-questions.tsx', { id: 'crm-questions' }),
    route('papers', 'routes/crm-papers.tsx', { id: 'crm-papers' }),
    route('papers/new', 'routes/crm-paper-new.tsx', { id: 'crm-paper-new' }),
    route('papers/:id', 'routes/crm-paper-edit.tsx', { id: 'crm-paper-edit' }),
    route('papers/:id/preview', 'routes/crm-paper-preview.tsx', { id: 'crm-paper-preview' }),
    route('exam-tasks', 'routes/crm-exam-tasks.tsx', { id: 'crm-exam-tasks' }),
    route('exam-tasks/new', 'routes/crm-exam-task-new.tsx', { id: 'crm-exam-task-new' }),
    route('exam-tasks/:id', 'routes/crm-exam-task-edit.tsx', { id: 'crm-exam-task-edit' }),
    route('exam-tasks/:id/results', 'routes/crm-exam-results.tsx', { id: 'crm-exam-results' }),
    route('certificate-templates', 'routes/crm-certificate-templates.tsx', { id: 'crm-certificate-templates' }),
    route('certificate-templates/new', 'routes/crm-certificate-template-new.tsx', {
      id: 'crm-certificate-template-new',
    }),
    route('certificate-templates/:id', 'routes/crm-certificate-template-edit.tsx', {
      id: 'crm-certificate-template-edit',
    }),
    route('marking', 'routes/crm-marking.tsx', { id: 'crm-marking' }),
    route('marking/:id', 'routes/crm-marking-attempt.tsx', { id: 'crm-marking-attempt' }),
    route('tasks', 'routes/crm-tasks.tsx', { id: 'crm-tasks' }),
    route('tasks/new', 'routes/crm-task-new.tsx', { id: 'crm-task-new' }),
    route('tasks/:id', 'routes/crm-task-progress.tsx', { id: 'crm-task-progress' }),
    route('tasks/:id/edit', 'routes/crm-task-edit.tsx', { id: 'crm-task-edit' }),
    route('projects', 'routes/crm-projects.tsx', { id: 'crm-projects' }),
    route('projects/new', 'routes/crm-project-new.tsx', { id: 'crm-project-new' }),
    route('projects/:id/edit', 'routes/crm-project-edit.tsx', { id: 'crm-project-edit' }),
    route('projects/:id/applications', 'routes/crm-project-applications.tsx', { id: 'crm-project-applications' }),
    route('projects/:id/progress', 'routes/crm-project-progress.tsx', { id: 'crm-project-progress' }),
    route('reports', 'routes/crm-reports.tsx', { id: 'crm-reports' }),
    route('reports/exams', 'routes/crm-exam-report.tsx', { id: 'crm-exam-report' }),
    route('reports/exams/:id', 'routes/crm-exam-task-report.tsx', { id: 'crm-exam-task-report' }),
    route('reports/certificates', 'routes/crm-certificate-report.tsx', { id: 'crm-certificate-report' }),
    route('news', 'routes/crm-news.tsx', { id: 'crm-news' }),
    route('announcements', 'routes/crm-announcements.tsx', { id: 'crm-announcements' }),
    route('messages', 'routes/crm-messages.tsx', { id: 'crm-messages' }),
    route('comments', 'routes/crm-comments.tsx', { id: 'crm-comments' }),
  ]),
]) satisfies RouteConfig;
