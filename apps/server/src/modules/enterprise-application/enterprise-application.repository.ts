import { schema, type Db } from '@portal/db';

/**
 * Applications to join the platform: not one tenant's rows (an applicant is no enterprise yet), so
 * the owner's connection writes them (`platform.systemDb`; the app's role has no grant, decision 020).
 */
export class EnterpriseApplicationRepository {
  constructor(private readonly db: Db) {}

  /** Stores an application; false when one with the same credit code is still pending. */
  async applyEnterprise(values: typeof schema.enterpriseApplications.$inferInsert): Promise<boolean> {
    const inserted = await this.db
      .insert(schema.enterpriseApplications)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: schema.enterpriseApplications.id });
    return inserted.length > 0;
  }
}
