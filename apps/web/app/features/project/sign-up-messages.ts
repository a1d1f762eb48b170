import { defineMessages } from '../../lib/i18n.ts';

/**
 * Texts of the training enrolment page (/signUp, decision 063) that the project page does not have
 * already: the rule, seats, dates, refusals and the apply answers are `projectMessages` and
 * `projectCardMessages`.
 */
export const signUpMessages = defineMessages({
  zh: {
    kicker: '培训报名',
    listTitle: '培训报名',
    listIntro: '以下培训项目正在接受报名，选择项目即可报名。',
    listEmpty: '暂无可报名的培训项目',
    allProjects: '查看全部培训项目',
    applyNow: '立即报名',
    signInToApply: '登录后报名',
    register: '注册账号',
    visitorNote: '报名前请先登录。',
    visitorNoteRegister: '报名前请先登录；还没有账号？请先注册账号。',
    signInToSee: '登录后即可查看该项目并报名。',
    status: '报名状态：',
    pendingNote: '报名已提交，审核通过后即可开始学习。',
    enrolledNote: '您已报名该项目，可进入项目开始学习。',
    enterProject: '进入项目',
    viewProject: '查看项目详情',
    myEnrolments: '查看我的报名',
    notFound: '该页面不存在',
    notFoundNote: '报名链接中的培训项目不存在或已下线，请向培训组织者确认链接。',
    openProjects: '查看可报名的项目',
  },
  en: {
    kicker: 'Training enrolment',
    listTitle: 'Enrol in training',
    listIntro: 'These training projects are taking enrolments now: choose one to enrol.',
    listEmpty: 'No training projects are taking enrolments now',
    allProjects: 'See all training projects',
    applyNow: 'Enrol now',
    signInToApply: 'Sign in to enrol',
    register: 'Register',
    visitorNote: 'Sign in to enrol.',
    visitorNoteRegister: 'Sign in to enrol; no account yet? Register first.',
    signInToSee: 'Sign in to see this project and enrol.',
    status: 'Application: ',
    pendingNote: 'Your application is in; you can start once it is approved.',
    enrolledNote: 'You are enrolled in this project and can start learning.',
    enterProject: 'Go to the project',
    viewProject: 'Project details',
    myEnrolments: 'See my enrolments',
    notFound: 'This page does not exist',
    notFoundNote:
      'The training project of this enrolment link does not exist or was taken down; check the link with the organiser.',
    openProjects: 'Projects taking enrolments',
  },
});
