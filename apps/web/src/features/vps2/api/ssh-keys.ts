import type { SshKey, SshKeyListResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';

/** The account's SSH keys, one list for every page that offers them (they are not per service). */
export const sshKeysQueryKey = ['ssh-keys'] as const;

/** The list failure toast (account spec §8). */
export const SSH_KEYS_FAILED = 'Unable to fetch SSH keys';

export const sshKeysApiPath = '/ssh-keys';

export async function getSshKeys(): Promise<SshKey[]> {
  return (await api.get<SshKeyListResponse>(sshKeysApiPath)).data;
}

/** The account's SSH keys (`GET ssh-keys`, API.md: the rebuild dialog's list). */
export function useSshKeys() {
  const query = useQuery({ queryKey: sshKeysQueryKey, queryFn: getSshKeys });
  useFailureToast(query, SSH_KEYS_FAILED);
  return query;
}
