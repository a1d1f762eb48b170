import { defineMessages } from '../../lib/i18n.ts';
import { localePath, type Lang } from '../../lib/navigation.ts';

/** The path of one topic: `/topic/cate/{id}` (account-area.md section 2). */
export const topicPath = (id: number, lang: Lang) => localePath(`/topic/cate/${id}`, lang);

/** Texts of the topic pages and the navigation's topic submenu (account-area.md sections 2 and 8). */
export const topicMessages = defineMessages({
  zh: {
    title: '专题',
    topics: '专题列表',
    banners: '专题横幅',
    courses: '专题课程',
    empty: '暂无专题课程',
    failed: '数据加载失败，请稍后再试',
    loading: '加载中…',
  },
  en: {
    title: 'Topics',
    topics: 'Topics',
    banners: 'Topic banners',
    courses: 'Courses of this topic',
    empty: 'No topic courses',
    failed: 'Failed to load data, please try again later',
    loading: 'Loading…',
  },
});
