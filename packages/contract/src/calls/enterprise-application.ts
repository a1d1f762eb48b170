import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
import { rejectReason } from './registration.ts';
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

// The back office's review of applications made on its site (decision 038): admin calls.

export const enterpriseApplicationItem = z.object({
  id: z.number().int(),
  entName: z.string(),
  creditCode: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  remark: z.string(),
  /** 1 waiting, 2 approved, 3 rejected. */
  status: z.number().int(),
  rejectReason: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

export const findEnterpriseApplications = defineCall({
  name: 'findEnterpriseApplications',
  method: 'GET',
  path: '/system/auth/admin/enterprise-application/page',
  summary: 'Applications to join made on this site (/company/in), by status, newest first',
  tags: ['back-office'],
  request: z.object({ ...paging(10, 100), status: z.coerce.number().int().min(1).max(3).optional() }),
  response: pageResponse(enterpriseApplicationItem),
});

export const decideEnterpriseApplication = defineCall({
  name: 'decideEnterpriseApplication',
  method: 'POST',
  path: '/system/auth/admin/enterprise-application/decide',
  summary: 'Approve or reject (with a reason) an application waiting for review; the contact is told by SMS',
  tags: ['back-office'],
  request: z
    .object({ id, approve: z.boolean(), reason: rejectReason.default('') })
    .refine((v) => v.approve || v.reason.length > 0, { error: '请输入拒绝原因', path: ['reason'] }),
  response: z.null(),
});
