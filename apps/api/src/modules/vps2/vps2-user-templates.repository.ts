import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type Vps2UserTemplateRow, vps2UserTemplates } from '../../db/schema/index.ts';

/** Where the account's user templates came from (see the table). */
export class Vps2UserTemplatesRepository {
  constructor(private readonly db: DbOrTx) {}

  listByOwner(userId: number): Promise<Vps2UserTemplateRow[]> {
    return this.db.select().from(vps2UserTemplates).where(eq(vps2UserTemplates.userId, userId));
  }

  /** Records a new template; a row left by a template deleted elsewhere under the same vmid is replaced. */
  async record(values: typeof vps2UserTemplates.$inferInsert): Promise<void> {
    await this.db
      .insert(vps2UserTemplates)
      .values(values)
      .onConflictDoUpdate({
        target: vps2UserTemplates.upstreamTemplateId,
        set: {
          userId: values.userId,
          sourceServiceId: values.sourceServiceId ?? null,
          createdBy: values.createdBy ?? null,
          customName: values.customName,
          createdAt: new Date(),
        },
      });
  }

  async deleteByUpstreamId(userId: number, upstreamTemplateId: number): Promise<void> {
    await this.db
      .delete(vps2UserTemplates)
      .where(
        and(
          eq(vps2UserTemplates.userId, userId),
          eq(vps2UserTemplates.upstreamTemplateId, upstreamTemplateId),
        ),
      );
  }
}
