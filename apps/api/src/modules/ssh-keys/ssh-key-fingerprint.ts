import { createHash } from 'node:crypto';

/** What `ssh-keygen -l` says of a public key: `256 SHA256:… comment (ED25519)`. */
export interface SshKeyFingerprint {
  keyType: string;
  bits: number;
  fingerprint: string;
}

/** ssh-keygen's name and size of each type whose size the type fixes. */
const FIXED: Record<string, [string, number]> = {
  'ssh-ed25519': ['ED25519', 256],
  'sk-ssh-ed25519@openssh.com': ['ED25519-SK', 256],
  'ecdsa-sha2-nistp256': ['ECDSA', 256],
  'ecdsa-sha2-nistp384': ['ECDSA', 384],
  'ecdsa-sha2-nistp521': ['ECDSA', 521],
  'sk-ecdsa-sha2-nistp256@openssh.com': ['ECDSA-SK', 256],
};

/**
 * The type, size and SHA256 fingerprint of one OpenSSH public key line (already validated by the
 * contract): the digest covers the decoded key blob, written in base64 without padding, as
 * `ssh-keygen -l -E sha256` prints it.
 */
export function sshKeyFingerprint(publicKey: string): SshKeyFingerprint {
  const [type = '', base64 = ''] = publicKey.split(' ');
  const blob = Buffer.from(base64, 'base64');
  const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  const fixed = FIXED[type];
  if (fixed) return { keyType: fixed[0], bits: fixed[1], fingerprint };
  return { keyType: 'RSA', bits: rsaModulusBits(blob), fingerprint };
}

/** An ssh-rsa blob is string type, mpint e, mpint n: the key's size is n's bit length. */
function rsaModulusBits(blob: Buffer): number {
  let offset = 0;
  const next = () => {
    const length = blob.readUInt32BE(offset);
    const field = blob.subarray(offset + 4, offset + 4 + length);
    offset += 4 + length;
    return field;
  };
  next(); // type
  next(); // public exponent
  const modulus = next();
  let start = 0;
  while (start < modulus.length && modulus[start] === 0) start += 1;
  if (start === modulus.length) return 0;
  return (modulus.length - start - 1) * 8 + (32 - Math.clz32(modulus[start]!));
}
