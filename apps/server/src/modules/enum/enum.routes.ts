import type { FastifyInstance } from 'fastify';
import { ErrorCode, findEnumOptions } from '@portal/contract';
import { enumerations, type EnumName } from '@portal/contract/enums';
import { AppError } from '../../platform/errors.ts';
import { memoJson, registerCall, type GatewayDeps } from '../../platform/gateway.ts';

/** Enumeration options by name (account-area.md section 3); the web client caches them. */
export function registerEnumRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  registerCall(
    app,
    deps,
    findEnumOptions,
    (q) => {
      if (!Object.hasOwn(enumerations, q.enumName)) {
        throw new AppError(ErrorCode.NOT_FOUND, {
          message: { zh: `枚举不存在：${q.enumName}`, en: `Unknown enumeration: ${q.enumName}` },
        });
      }
      return memoJson(enumerations[q.enumName as EnumName]);
    },
    { cacheForVisitors: true },
  );
}
