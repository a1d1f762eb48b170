import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { learnerOf } from '../../platform/learner.ts';
import { TalentRepository } from './talent.repository.ts';
import { TalentService } from './talent.service.ts';

/**
 * The talent-pool record (issue 24, decision 059; /account/fileRegister): the signed-in person's
 * own record in the session's enterprise, read whole and saved one section at a time.
 */
export default defineModule({
  name: 'talent',
  register(gateway, platform) {
    const talent = new TalentService(new TalentRepository(platform.db));
    gateway.call(calls.viewTalentInfo, (_q, ctx) => talent.view(learnerOf(ctx.session), ctx.lang));
    gateway.call(calls.editTalentInfo, (q, ctx) => talent.edit(learnerOf(ctx.session), q, ctx.lang), {
      perMinute: platform.perMinute,
    });
  },
});
