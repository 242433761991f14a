import type { DbOrTx } from '../../db/client.ts';
import { UsersRepository } from '../users/users.repository.ts';
import { OneTimeTokensRepository } from './one-time-tokens.repository.ts';
import { SessionsRepository } from './sessions.repository.ts';

/**
 * Sets a login's new password (already hashed) inside the caller's transaction. A new password
 * voids every other secret of the login: its mailed links and codes, and its sessions, except
 * `keepSessionId` (the account page's own session, when the password is changed there).
 */
export async function storeNewPassword(
  tx: DbOrTx,
  userId: number,
  passwordHash: string,
  keepSessionId?: number,
): Promise<void> {
  await new UsersRepository(tx).update(userId, { passwordHash });
  await new OneTimeTokensRepository(tx).deleteAllForUser(userId);
  await new SessionsRepository(tx).revokeAllForUser(userId, keepSessionId);
}
