import { SshKeyText } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { keyTypeText, sshKeyFieldErrors, sshKeyFormRules } from './ssh-keys.ts';

const ED25519 =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl dana@laptop';

describe('keyTypeText', () => {
  it('names the type and size as ssh-keygen -l does', () => {
    expect(keyTypeText({ key_type: 'ED25519', bits: 256 })).toBe('ED25519, 256 bits');
    expect(keyTypeText({ key_type: 'RSA', bits: 4096 })).toBe('RSA, 4096 bits');
  });
});

describe('the add form rules', () => {
  it('wants a title of at most 255 characters', () => {
    expect(sshKeyFormRules.title('  ')).toBe(SshKeyText.titleInvalid);
    expect(sshKeyFormRules.title('x'.repeat(256))).toBe(SshKeyText.titleInvalid);
    expect(sshKeyFormRules.title('Laptop')).toBeNull();
  });

  it('wants one OpenSSH public key line', () => {
    expect(sshKeyFormRules.publicKey(ED25519)).toBeNull();
    expect(sshKeyFormRules.publicKey(`  ${ED25519}\n`)).toBeNull();
    expect(sshKeyFormRules.publicKey('ssh-ed25519 not-base64!')).toBe(SshKeyText.publicKeyInvalid);
    expect(sshKeyFormRules.publicKey('')).toBe(SshKeyText.publicKeyInvalid);
  });
});

describe('sshKeyFieldErrors', () => {
  it("puts a message containing 'unique' under the title", () => {
    const taken = new ApiError(422, {
      message: 'The given data was invalid.',
      errors: { title: [SshKeyText.titleTaken] },
    });
    expect(sshKeyFieldErrors(taken)).toEqual({ title: SshKeyText.titleTaken });
    const elsewhere = new ApiError(409, { message: 'The title must be unique.' });
    expect(sshKeyFieldErrors(elsewhere)).toEqual({ title: 'The title must be unique.' });
  });

  it("puts 'Invalid SSH public key format' under the key, wherever the server names it", () => {
    const invalid = new ApiError(422, { message: 'x', errors: { publicKey: [SshKeyText.publicKeyInvalid] } });
    expect(sshKeyFieldErrors(invalid)).toEqual({ publicKey: SshKeyText.publicKeyInvalid });
    expect(sshKeyFieldErrors(new ApiError(400, { message: SshKeyText.publicKeyInvalid }))).toEqual({
      publicKey: SshKeyText.publicKeyInvalid,
    });
  });

  it('leaves anything else to the toast', () => {
    expect(sshKeyFieldErrors(new ApiError(500, { message: 'boom', errors: { title: ['x'] } }))).toEqual({});
    expect(
      sshKeyFieldErrors(new ApiError(403, { message: 'This feature is only available to main accounts.' })),
    ).toEqual({});
    expect(sshKeyFieldErrors(new TypeError('Failed to fetch'))).toEqual({});
  });
});
