import { isValidSshPublicKey, SSH_KEY_TITLE_MAX, type SshKey, SshKeyText } from '@rackdesk/contract';
import { isApiError } from '../../../lib/api-client.ts';

/** The failure toasts of the SSH Keys tab (portal spec §8), word for word. */
export const SshKeyToast = {
  addFailed: 'Failed to add SSH key',
  deleteFailed: 'Failed to delete SSH key',
} as const;

/** The type and size as `ssh-keygen -l` reports them: 'ED25519, 256 bits'. */
export const keyTypeText = (key: Pick<SshKey, 'key_type' | 'bits'>) => `${key.key_type}, ${key.bits} bits`;

/** The add form's own checks, the server's rules as the spec words them. */
export const sshKeyFormRules = {
  title: (value: string) =>
    value.trim() === '' || value.trim().length > SSH_KEY_TITLE_MAX ? SshKeyText.titleInvalid : null,
  publicKey: (value: string) => (isValidSshPublicKey(value.trim()) ? null : SshKeyText.publicKeyInvalid),
};

export type SshKeyField = 'title' | 'publicKey';

/**
 * Where a refusal of `POST ssh-keys` is shown (portal spec §8): a message containing 'unique'
 * under the title, 'Invalid SSH public key format' under the key, the server's other field
 * errors under their fields. Empty means the spec's toast 'Failed to add SSH key'.
 */
export function sshKeyFieldErrors(error: unknown): Partial<Record<SshKeyField, string>> {
  if (!isApiError(error) || error.status >= 500) return {};
  const placed: Partial<Record<SshKeyField, string>> = {};
  const messages = [...Object.values(error.errors).flat(), error.message];
  const unique = messages.find((message) => message.includes('unique'));
  const title = unique ?? error.fieldError('title');
  if (title) placed.title = title;
  const invalidKey = messages.find((message) => message === SshKeyText.publicKeyInvalid);
  const publicKey = invalidKey ?? error.fieldError('publicKey');
  if (publicKey) placed.publicKey = publicKey;
  return placed;
}
