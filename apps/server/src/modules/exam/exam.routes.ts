import { pino } from 'pino';
import * as calls from '@portal/contract';
import { EXAM_SWEEP_EVERY_SECONDS } from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import type { Platform } from '../../platform/platform.ts';
import { examTaskExport } from './exam-export.ts';
import { learnerOf } from './exam.policy.ts';
import { AnswerSaves } from './answer-saves.ts';
import { ExamRepository } from './exam.repository.ts';
import { ExamService } from './exam.service.ts';

/** The platform's one exam service (the module's calls, the sweep, and tests that run the sweep's handler). */
export const examServiceOf = (platform: Platform): ExamService =>
  platform.shared(
    (p) =>
      new ExamService({
        repo: new ExamRepository(p.db),
        saves: new AnswerSaves(p.database.tenantPool),
        systemDb: p.systemDb,
        log: pino({ level: p.config.LOG_LEVEL, name: 'exam' }),
      }),
  );

/**
 * Exams (issue 13 items 2–4, decision 029): the learner's exam tasks, counts, record, ticket and
 * export; taking an attempt (start, paper, clock and leaves, saves, finish); results and past
 * attempts; marking short answers by the enterprise's administrators; and the sweep that submits
 * abandoned attempts every 30 s.
 */
export default defineModule({
  name: 'exam',
  register(gateway, platform) {
    const s = examServiceOf(platform);
    const limited = { perMinute: platform.perMinute };
    const tasksExport = platform.exports.define('exam-tasks', examTaskExport(s));
    platform.jobs.schedule('exam-sweep', EXAM_SWEEP_EVERY_SECONDS, async () => {
      await s.sweepOverdueAttempts();
    });

    gateway.call(calls.findExamTasks, (q, ctx) => s.findTasks(learnerOf(ctx.session), q, false));
    gateway.call(calls.findExamTaskRecords, (q, ctx) => s.findTasks(learnerOf(ctx.session), q, true));
    gateway.call(calls.countExamTasks, (_q, ctx) => s.countTasks(learnerOf(ctx.session)));
    gateway.call(calls.viewExamTaskRecord, (q, ctx) => s.viewTaskRecord(learnerOf(ctx.session), q.taskId));
    gateway.call(calls.viewAdmissionTicket, (q, ctx) => s.viewAdmissionTicket(learnerOf(ctx.session), q.taskId));
    gateway.call(
      calls.exportExamTasks,
      (q, ctx) =>
        tasksExport.start({
          eid: ctx.eid,
          accountId: ctx.session.accountId,
          lang: ctx.lang,
          params: {
            ...(q.statusLabel === undefined ? {} : { statusLabel: q.statusLabel }),
            ...(q.keyword ? { keyword: q.keyword } : {}),
          },
        }),
      limited,
    );

    gateway.call(calls.startExam, (q, ctx) => s.startExam(learnerOf(ctx.session), q.taskId, q.clientAt ?? null));
    gateway.call(calls.viewExamPaper, (q, ctx) =>
      s.viewExamPaper(learnerOf(ctx.session), q.attemptId, q.clientAt ?? null),
    );
    gateway.call(calls.getExamDuration, (q, ctx) => s.getDuration(learnerOf(ctx.session), q));
    gateway.call(calls.saveExamAnswer, (q, ctx) => s.saveAnswer(learnerOf(ctx.session), q));
    gateway.call(calls.saveExamAnswers, (q, ctx) => s.saveAnswers(learnerOf(ctx.session), q));
    gateway.call(calls.finishExam, (q, ctx) => s.finishExam(learnerOf(ctx.session), q.attemptId, q.clientAt ?? null));
    gateway.call(calls.viewExamResult, (q, ctx) => s.viewResult(learnerOf(ctx.session), q.attemptId));
    gateway.call(calls.viewPaperRecord, (q, ctx) => s.viewResult(learnerOf(ctx.session), q.id));
    gateway.call(calls.findPaperRecords, (q, ctx) => s.findPaperRecords(learnerOf(ctx.session), q));

    gateway.call(calls.findMarkingAttempts, (q, ctx) => s.findMarking(ctx.session, q));
    gateway.call(calls.viewMarkingAttempt, (q, ctx) => s.viewMarking(ctx.session, q.attemptId));
    gateway.call(calls.markExamAttempt, (q, ctx) => s.markAttempt(ctx.session, q));
  },
});
