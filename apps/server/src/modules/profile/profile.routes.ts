import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { AccountRepository } from '../account/index.ts';
import { registrationServiceOf } from '../registration/index.ts';
import { uploadServiceOf } from '../upload/index.ts';
import { ProfileService } from './profile.service.ts';

/** The personal-information page (account-area.md section 7): the signed-in learner's own profile. */
export default defineModule({
  name: 'profile',
  register(gateway, platform) {
    const profiles = new ProfileService({
      accounts: new AccountRepository(platform.db, platform.systemDb),
      cipher: platform.cipher,
      vault: platform.vault,
      uploads: uploadServiceOf(platform),
      registrations: registrationServiceOf(platform),
    });
    gateway.call(calls.viewUserDetail, (_q, ctx) => profiles.userDetail(ctx.session));
    gateway.call(calls.viewConfirmSetting, (_q, ctx) => profiles.viewConfirmSetting(ctx.session));
    gateway.call(calls.updateConfirm, async (input, ctx) => {
      await profiles.updateConfirm(ctx.session, input.type);
      return null;
    });
    gateway.call(calls.getHeadshotUrl, async (_q, ctx) => ({ url: await profiles.getHeadshotUrl(ctx.session) }));
    // The current user (user info) this process remembers shows what these calls change.
    const changed = (accountId: number) => platform.sessions.forgetAccount(accountId);
    gateway.call(calls.updateUserInfo, async (input, ctx) => {
      await profiles.updateUserInfo(ctx.session, input);
      changed(ctx.session.accountId);
      return null;
    });
    gateway.call(calls.checkIdCard, async (input, ctx) => {
      await profiles.checkIdCard(ctx.session, input.idCard);
      return null;
    });
    gateway.call(calls.updateIdv, async (input, ctx) => {
      const website = await platform.site.viewWebsite(ctx.eid);
      await profiles.updateIdv(ctx.session, input, website.verifyOpenSet);
      changed(ctx.session.accountId);
      return null;
    });
  },
});
