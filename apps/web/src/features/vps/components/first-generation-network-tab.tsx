import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { IpAddressesCard } from './ip-addresses-card.tsx';

interface FirstGenerationNetworkTabProps {
  ips: Record<string, string>;
  /**
   * The reverse DNS table for these addresses. It is the shared rDNS table of another issue; the
   * route passes it in here so that this feature does not depend on that one.
   */
  rdns?: ReactNode;
}

/** Network: the VPS's addresses and their reverse DNS. */
export function FirstGenerationNetworkTab({ ips, rdns }: FirstGenerationNetworkTabProps) {
  return (
    <Stack gap="lg">
      <IpAddressesCard addresses={Object.values(ips)} />
      {rdns}
    </Stack>
  );
}
