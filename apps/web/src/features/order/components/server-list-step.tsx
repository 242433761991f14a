import { Stack, Title } from '@mantine/core';
import type { ServiceGroupKey } from '../utils/service-groups.ts';
import { DedicatedCatalogue } from './dedicated-catalogue.tsx';
import { StorageCatalogue } from './storage-catalogue.tsx';
import { VpsCatalogue } from './vps-catalogue.tsx';

const headings: Record<ServiceGroupKey, string> = {
  vps: 'Select Virtual Server',
  dedicated: 'Select Dedicated Server',
  storage: 'Select Storage Block',
};

/** Step 1, Select Server: the catalogue of the chosen service type. */
export function ServerListStep({ group }: { group: ServiceGroupKey }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {headings[group]}
      </Title>
      {group === 'vps' ? (
        <VpsCatalogue />
      ) : group === 'dedicated' ? (
        <DedicatedCatalogue />
      ) : (
        <StorageCatalogue />
      )}
    </Stack>
  );
}
