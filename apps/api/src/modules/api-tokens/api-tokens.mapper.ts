import type { ApiToken } from '@rackdesk/contract';
import type { ApiTokenRow } from '../../db/schema/index.ts';

/** A stored token as the API shows it (never the token itself, which is shown once). */
export function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    description: row.description,
    scope: row.scope,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
  };
}
