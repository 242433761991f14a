import { ErrorText } from '@rackdesk/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { AppError } from './errors.ts';

export interface RateLimitRule {
  /** Maximum hits within one window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters kept in the database, so that limits hold across API instances.
 * Used for the sensitive endpoints (login, reset, registration); the general per-address
 * limit on every request stays in memory, where a per-request write would cost too much.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Counts one hit on `key` and tells whether it is still within the rule. */
  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const window = `${rule.windowSeconds} seconds`;
    const rows = await queryRows<{ hits: number; retry_after: number }>(
      this.db,
      sql`
      insert into rate_limits (key, window_started_at, hits) values (${key}, now(), 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_started_at <= now() - ${window}::interval then 1 else rate_limits.hits + 1 end,
        window_started_at = case when rate_limits.window_started_at <= now() - ${window}::interval then now() else rate_limits.window_started_at end
      returning hits, extract(epoch from (window_started_at + ${window}::interval - now()))::float8 as retry_after`,
    );
    const row = rows[0]!;
    return { allowed: Number(row.hits) <= rule.limit, retryAfterSeconds: Number(row.retry_after) };
  }

  /** Tells whether `key` is already over the rule, without counting a hit. */
  async isBlocked(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const window = `${rule.windowSeconds} seconds`;
    const rows = await queryRows<{ hits: number; retry_after: number }>(
      this.db,
      sql`
      select hits, extract(epoch from (window_started_at + ${window}::interval - now()))::float8 as retry_after
      from rate_limits where key = ${key} and window_started_at > now() - ${window}::interval`,
    );
    const row = rows[0];
    if (!row) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: Number(row.hits) < rule.limit, retryAfterSeconds: Number(row.retry_after) };
  }

  /** Counts one hit on `key` and refuses it with 429 (and `Retry-After`) once over the rule. */
  async enforce(key: string, rule: RateLimitRule): Promise<void> {
    refuseUnless(await this.hit(key, rule));
  }

  /** Refuses with 429 while `key` is over the rule, without counting a hit (failures count later). */
  async refuseWhileBlocked(key: string, rule: RateLimitRule): Promise<void> {
    refuseUnless(await this.isBlocked(key, rule));
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }

  /** Drops windows older than `maxWindowSeconds` (a hit would restart them anyway); returns how many. */
  async prune(maxWindowSeconds: number): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      this.db,
      sql`
      with pruned as (
        delete from rate_limits where window_started_at < now() - ${`${maxWindowSeconds} seconds`}::interval
        returning 1
      )
      select count(*)::int as count from pruned`,
    );
    return row!.count;
  }
}

function refuseUnless(result: RateLimitResult) {
  if (!result.allowed) throw AppError.tooManyRequests(ErrorText.tooManyAttempts, result.retryAfterSeconds);
}
