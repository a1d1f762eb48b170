/**
 * Every page of the portal (platform.md section 2, account-area.md section 2): its path, layout,
 * route module and title. routes.ts builds the route table twice from it: no prefix (zh) and /en.
 */
export type LayoutKind = 'default' | 'blank' | 'bare';

interface PageDef {
  path: string;
  layout: LayoutKind;
  /** Route module. */
  file: string;
  title: { zh: string; en: string };
}

export const PAGES: PageDef[] = [
  { path: 'home', layout: 'default', file: 'routes/home.tsx', title: { zh: '首页', en: 'Home' } },
  { path: 'about', layout: 'default', file: 'routes/about.tsx', title: { zh: '关于我们', en: 'About us' } },
  { path: 'agreement', layout: 'default', file: 'routes/agreement.tsx', title: { zh: '平台协议', en: 'Agreement' } },
  { path: 'news', layout: 'default', file: 'routes/news.tsx', title: { zh: '新闻资讯', en: 'News' } },
  { path: 'search/:str', layout: 'default', file: 'routes/search.tsx', title: { zh: '搜索', en: 'Search' } },
  {
    path: 'news/detail',
    layout: 'default',
    file: 'routes/news-detail.tsx',
    title: { zh: '新闻详情', en: 'News detail' },
  },
  {
    path: 'news/categorySearch',
    layout: 'default',
    file: 'routes/news.tsx',
    title: { zh: '新闻分类', en: 'News by category' },
  },
  { path: 'ie', layout: 'bare', file: 'routes/ie.tsx', title: { zh: '浏览器版本过低', en: 'Unsupported browser' } },
  {
    path: 'certificate/query',
    layout: 'default',
    file: 'routes/certificate-query.tsx',
    title: { zh: '证书查询', en: 'Certificate lookup' },
  },
  {
    path: 'app/download',
    layout: 'default',
    file: 'routes/app-download.tsx',
    title: { zh: 'APP下载', en: 'Download the app' },
  },
  {
    path: 'company/in',
    layout: 'default',
    file: 'routes/company-in.tsx',
    title: { zh: '企业入驻', en: 'Register an organisation' },
  },
  { path: 'login', layout: 'blank', file: 'routes/login.tsx', title: { zh: '登录', en: 'Sign in' } },
  { path: 'register', layout: 'blank', file: 'routes/register.tsx', title: { zh: '注册', en: 'Register' } },
  { path: 'signUp', layout: 'blank', file: 'routes/sign-up.tsx', title: { zh: '报名', en: 'Enrolment' } },
  { path: 'forget', layout: 'blank', file: 'routes/forget.tsx', title: { zh: '忘记密码', en: 'Forgotten password' } },
  {
    path: 'callbackLogin',
    layout: 'blank',
    file: 'routes/callback-login.tsx',
    title: { zh: '登录中', en: 'Signing in' },
  },
  {
    path: 'thirdLogin',
    layout: 'blank',
    file: 'routes/third-login.tsx',
    title: { zh: '第三方登录', en: 'Third-party sign-in' },
  },
  { path: 'account', layout: 'default', file: 'routes/account.tsx', title: { zh: '个人中心', en: 'My account' } },
  {
    path: 'account/fileRegister',
    layout: 'default',
    file: 'routes/file-register.tsx',
    title: { zh: '人才档案登记', en: 'Talent record' },
  },
  {
    path: 'account/fileRegister/leave',
    layout: 'default',
    file: 'routes/file-register-leave.tsx',
    title: { zh: '离开人才档案登记', en: 'Leave the talent record' },
  },
  {
    path: 'account/exam/detail',
    layout: 'default',
    file: 'routes/exam-detail.tsx',
    title: { zh: '考试详情', en: 'Exam details' },
  },
  {
    path: 'account/exam/examQuestion',
    layout: 'blank',
    file: 'routes/exam-question.tsx',
    title: { zh: '考试答题', en: 'Exam' },
  },
  {
    path: 'account/exam/examSuccess',
    layout: 'default',
    file: 'routes/exam-success.tsx',
    title: { zh: '交卷成功', en: 'Paper submitted' },
  },
  {
    path: 'account/exam/info',
    layout: 'default',
    file: 'routes/exam-info.tsx',
    title: { zh: '考试信息', en: 'Exam information' },
  },
  {
    path: 'account/practice/analysis',
    layout: 'default',
    file: 'routes/practice-analysis.tsx',
    title: { zh: '练习分析', en: 'Practice analysis' },
  },
  {
    path: 'account/practice/detail',
    layout: 'default',
    file: 'routes/practice-detail.tsx',
    title: { zh: '练习详情', en: 'Practice' },
  },
  {
    path: 'account/practice/error',
    layout: 'default',
    file: 'routes/practice-error.tsx',
    title: { zh: '错题本', en: 'Error book' },
  },
  {
    path: 'account/practice/success',
    layout: 'default',
    file: 'routes/practice-success.tsx',
    title: { zh: '练习完成', en: 'Practice finished' },
  },
  {
    path: 'account/task/info',
    layout: 'default',
    file: 'routes/task-info.tsx',
    title: { zh: '任务详情', en: 'Task details' },
  },
  { path: 'knowledge', layout: 'default', file: 'routes/knowledge.tsx', title: { zh: '知识库', en: 'Knowledge' } },
  {
    path: 'knowledge/course/info',
    layout: 'default',
    file: 'routes/course-info.tsx',
    title: { zh: '课程详情', en: 'Course' },
  },
  {
    path: 'knowledge/project/info',
    layout: 'default',
    file: 'routes/project-info.tsx',
    title: { zh: '项目详情', en: 'Project' },
  },
  {
    path: 'watch/course',
    layout: 'blank',
    file: 'routes/watch-course.tsx',
    title: { zh: '课程学习', en: 'Course player' },
  },
  {
    path: 'watch/task',
    layout: 'blank',
    file: 'routes/watch-task.tsx',
    title: { zh: '任务学习', en: 'Task player' },
  },
  { path: 'live/watch', layout: 'blank', file: 'routes/live-watch.tsx', title: { zh: '直播', en: 'Live' } },
  { path: 'lecturer', layout: 'default', file: 'routes/lecturer.tsx', title: { zh: '讲师', en: 'Lecturers' } },
  {
    path: 'lecturer/view/info',
    layout: 'default',
    file: 'routes/lecturer-info.tsx',
    title: { zh: '讲师详情', en: 'Lecturer' },
  },
  {
    path: 'batchPackage/query',
    layout: 'default',
    file: 'routes/batch-package-query.tsx',
    title: { zh: '批次查询', en: 'Batch lookup' },
  },
  {
    path: 'company',
    layout: 'blank',
    file: 'routes/company.tsx',
    title: { zh: '切换平台', en: 'Switch organisation' },
  },
  {
    path: 'business/intro',
    layout: 'default',
    file: 'routes/business-intro.tsx',
    title: { zh: '业务介绍', en: 'Our services' },
  },
  { path: 'pay/buy', layout: 'default', file: 'routes/pay-buy.tsx', title: { zh: '购买', en: 'Checkout' } },
  { path: 'pay/dev', layout: 'default', file: 'routes/pay-dev.tsx', title: { zh: '模拟收银台', en: 'Test cashier' } },
  { path: 'topic', layout: 'default', file: 'routes/topic.tsx', title: { zh: '专题', en: 'Topics' } },
  { path: 'topic/cate/:id?', layout: 'default', file: 'routes/topic.tsx', title: { zh: '专题', en: 'Topics' } },
];

/** Route patterns as expressions: `:x` one segment, `/:x?` an optional one. */
const MATCHERS = PAGES.map((page) => ({
  page,
  re: new RegExp(
    `^${page.path
      .replace(/[.]/g, '\\.')
      .replace(/\/:\w+\?/g, '(?:/[^/]+)?')
      .replace(/:\w+/g, '[^/]+')}$`,
  ),
}));

/** The page whose route pattern matches a path without its /en prefix, e.g. `/topic/cate/3`. */
export function findPage(basePath: string): PageDef | undefined {
  const p = basePath.replace(/^\//, '');
  return MATCHERS.find((m) => m.re.test(p))?.page;
}
