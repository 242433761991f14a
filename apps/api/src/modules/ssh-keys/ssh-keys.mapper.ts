import type { SshKey } from '@rackdesk/contract';
import type { SshKeyRow } from '../../db/schema/index.ts';
import { sshKeyFingerprint } from './ssh-key-fingerprint.ts';

/** A stored key as the API shows it (account spec §3 "SSH key"). */
export function toSshKey(row: SshKeyRow): SshKey {
  const { keyType, bits, fingerprint } = sshKeyFingerprint(row.publicKey);
  return {
    id: row.id,
    title: row.title,
    public_key: row.publicKey,
    created_at: row.createdAt.toISOString(),
    key_type: keyType,
    bits,
    fingerprint,
  };
}
