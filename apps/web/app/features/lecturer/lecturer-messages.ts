import { defineMessages } from '../../lib/i18n.ts';

export const lecturerMessages = defineMessages({
  zh: {
    title: '讲师风采',
    all: '全部',
    ranks: '讲师级别',
    empty: '暂无讲师',
    failed: '数据加载失败，请稍后再试',
    intro: '讲师简介',
    courses: '主讲课程',
    noCourses: '暂无课程',
    organization: '所属单位：{name}',
    back: '返回讲师列表',
  },
  en: {
    title: 'Lecturers',
    all: 'All',
    ranks: 'Lecturer ranks',
    empty: 'No lecturers yet',
    failed: 'Failed to load data, please try again later',
    intro: 'About',
    courses: 'Courses',
    noCourses: 'No courses yet',
    organization: 'Organisation: {name}',
    back: 'Back to the lecturers',
  },
});
