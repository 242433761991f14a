import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { IpAddressesCard } from './ip-addresses-card.tsx';

interface FirstGenerationNetworkTabProps {
  ips: Record<string, string>;
  /** The reverse DNS table for these addresses: the route passes in the rdns feature's card. */
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
