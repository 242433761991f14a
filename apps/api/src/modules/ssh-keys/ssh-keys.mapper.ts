import type { SshKey } from '@rackdesk/contract';
import type { SshKeyRow } from '../../db/schema/index.ts';

/** A stored key as the API shows it (account spec §3 "SSH key"). */
export function toSshKey(row: SshKeyRow): SshKey {
  return {
    id: row.id,
    title: row.title,
    public_key: row.publicKey,
    created_at: row.createdAt.toISOString(),
  };
}
