import type { ServiceStatus, StorageDetailResponse, User } from '@rackdesk/contract';
import { isServiceWhitelisted } from '../../../lib/service-whitelist.ts';

/**
 * Whether the storage page offers Detach (servers spec §2, §4, §6): the block is attached, its
 * service is Active, and a sub-account has the server it hangs on in its whitelist.
 */
export function canDetachStorage(input: {
  status: ServiceStatus;
  attachedTo: StorageDetailResponse['attached_to'];
  user: User | null | undefined;
}): boolean {
  const { status, attachedTo, user } = input;
  return status === 'Active' && attachedTo !== null && isServiceWhitelisted(user, attachedTo.id);
}
