import * as calls from '@portal/contract';
import { ErrorCode } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import { defineModule } from '../../platform/module.ts';
import { EnterpriseApplicationRepository } from './enterprise-application.repository.ts';

/**
 * /company/in: an organisation applies to join, with its unified social credit code; one pending
 * application per code. An image captcha and the per-address limit keep it from being flooded.
 */
export default defineModule({
  name: 'enterprise-application',
  register(gateway, platform) {
    const applications = new EnterpriseApplicationRepository(platform.systemDb);
    gateway.call(
      calls.applyEnterprise,
      async (input, ctx) => {
        await platform.captchas.check(input.imageCodeToken, input.imageCode);
        const { imageCode: _code, imageCodeToken: _token, ...values } = input;
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
