import { ErrorText } from '@rackdesk/contract';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify as verifyPayload } from 'altcha-lib/frameworks/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

const ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_TTL_SECONDS = 600;

/**
 * The self-hosted proof-of-work captcha (ALTCHA). Challenges are signed with the app secret, so
 * any instance can verify them; redeemed ones are recorded in the database so none is reused.
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly options: { cost: number; counterMax: number },
  ) {}

  challenge() {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: this.options.cost,
      counter: randomInt(this.options.counterMax, Math.floor(this.options.counterMax / 3)),
      deriveKey,
      hmacSignatureSecret: this.secret,
      expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
    });
  }

  /** Throws a 422 on the `captchaToken` field unless the payload solves a fresh challenge of ours. */
  async verify(payload: string): Promise<void> {
    const store = {
      get: async () => false,
      set: async () => {},
      setIfAbsent: (id: string) => this.claim(id),
    };
    const result = await verifyPayload(payload, deriveKey, this.secret, undefined, store);
    if (result.error) throw AppError.invalid('captchaToken', ErrorText.captchaFailed);
  }

  /**
   * Forgets redeemed challenges past their expiry: the signed expiry already refuses them, so the
   * record of their use is no longer needed.
   */
  async deleteExpired(): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      this.db,
      sql`
      with expired as (delete from used_captchas where expires_at < now() returning 1)
      select count(*)::int as count from expired`,
    );
    return row!.count;
  }

  private async claim(challengeId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`
      insert into used_captchas (challenge_id, expires_at)
      values (${challengeId}, now() + ${`${CHALLENGE_TTL_SECONDS} seconds`}::interval)
      on conflict do nothing returning challenge_id`,
    );
    return rows.length > 0;
  }
}
