import { defineMessages, format } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/navigation.ts';

/** Texts of my study (/account?change=1). */
export const studyMessages = defineMessages({
  zh: {
    status: '按学习状态筛选',
    status0: '全部',
    status1: '学习中',
    status2: '已完成',
    status3: '我的收藏',
    keyword: '搜索我的课程',
    keywordPlaceholder: '输入课程名称',
    search: '搜索',
    export: '导出',
    exported: '导出任务已提交，完成后可在右上角下载列表中下载',
    list: '我的课程',
    empty: '暂无课程',
    emptyMarked: '暂无收藏的课程',
    browse: '去课程中心看看',
    lecturer: '讲师：{name}',
    progress: '{title} 的学习进度',
    periods: '已完成 {done}/{total} 课时',
    studied: '已学 {time}',
    lastStudied: '最近学习 {time}',
    notStarted: '尚未开始学习',
    completedAt: '完成于 {time}',
    start: '开始学习',
    continue: '继续学习',
    review: '复习',
    dynamics: '学习动态',
    noDynamics: '暂无学习动态',
    started: '{name} 开始学习',
    completed: '{name} 完成了',
    hours: '{h}小时{m}分钟',
    minutes: '{m}分钟',
    underMinute: '不到1分钟',
  },
  en: {
    status: 'Filter by study status',
    status0: 'All',
    status1: 'In progress',
    status2: 'Completed',
    status3: 'Favourites',
    keyword: 'Search my courses',
    keywordPlaceholder: 'Words in a course title',
    search: 'Search',
    export: 'Export',
    exported: 'Export submitted. When it is ready, download it from the Downloads list at the top right',
    list: 'My courses',
    empty: 'No courses yet',
    emptyMarked: 'No favourite courses yet',
    browse: 'Browse the courses',
    lecturer: 'Lecturer: {name}',
    progress: 'Progress in {title}',
    periods: '{done} of {total} lessons completed',
    studied: 'Studied {time}',
    lastStudied: 'Last studied {time}',
    notStarted: 'Not started yet',
    completedAt: 'Completed {time}',
    start: 'Start learning',
    continue: 'Continue learning',
    review: 'Review',
    dynamics: 'Study activity',
    noDynamics: 'No study activity yet',
    started: '{name} started',
    completed: '{name} completed',
    hours: '{h} h {m} min',
    minutes: '{m} min',
    underMinute: 'under a minute',
  },
});

/** Texts of my records (/account?change=3): the earning ledger and the certificates' tab. */
export const recordMessages = defineMessages({
  zh: {
    tabs: '档案类型',
    earningsHours: '积分学时',
    earningsCredits: '积分学分',
    certificates: '证书',
    points: '积分',
    hours: '学时',
    credits: '学分',
    title: '名称',
    source: '来源',
    otherSource: '其他',
    time: '获得时间',
    empty: '暂无积分记录',
  },
  en: {
    tabs: 'Record type',
    earningsHours: 'Points and credit hours',
    earningsCredits: 'Points and credits',
    certificates: 'Certificates',
    points: 'Points',
    hours: 'Credit hours',
    credits: 'Credits',
    title: 'Title',
    source: 'Source',
    otherSource: 'Other',
    time: 'Earned on',
    empty: 'No records yet',
  },
});

/** Time studied: 1小时5分钟 / 1 h 5 min, 5分钟, 不到1分钟. */
export function studiedTime(seconds: number, t: { hours: string; minutes: string; underMinute: string }): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes === 0) return t.underMinute;
  if (minutes < 60) return format(t.minutes, { m: minutes });
  return format(t.hours, { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/** 《title》 in Chinese, “title” in English. */
export function quoted(title: string, lang: Lang): string {
  return lang === 'en' ? `“${title}”` : `《${title}》`;
}
