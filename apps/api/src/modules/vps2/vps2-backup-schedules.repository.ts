import { eq, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { vps2BackupSchedules } from '../../db/schema/index.ts';

/** The next automatic backup of each VPS v2, as last seen by the backup schedule job. */
export class Vps2BackupSchedulesRepository {
  constructor(private readonly db: DbOrTx) {}

  async listNextRuns(): Promise<Map<number, number>> {
    const rows = await this.db.select().from(vps2BackupSchedules);
    return new Map(rows.map((row) => [row.serviceId, row.nextRun]));
  }

  async save(serviceId: number, nextRun: number): Promise<void> {
    await this.db
      .insert(vps2BackupSchedules)
      .values({ serviceId, nextRun })
      .onConflictDoUpdate({ target: vps2BackupSchedules.serviceId, set: { nextRun, checkedAt: sql`now()` } });
  }

  async delete(serviceId: number): Promise<void> {
    await this.db.delete(vps2BackupSchedules).where(eq(vps2BackupSchedules.serviceId, serviceId));
  }

  /** Forgets every service but these (no longer active, or gone). */
  async keepOnly(serviceIds: number[]): Promise<void> {
    await this.db
      .delete(vps2BackupSchedules)
      .where(serviceIds.length > 0 ? notInArray(vps2BackupSchedules.serviceId, serviceIds) : undefined);
  }
}
