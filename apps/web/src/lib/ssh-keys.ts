import type { SshKey, SshKeyListResponse } from '@rackdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { useFailureToast } from './use-failure-toast.ts';

/**
 * The account's SSH keys, one list for every page that offers them (they are not per service):
 * the account's SSH Keys tab manages them, the VPS v2 rebuild dialog offers them, so a key added
 * on one shows on the other.
 */
export const sshKeysQueryKey = ['ssh-keys'] as const;

/** The list failure toast (account spec §8). */
export const SSH_KEYS_FAILED = 'Unable to fetch SSH keys';

export const sshKeysApiPath = '/ssh-keys';

export async function getSshKeys(): Promise<SshKey[]> {
  return (await api.get<SshKeyListResponse>(sshKeysApiPath)).data;
}

export const sshKeysQuery = () => queryOptions({ queryKey: sshKeysQueryKey, queryFn: getSshKeys });

/** The account's SSH keys (`GET ssh-keys`); each failure is the spec's toast. */
export function useSshKeys() {
  const query = useQuery(sshKeysQuery());
  useFailureToast(query, SSH_KEYS_FAILED);
  return query;
}
