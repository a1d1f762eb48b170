import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { learnerOf } from '../../platform/learner.ts';
import { PracticeRepository } from './practice.repository.ts';
import { PracticeService } from './practice.service.ts';

/**
 * Practice and the error book (issue 13 item 5, decision 031): the practice sets' page of the
 * spec, and the portal's own calls under the same prefix: rounds of a set or of the error book,
 * answering with an immediate mark, finishing, the error book and the accuracy analysis. Every
 * call is the signed-in learner's own, in their session's enterprise.
 */
export default defineModule({
  name: 'practice',
  register(gateway, platform) {
    const s = new PracticeService(new PracticeRepository(platform.db));
    gateway.call(calls.findPracticeSets, (q, ctx) => s.findPracticeSets(learnerOf(ctx.session), q));
    gateway.call(calls.startPractice, (q, ctx) => s.startPractice(learnerOf(ctx.session), q.setId));
    gateway.call(calls.startErrorBookPractice, (q, ctx) => s.startErrorBookPractice(learnerOf(ctx.session), q));
    gateway.call(calls.viewPracticeRound, (q, ctx) => s.viewPracticeRound(learnerOf(ctx.session), q.recordId));
    gateway.call(calls.answerPractice, (q, ctx) => s.answerPractice(learnerOf(ctx.session), q));
    gateway.call(calls.finishPractice, (q, ctx) => s.finishPractice(learnerOf(ctx.session), q.recordId));
    gateway.call(calls.findErrorBook, (q, ctx) => s.findErrorBook(learnerOf(ctx.session), q));
    gateway.call(calls.viewPracticeAnalysis, (q, ctx) => s.viewPracticeAnalysis(learnerOf(ctx.session), q.source));
  },
});
