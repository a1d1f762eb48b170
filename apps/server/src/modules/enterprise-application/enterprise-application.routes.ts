import type { FastifyInstance } from 'fastify';
import * as calls from '@portal/contract';
import { ErrorCode } from '@portal/contract';
import type { CaptchaStore } from '../../platform/captcha.ts';
import { AppError } from '../../platform/errors.ts';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import type { EnterpriseApplicationRepository } from './enterprise-application.repository.ts';

/**
 * /company/in: an organisation applies to join, with its unified social credit code; one pending
 * application per code. An image captcha and the per-address limit keep it from being flooded.
 */
export function registerEnterpriseApplicationRoutes(
  app: FastifyInstance,
  deps: GatewayDeps,
  e: { applications: EnterpriseApplicationRepository; captchas: CaptchaStore; perMinute: number },
): void {
  registerCall(
    app,
    deps,
    calls.applyEnterprise,
    async (input, ctx) => {
      await e.captchas.check(input.imageCodeToken, input.imageCode);
      const { imageCode: _code, imageCodeToken: _token, ...values } = input;
      if (!(await e.applications.apply({ ...values, appliedOnEid: await ctx.eid() }))) {
        throw new AppError(ErrorCode.CONFLICT, {
          message: {
            zh: '该统一社会信用代码已提交入驻申请，请耐心等待审核',
            en: 'An application with this credit code is already waiting for review',
          },
        });
      }
      return null;
    },
    { perMinute: e.perMinute },
  );
}
