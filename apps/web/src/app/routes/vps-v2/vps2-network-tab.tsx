import { Stack } from '@mantine/core';
import type { Vps2Detail } from '@rackdesk/contract';
import { useMemo } from 'react';
import { ManageRdnsCard } from '../../../features/rdns/components/manage-rdns-card.tsx';
import { IpAddressesCard } from '../../../features/vps/components/ip-addresses-card.tsx';
import { isIpv6, networkAddresses } from '../../../features/vps2/utils/vps2-server.ts';

interface Vps2NetworkTabProps {
  serviceId: number;
  ips: Vps2Detail['ips'];
  locked: boolean;
  suspended: boolean;
}

/**
 * Network: the server's addresses and their reverse DNS, loaded for the public IPv4 addresses;
 * 192.168. addresses and every IPv6 address are read-only (servers spec §2).
 */
export function Vps2NetworkTab({ serviceId, ips, locked, suspended }: Vps2NetworkTabProps) {
  const addresses = useMemo(() => networkAddresses(ips), [ips]);
  return (
    <Stack gap="lg">
      <IpAddressesCard addresses={addresses} />
      <ManageRdnsCard
        serviceId={serviceId}
        type="proxmox"
        ips={addresses}
        isReadOnly={isIpv6}
        locked={locked}
        suspended={suspended}
      />
    </Stack>
  );
}
