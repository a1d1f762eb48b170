import { ErrorCode, findEnumOptions } from '@portal/contract';
import { enumerations, type EnumName } from '@portal/contract/enums';
import { AppError } from '../../platform/errors.ts';
import { memoJson } from '../../platform/gateway.ts';
import { defineModule } from '../../platform/module.ts';

/** Enumeration options by name (account-area.md section 3); the web client caches them. */
export default defineModule({
  name: 'enum',
  register(gateway) {
    gateway.call(
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
  },
});
