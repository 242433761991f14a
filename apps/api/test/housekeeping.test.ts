import { randomBytes } from 'node:crypto';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, rateLimits, sessions, usedCaptchas } from '../src/db/schema/index.ts';
import { longestAuthWindowSeconds } from '../src/modules/auth/auth.limits.ts';
import { createUser, eventually } from './support/fixtures.ts';
import { createTestApp, quickJobs, type TestApp } from './support/test-app.ts';

describe('housekeeping job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(quickJobs);
  });
  afterAll(() => t.close());

  const unique = () => randomBytes(12).toString('hex');
  const past = sql`now() - interval '1 minute'`;
  const future = sql`now() + interval '1 hour'`;

  it('is scheduled every five minutes', async () => {
    expect(await t.app.ctx.jobs.cronOf('housekeeping')).toBe('*/5 * * * *');
  });

  it('deletes expired sessions, tokens, captchas and rate-limit windows, and keeps the live ones', async () => {
    const db = t.database.db;
    const user = await createUser(t);
    const session = async (values: { expiresAt?: SQL; revokedAt?: SQL }) => {
      const [row] = await db
        .insert(sessions)
        .values({ userId: user.id, tokenHash: unique(), expiresAt: future, ...values })
        .returning({ id: sessions.id });
      return row!.id;
    };
    const token = async (expiresAt: SQL) => {
      const [row] = await db
        .insert(oneTimeTokens)
        .values({ userId: user.id, purpose: 'password_reset', tokenHash: unique(), expiresAt })
        .returning({ id: oneTimeTokens.id });
      return row!.id;
    };
    const captcha = async (expiresAt: SQL) => {
      const challengeId = unique();
      await db.insert(usedCaptchas).values({ challengeId, expiresAt });
      return challengeId;
    };
    const window = async (windowStartedAt: SQL) => {
      const key = `test:${unique()}`;
      await db.insert(rateLimits).values({ key, windowStartedAt, hits: 3 });
      return key;
    };

    const expired = {
      sessions: [await session({ expiresAt: past }), await session({ revokedAt: past })],
      tokens: [await token(past)],
      captchas: [await captcha(past)],
      windows: [await window(sql`now() - ${`${longestAuthWindowSeconds + 60} seconds`}::interval`)],
    };
    const live = {
      sessions: [await session({})],
      tokens: [await token(future)],
      captchas: [await captcha(future)],
      windows: [await window(sql`now()`)],
    };
    const remaining = async (rows: typeof expired) => ({
      sessions: (
        await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, rows.sessions))
      ).map((r) => r.id),
      tokens: (
        await db
          .select({ id: oneTimeTokens.id })
          .from(oneTimeTokens)
          .where(inArray(oneTimeTokens.id, rows.tokens))
      ).map((r) => r.id),
      captchas: (
        await db
          .select({ id: usedCaptchas.challengeId })
          .from(usedCaptchas)
          .where(inArray(usedCaptchas.challengeId, rows.captchas))
      ).map((r) => r.id),
      windows: (
        await db.select({ id: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, rows.windows))
      ).map((r) => r.id),
    });

    // Null when a scheduled run is already waiting: that run does the same work.
    await t.app.ctx.jobs.send('housekeeping', {});
    await eventually(async () => Object.values(await remaining(expired)).every((ids) => ids.length === 0));
    expect(await remaining(live)).toEqual(live);
  });
});
