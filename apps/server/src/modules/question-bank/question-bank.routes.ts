import * as calls from '@portal/contract';
import { startAuditedExport } from '../../platform/audited-export.ts';
import { defineModule } from '../../platform/module.ts';
import { QuestionBankAdmin } from './question-bank-admin.ts';
import { QuestionBankAdminRepository } from './question-bank-admin.repository.ts';
import { PaperAdmin } from './paper-admin.ts';
import { PaperAdminRepository } from './paper-admin.repository.ts';
import { questionExport } from './question-export.ts';
import { QuestionImports } from './question-import.ts';
import { uploadServiceOf } from '../upload/index.ts';

/** The back office's question banks, questions and papers (issue 22 items 1 and 2, decisions 045–047). */
export default defineModule({
  name: 'question-bank',
  register(gateway, platform) {
    const repo = new QuestionBankAdminRepository(platform.db);
    const admin = new QuestionBankAdmin(repo, uploadServiceOf(platform));
    const imports = new QuestionImports({ db: platform.db, storage: platform.storage, signer: platform.signer });
    const exportKind = platform.exports.define('crm-questions', questionExport(repo));
    gateway.call(calls.findAdminQuestionBanks, (q, ctx) => admin.banks(ctx.eid, q));
    gateway.call(calls.viewAdminQuestionBank, (q, ctx) => admin.bank(ctx.eid, q.id));
    gateway.call(calls.createQuestionBank, (q, ctx) => admin.createBank(ctx, q));
    gateway.call(calls.editQuestionBank, ({ id, ...form }, ctx) => admin.editBank(ctx, id, form));
    gateway.call(calls.deleteQuestionBank, (q, ctx) => admin.deleteBank(ctx, q.id));
    gateway.call(calls.findAdminQuestions, (q, ctx) => admin.questions(ctx.eid, q));
    gateway.call(calls.viewAdminQuestion, (q, ctx) => admin.question(ctx.eid, q.id));
    gateway.call(calls.createQuestion, ({ bankId, ...form }, ctx) => admin.createQuestion(ctx, bankId, form));
    gateway.call(calls.editQuestion, ({ id, ...form }, ctx) => admin.editQuestion(ctx, id, form));
    gateway.call(calls.deleteQuestion, (q, ctx) => admin.deleteQuestion(ctx, q.id));
    gateway.call(calls.exportQuestions, async (q, ctx) => {
      await admin.bank(ctx.eid, q.bankId); // an unknown bank is refused now (9503), not in the job
      // The keys leave the system: who exported which questions is in the audit log.
      return startAuditedExport(platform.db, exportKind, ctx, q, 'question_export');
    });
    gateway.call(calls.viewQuestionImportTemplate, (_q, ctx) => imports.viewTemplate(ctx.eid, ctx.lang));
    gateway.call(calls.previewQuestionImport, (q, ctx) => imports.preview(ctx, q.bankId, (o) => ctx.req.file(o)));
    gateway.call(calls.importQuestions, (q, ctx) => imports.importPreview(ctx, q.id));

    // Papers (issue 22 item 2, decision 047).
    const papers = new PaperAdmin(new PaperAdminRepository(platform.db), platform.db);
    gateway.call(calls.findAdminPapers, (q, ctx) => papers.papers(ctx.eid, q));
    gateway.call(calls.viewAdminPaper, (q, ctx) => papers.paper(ctx.eid, q.id));
    gateway.call(calls.createPaper, (q, ctx) => papers.create(ctx, q));
    gateway.call(calls.editPaper, ({ id, ...form }, ctx) => papers.edit(ctx, id, form));
    gateway.call(calls.deletePaper, (q, ctx) => papers.remove(ctx, q.id));
    gateway.call(calls.previewPaper, (q, ctx) => papers.preview(ctx.eid, q.id));
    gateway.call(calls.viewBankQuestionCounts, async (q, ctx) => {
      await admin.bank(ctx.eid, q.id); // an unknown bank is refused (9503)
      return papers.bankCounts(ctx.eid, q.id);
    });
  },
});
