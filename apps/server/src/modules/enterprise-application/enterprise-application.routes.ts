import * as calls from '@portal/contract';
import { ErrorCode } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import { defineModule } from '../../platform/module.ts';
import { ApplicationReview, EnterpriseApplicationReview } from './enterprise-application-review.ts';
import { EnterpriseApplicationRepository } from './enterprise-application.repository.ts';

/**
 * /company/in: an organisation applies to join, with its unified social credit code; one pending
 * application per code. An image captcha and the per-address limit keep it from being flooded.
 */
export default defineModule({
  name: 'enterprise-application',
  register(gateway, platform) {
    const applications = new EnterpriseApplicationRepository(platform.systemDb);
    const review = new EnterpriseApplicationReview(platform.systemDb);
    gateway.call(calls.findEnterpriseApplications, (q, ctx) => review.findEnterpriseApplications(ctx.eid, q));
    gateway.call(calls.decideEnterpriseApplication, async (q, ctx) => {
      await review.decideEnterpriseApplication(ctx.eid, ctx.session.accountId, q, ctx.audit);
      return null;
    });
    gateway.call(
      calls.applyEnterprise,
      async (input, ctx) => {
        await platform.captchas.check(input.imageCodeToken, input.imageCode);
        const { imageCode: _code, imageCodeToken: _token, ...values } = input;
        // An approved organisation does not apply again; the applicant learns the outcome here (decision 038).
        const decided = await review.latestDecision(values.creditCode);
        if (decided?.status === ApplicationReview.APPROVED) {
          throw new AppError(ErrorCode.CONFLICT, {
            message: {
              zh: '该统一社会信用代码的入驻申请已审核通过，请联系平台获取账号',
              en: 'The application with this credit code has been approved; please contact the platform for your account',
            },
          });
        }
        if (!(await applications.applyEnterprise({ ...values, appliedOnEid: await ctx.eid() }))) {
          throw new AppError(ErrorCode.CONFLICT, {
            message: {
              zh: '该统一社会信用代码已提交入驻申请，请耐心等待审核',
              en: 'An application with this credit code is already waiting for review',
            },
          });
        }
        return null;
      },
      { perMinute: platform.perMinute },
    );
  },
});
