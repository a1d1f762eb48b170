import { pino } from 'pino';
import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import type { Platform } from '../../platform/platform.ts';
import { AnswerSaves } from './answer-saves.ts';
import { examTaskExport } from './exam-export.ts';
import { ExamResults } from './exam-results.ts';
import { ExamSubmitting } from './exam-submitting.ts';
import { ExamSweep } from './exam-sweep.ts';
import { ExamTaking } from './exam-taking.ts';
import { ExamTasks } from './exam-tasks.ts';
import { learnerOf } from '../../platform/learner.ts';
import { ExamRepository } from './exam.repository.ts';
import { MarkingCalls } from './marking-calls.ts';

/** The exam module's services, one per use case, over one repository and one submit. */
function buildExamServices(p: Platform) {
  const repo = new ExamRepository(p.db);
  const submitting = new ExamSubmitting(repo);
  const results = new ExamResults(repo, submitting);
  return {
    tasks: new ExamTasks(repo),
    taking: new ExamTaking(repo, new AnswerSaves(p.database.tenantPool), submitting, results),
    results,
    marking: new MarkingCalls(repo, submitting),
    sweep: new ExamSweep(p.systemDb, pino({ level: p.config.LOG_LEVEL, name: 'exam' }), submitting),
  };
}

/** The platform's one set of exam services (the module's calls, the sweep's job and tests). */
export const examServicesOf = (platform: Platform) => platform.shared(buildExamServices);

/** The platform's exam sweep (tests run its handler directly). */
export const examSweepOf = (platform: Platform): ExamSweep => examServicesOf(platform).sweep;

/**
 * Exams (issue 13 items 2–4, decision 029): the learner's exam tasks, counts, record, ticket and
 * export; taking an attempt (start, paper, clock and leaves, saves, finish); results and past
 * attempts; marking short answers by the enterprise's administrators; and the sweep that submits
 * abandoned attempts every 30 s.
 */
export default defineModule({
  name: 'exam',
  register(gateway, platform) {
    const { tasks, taking, results, marking, sweep } = examServicesOf(platform);
    const limited = { perMinute: platform.perMinute };
    const tasksExport = platform.exports.define('exam-tasks', examTaskExport(tasks));
    platform.jobs.schedule('exam-sweep', platform.config.EXAM_SWEEP_SECONDS, async () => {
      await sweep.sweepOverdueAttempts();
    });

    gateway.call(calls.findExamTasks, (q, ctx) => tasks.findTasks(learnerOf(ctx.session), q, false));
    gateway.call(calls.findExamTaskRecords, (q, ctx) => tasks.findTasks(learnerOf(ctx.session), q, true));
    gateway.call(calls.countExamTasks, (_q, ctx) => tasks.countTasks(learnerOf(ctx.session)));
    gateway.call(calls.viewExamTaskRecord, (q, ctx) => tasks.viewTaskRecord(learnerOf(ctx.session), q.taskId));
    gateway.call(calls.viewAdmissionTicket, (q, ctx) => tasks.viewAdmissionTicket(learnerOf(ctx.session), q.taskId));
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

    gateway.call(calls.startExam, (q, ctx) => taking.startExam(learnerOf(ctx.session), q.taskId, q.clientAt ?? null));
    gateway.call(calls.viewExamPaper, (q, ctx) =>
      taking.viewExamPaper(learnerOf(ctx.session), q.attemptId, q.clientAt ?? null),
    );
    gateway.call(calls.getExamDuration, (q, ctx) => taking.getDuration(learnerOf(ctx.session), q));
    gateway.call(calls.saveExamAnswer, (q, ctx) => taking.saveAnswer(learnerOf(ctx.session), q));
    gateway.call(calls.saveExamAnswers, (q, ctx) => taking.saveAnswers(learnerOf(ctx.session), q));
    gateway.call(calls.finishExam, (q, ctx) =>
      taking.finishExam(learnerOf(ctx.session), q.attemptId, q.clientAt ?? null),
    );
    gateway.call(calls.viewExamResult, (q, ctx) => results.viewResult(learnerOf(ctx.session), q.attemptId));
    gateway.call(calls.viewPaperRecord, (q, ctx) => results.viewResult(learnerOf(ctx.session), q.id));
    gateway.call(calls.findPaperRecords, (q, ctx) => results.findPaperRecords(learnerOf(ctx.session), q));

    gateway.call(calls.findMarkingAttempts, (q, ctx) => marking.findMarking(ctx.session, q));
    gateway.call(calls.viewMarkingAttempt, (q, ctx) => marking.viewMarking(ctx.session, q.attemptId, ctx.lang));
    gateway.call(calls.markExamAttempt, (q, ctx) => marking.markAttempt(ctx.session, q, ctx.audit, ctx.lang));
    gateway.call(calls.claimNextMarking, (q, ctx) => marking.claimNext(ctx.session, q, ctx.audit));
  },
});
