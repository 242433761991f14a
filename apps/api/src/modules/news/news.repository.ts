import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { announcements } from '../../db/schema/index.ts';

export class NewsRepository {
  constructor(private readonly db: DbOrTx) {}

  listPublished(limit: number) {
    return this.db
      .select()
      .from(announcements)
      .where(eq(announcements.published, true))
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(limit);
  }
}
