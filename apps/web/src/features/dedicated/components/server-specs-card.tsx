import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DedicatedServer } from '@rackdesk/contract';
import { formatMemoryMb } from '../../../lib/units.ts';
import { describeDisks } from '../utils/hardware.ts';
import { Field } from '../../../components/field.tsx';

/** Server Specs: server id, processor, memory (GB, or TB from 1024 GB) and disks. */
export function ServerSpecsCard({ server }: { server: DedicatedServer }) {
  const hardware = server.detailedHardwareInformation;
  const disks = describeDisks(hardware.disk);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="server-specs-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="server-specs-title">
          Server Specs
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Field label="Server ID">{server.srv_id}</Field>
          <Field label="Processor">{hardware.cpu.model || 'N/A'}</Field>
          <Field label="Memory">
            {hardware.memory.value > 0 ? formatMemoryMb(hardware.memory.value) : 'N/A'}
          </Field>
          <Field label="Disks">
            {disks.length === 0 ? (
              'N/A'
            ) : (
              <Stack gap={0}>
                {disks.map((disk) => (
                  <Text key={disk} fw={500}>
                    {disk}
                  </Text>
                ))}
              </Stack>
            )}
          </Field>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
