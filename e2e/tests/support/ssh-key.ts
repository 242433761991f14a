import { createHash, generateKeyPairSync } from 'node:crypto';

/** A length-prefixed string of the SSH wire format (RFC 4251). */
function sshString(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/**
 * A new ed25519 public key in OpenSSH form ('ssh-ed25519 AAAA… comment') and the fingerprint
 * `ssh-keygen -l` prints for it: 'SHA256:' and the unpadded base64 of the blob's digest.
 */
export function newEd25519Key(comment: string): { publicKey: string; fingerprint: string } {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const blob = Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(raw)]);
  const digest = createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
  return { publicKey: `ssh-ed25519 ${blob.toString('base64')} ${comment}`, fingerprint: `SHA256:${digest}` };
}
