import { z } from 'zod';
import { idParam, singleLineText } from './input.ts';

// The account's SSH keys (account spec §3 "SSH key", §5 "SSH key", §7 `GET/POST ssh-keys`,
// `DELETE ssh-keys/{id}`; API.md: the VPS v2 rebuild dialog lists them).

/** SSH key title limit (account spec §9). */
export const SSH_KEY_TITLE_MAX = 255;
/** Far above any real public key (a 16384-bit RSA key is about 2.8 KB), far below abuse. */
export const SSH_KEY_PUBLIC_KEY_MAX = 8192;

export const SshKeyText = {
  titleInvalid: 'Title is required and must be <= 255 chars',
  publicKeyInvalid: 'Invalid SSH public key format',
  /** The spec's client shows a message containing 'unique' under the title. */
  titleTaken: 'The title must be unique: another of your SSH keys already has it.',
  notFound: 'SSH key not found.',
  added: 'SSH key added.',
  deleted: 'SSH key deleted.',
} as const;

/** The OpenSSH public key types a server's authorized_keys takes. */
export const sshKeyTypes = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
] as const;

const PUBLIC_KEY = /^(\S+) ([A-Za-z0-9+/]+={0,2})(?: [^\r\n]*)?$/;

/** The key type written inside the base64 blob (a length-prefixed string), or undefined. */
function blobKeyType(base64: string): string | undefined {
  let bytes: string;
  try {
    bytes = atob(base64);
  } catch {
    return undefined;
  }
  if (bytes.length < 4) return undefined;
  const length =
    ((bytes.charCodeAt(0) << 24) |
      (bytes.charCodeAt(1) << 16) |
      (bytes.charCodeAt(2) << 8) |
      bytes.charCodeAt(3)) >>>
    0;
  if (length === 0 || length > 64 || bytes.length < 4 + length) return undefined;
  return bytes.slice(4, 4 + length);
}

/**
 * One OpenSSH public key line: a known type (ssh-ed25519, ssh-rsa, ecdsa-…), one space, the
 * base64 key (whose embedded type must match), and an optional comment on the same line.
 */
export function isValidSshPublicKey(value: string): boolean {
  if (value.length > SSH_KEY_PUBLIC_KEY_MAX) return false;
  const match = PUBLIC_KEY.exec(value);
  if (!match) return false;
  const [, type = '', blob = ''] = match;
  return (sshKeyTypes as readonly string[]).includes(type) && blobKeyType(blob) === type;
}

export const sshKeySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  public_key: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** What `ssh-keygen -l` prints of the key: its type ('ED25519', 'RSA', 'ECDSA', …), size in bits and SHA256 fingerprint. */
  key_type: z.string(),
  bits: z.number().int(),
  /** 'SHA256:' and the unpadded base64 digest of the key blob. */
  fingerprint: z.string(),
});
export type SshKey = z.infer<typeof sshKeySchema>;

export const sshKeyListResponseSchema = z.object({ data: z.array(sshKeySchema) });
export type SshKeyListResponse = z.infer<typeof sshKeyListResponseSchema>;

/** The add form (sent as title and publicKey); surrounding blanks are dropped. */
export const sshKeyCreateRequestSchema = z.object({
  title: singleLineText({ error: SshKeyText.titleInvalid })
    .trim()
    .min(1, SshKeyText.titleInvalid)
    .max(SSH_KEY_TITLE_MAX, SshKeyText.titleInvalid),
  publicKey: z
    .string({ error: SshKeyText.publicKeyInvalid })
    .trim()
    .refine(isValidSshPublicKey, SshKeyText.publicKeyInvalid),
});
export type SshKeyCreateRequest = z.infer<typeof sshKeyCreateRequestSchema>;

export const sshKeyCreateResponseSchema = z.object({ message: z.string(), data: sshKeySchema });
export type SshKeyCreateResponse = z.infer<typeof sshKeyCreateResponseSchema>;

export const sshKeyIdParamsSchema = z.object({
  id: idParam(SshKeyText.notFound),
});
