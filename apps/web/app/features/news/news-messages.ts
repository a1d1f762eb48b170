import { defineMessages } from '../../lib/i18n.ts';

export const newsMessages = defineMessages({
  zh: {
    title: '新闻资讯',
    all: '全部',
    categories: '新闻分类',
    views: '浏览 {n}',
    empty: '暂无数据',
    failed: '数据加载失败，请稍后再试',
    newer: '上一篇：',
    older: '下一篇：',
    none: '没有了',
    back: '返回列表',
    more: '更多',
    neighbours: '上下篇',
    author: '来源：{name}',
  },
  en: {
    title: 'News',
    all: 'All',
    categories: 'News categories',
    views: '{n} views',
    empty: 'No news yet',
    failed: 'Failed to load data, please try again later',
    newer: 'Newer: ',
    older: 'Older: ',
    none: 'None',
    back: 'Back to the list',
    more: 'More',
    neighbours: 'Newer and older',
    author: 'From {name}',
  },
});
