import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { registrationFormsOf } from '../registration-form/index.ts';
import { LearnerImportService } from './learner-import.service.ts';

/**
 * The back office's learner import (issue 21 item 2, decision 038): the template, the upload that
 * starts a background import, its progress and the enterprise's imports. Admin calls.
 */
export default defineModule({
  name: 'learner-import',
  register(gateway, platform) {
    const service = new LearnerImportService({
      pool: platform.database.pool,
      jobs: platform.jobs,
      storage: platform.storage,
      signer: platform.signer,
      cipher: platform.cipher,
      forms: registrationFormsOf(platform),
      log: gateway.app.log,
    });
    gateway.call(calls.viewLearnerImportTemplate, (_q, ctx) => service.viewTemplate(ctx.eid, ctx.lang));
    gateway.call(calls.startLearnerImport, (q, ctx) =>
      service.start({
        eid: ctx.eid,
        accountId: ctx.session.accountId,
        lang: ctx.lang,
        encryptedPassword: q.initialPassword,
        next: (o) => ctx.req.file(o),
        audit: ctx.audit,
      }),
    );
    gateway.call(calls.findLearnerImports, (q, ctx) => service.findImports(ctx.eid, q));
    gateway.call(calls.viewLearnerImport, (q, ctx) => service.viewImport(ctx.eid, q.id));
  },
});
