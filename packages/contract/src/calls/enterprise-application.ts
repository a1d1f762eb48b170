import { z } from 'zod';
import { defineCall } from '../call.ts';
import { zCreditCode, zMobile } from '../validators.ts';
import { imageCode } from './fields.ts';

/** /company/in: an organisation applies to join (served by the enterprise-application module). */

export const applyEnterprise = defineCall({
  name: 'applyEnterprise',
  method: 'POST',
  path: '/user/api/enterprise/info/register',
  summary: 'An organisation applies to join the platform (/company/in), reviewed by the operators',
  tags: ['registration'],
  request: z.object({
    entName: z.string().trim().min(1, { error: '请输入企业名称' }).max(50, { error: '企业名称最多50个字' }),
    creditCode: zCreditCode(),
    contactName: z.string().trim().min(1, { error: '请输入联系人' }).max(20, { error: '联系人最多20个字' }),
    contactPhone: zMobile(),
    remark: z.string().trim().max(200, { error: '备注最多200个字' }).default(''),
    ...imageCode,
  }),
  response: z.null(),
});
