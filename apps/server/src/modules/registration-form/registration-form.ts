import { asc, eq } from 'drizzle-orm';
import { DEFAULT_GROUP_FIELDS, DETAIL_FIELDS, formFields } from '@portal/contract';
import { schema, type Db } from '@portal/db';
import type { Platform } from '../../platform/platform.ts';

/**
 * The site's registration form (its configured fields) and what it requires of a profile. Below the
 * account, upload and registration modules, which all read it: registration creates accounts, the
 * account module asks what a complete profile needs, the upload module whether the form takes a
 * one-inch photo (issue 19 item 6: no cycle between account and registration).
 */
export class RegistrationForms {
  /** `db`: the request's enterprise (row-level security). */
  constructor(private readonly db: Db) {}

  async viewRegistrationConfig(eid: number) {
    const rows = await this.db
      .select()
      .from(schema.registrationFields)
      .where(eq(schema.registrationFields.eid, eid))
      .orderBy(asc(schema.registrationFields.sort));
    const pick = (grp: string) =>
      rows
        .filter((r) => r.grp === grp)
        .map(({ field, name, required, show, sort }) => ({ field, name, required, show, sort }));
    return { default: pick('default'), userTitle: pick('userTitle') };
  }

  /** What the site's form requires of a profile (for its completeness). */
  async requiredFields(eid: number): Promise<{ nickname: boolean; realName: boolean; detail: string[] }> {
    const config = await this.viewRegistrationConfig(eid);
    const top = formFields(DEFAULT_GROUP_FIELDS, config.default, 'zh');
    const detail = formFields(DETAIL_FIELDS, config.userTitle, 'zh').filter((f) => f.required);
    return {
      nickname: top.some((f) => f.field === 'userName' && f.required),
      realName: top.some((f) => f.field === 'realName' && f.required),
      // A required cascade needs its first level; the levels below depend on the category.
      detail: detail.map((f) => f.field),
    };
  }
}

export const registrationFormsOf = (p: Platform): RegistrationForms => p.shared(buildForms);
const buildForms = (p: Platform) => new RegistrationForms(p.db);
