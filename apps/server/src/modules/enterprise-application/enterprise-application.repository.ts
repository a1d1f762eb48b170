import { schema, type Db } from '@portal/db';

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
