import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { vpsIsos } from '../../db/schema/index.ts';

/** Which platform ISOs belong to which account. */
export class VpsIsosRepository {
  constructor(private readonly db: DbOrTx) {}

  listByOwner(userId: number) {
    return this.db.select().from(vpsIsos).where(eq(vpsIsos.userId, userId));
  }

  async countByOwner(userId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(vpsIsos).where(eq(vpsIsos.userId, userId));
    return row?.n ?? 0;
  }

  async findByUpstreamId(userId: number, upstreamIsoId: number) {
    const [row] = await this.db
      .select()
      .from(vpsIsos)
      .where(and(eq(vpsIsos.userId, userId), eq(vpsIsos.upstreamIsoId, upstreamIsoId)));
    return row;
  }

  async create(values: typeof vpsIsos.$inferInsert) {
    const [row] = await this.db.insert(vpsIsos).values(values).returning();
    return row!;
  }

  async deleteById(id: number) {
    await this.db.delete(vpsIsos).where(eq(vpsIsos.id, id));
  }
}
