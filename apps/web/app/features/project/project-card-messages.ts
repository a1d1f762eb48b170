import { defineMessages } from '../../lib/i18n.ts';

// Apart from the other project texts: the home page's project zone loads only these (decision 004).

/** Texts of the project cards and the home page's project zone. */
export const projectCardMessages = defineMessages({
  zh: {
    empty: '暂无培训项目',
    dates: '{from} 至 {to}',
    seatsLeft: '剩余名额 {n}',
    seatsFull: '名额已满',
    noLimit: '不限名额',
    lecturers: '讲师：{names}',
    rule1: '自由报名',
    rule2: '报名需审核',
    rule3: '暂停报名',
    more: '更多',
  },
  en: {
    empty: 'No training projects yet',
    dates: '{from} to {to}',
    seatsLeft: '{n} places left',
    seatsFull: 'Full',
    noLimit: 'No limit on places',
    lecturers: 'Lecturers: {names}',
    rule1: 'Open enrolment',
    rule2: 'Approval required',
    rule3: 'Enrolment closed',
    more: 'More',
  },
});

/** The learner's application status (ApplicationStatus 1–4), as a tag on cards and in my enrolments. */
export const applicationMessages = defineMessages({
  zh: { status1: '待审核', status2: '已通过', status3: '未通过', status4: '已取消' },
  en: { status1: 'Pending', status2: 'Approved', status3: 'Not approved', status4: 'Withdrawn' },
});
