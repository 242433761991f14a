import { OrderText, serviceTypeOf } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { serviceListQuery } from '../../../lib/service-list.ts';
import { storageRegionOf, vps2Region } from '../../../lib/storage-regions.ts';
import { useVpsLocked } from '../api/get-vps-status.ts';

/**
 * The VPS a storage block can attach to (portal spec §2, §5, §7): the user's Active VPS v2
 * services in the block's region, by domain; and the status check of the chosen one (locked, or
 * not known).
 */
export function useStorageVpsChoices(pid: number, enabled: boolean) {
  const services = useQuery({ ...serviceListQuery(), enabled });
  const region = storageRegionOf(pid);
  const choices = useMemo(
    () =>
      (services.data ?? [])
        .filter(
          (service) =>
            service.status === 'Active' &&
            serviceTypeOf(service.groupname) === 'proxmox' &&
            vps2Region(service.groupname) === region,
        )
        .map((service) => ({ value: String(service.id), label: service.domain || `#${service.id}` })),
    [region, services.data],
  );
  return { choices, region, services };
}

/** Why the chosen VPS cannot take the block now, or null; `pending` while the check runs. */
export function useStorageVpsStatus(serviceId: number | null): { error: string | null; pending: boolean } {
  const status = useVpsLocked(serviceId);
  if (serviceId === null) return { error: null, pending: false };
  if (status.isPending) return { error: null, pending: true };
  if (status.isError) return { error: OrderText.vpsStatusUnknown, pending: false };
  return { error: status.data ? OrderText.vpsLocked : null, pending: false };
}
