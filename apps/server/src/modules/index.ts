import type { PortalModule } from '../platform/module.ts';

/**
 * The composition root's list of feature modules (DESIGN.md section 2): each builds its own
 * services from the platform parts and registers its calls. A new feature adds one line here.
 */
export const modules: PortalModule[] = (
  await Promise.all([
    import('./site/site.routes.ts'),
    import('./enum/enum.routes.ts'),
    import('./region/region.routes.ts'),
    import('./account/account.routes.ts'),
    import('./profile/profile.routes.ts'),
    import('./third-party/third-party.routes.ts'),
    import('./registration/registration.routes.ts'),
    import('./enterprise-application/enterprise-application.routes.ts'),
    import('./upload/upload.routes.ts'),
    import('./ranking/ranking.routes.ts'),
    import('./news/news.routes.ts'),
    import('./lecturer/lecturer.routes.ts'),
    import('./topic/topic.routes.ts'),
    import('./course/course.routes.ts'),
    import('./announcement/announcement.routes.ts'),
    import('./message/message.routes.ts'),
    import('./export-record/export-record.routes.ts'),
    import('./tag/tag.routes.ts'),
    import('./category/category.routes.ts'),
    import('./study/study.routes.ts'),
    import('./certificate/certificate.routes.ts'),
    import('./practice/practice.routes.ts'),
    import('./exam/exam.routes.ts'),
    import('./check-in/check-in.routes.ts'),
    import('./task/task.routes.ts'),
    import('./project/project.routes.ts'),
    import('./back-office/back-office.routes.ts'),
    import('./people/people.routes.ts'),
    import('./learner-import/learner-import.routes.ts'),
    import('./comment/comment.routes.ts'),
    import('./media/media.routes.ts'),
    import('./course-admin/course-admin.routes.ts'),
    import('./question-bank/question-bank.routes.ts'),
    import('./exam-admin/exam-admin.routes.ts'),
    import('./report/report.routes.ts'),
    import('./order/order.routes.ts'),
    import('./order/batch-package.routes.ts'),
    import('./talent/talent.routes.ts'),
    import('./live/live.routes.ts'),
    import('./assistant/assistant.routes.ts'),
  ])
).map((m) => m.default);
