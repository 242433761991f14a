import { type AccountSession, AccountText } from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { SessionRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionAuth } from '../../http/policy.ts';
import { SessionsRepository } from '../auth/sessions.repository.ts';
import { summariseUserAgent } from './user-agent-summary.ts';

/**
 * The caller's signed-in sessions (beyond the spec: the Security tab's session list). Each login
 * sees and ends only its own: an owner's list holds none of its sub-accounts' sessions, and
 * another login's session is not found.
 */
export class AccountSessionsService {
  private readonly sessions: SessionsRepository;

  constructor(database: Database) {
    this.sessions = new SessionsRepository(database.db);
  }

  async list(auth: SessionAuth): Promise<AccountSession[]> {
    const rows = await this.sessions.listLiveByUser(auth.login.id);
    return rows.map((row) => toAccountSession(row, auth.credential.id));
  }

  /** Ends one of the caller's sessions; the current one may be ended too (signing it out). */
  async revoke(auth: SessionAuth, id: number): Promise<void> {
    if (!(await this.sessions.revokeOwn(auth.login.id, id)))
      throw AppError.notFound(AccountText.sessionNotFound);
  }

  async revokeOthers(auth: SessionAuth): Promise<void> {
    await this.sessions.revokeAllForUser(auth.login.id, auth.credential.id);
  }
}

function toAccountSession(row: SessionRow, currentId: number): AccountSession {
  return {
    id: row.id,
    ...summariseUserAgent(row.userAgent),
    ip_address: row.ipAddress,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === currentId,
  };
}
