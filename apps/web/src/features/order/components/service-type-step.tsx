import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconCloud, IconDatabase, IconServer2 } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useOrderState } from '../store/order-store.ts';
import { chooseServiceType } from '../utils/order-state.ts';
import { type ServiceGroupKey, serviceGroupKeys, serviceGroups } from '../utils/service-groups.ts';

const icons: Record<ServiceGroupKey, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  vps: IconCloud,
  dedicated: IconServer2,
  storage: IconDatabase,
};

/** Step 0, Select Service Type: Virtual Server, Dedicated Server, Storage Block (portal spec §2). */
export function ServiceTypeStep() {
  const [, setState] = useOrderState();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Select Service Type
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {serviceGroupKeys.map((key) => {
          const group = serviceGroups[key];
          const Icon = icons[key];
          return (
            <UnstyledButton key={key} onClick={() => setState(chooseServiceType(key))} h="100%">
              <Paper withBorder radius="md" p="lg" h="100%" className="order-choice-card">
                <Stack gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon size={40} radius="md" variant="light">
                      <Icon size={24} aria-hidden />
                    </ThemeIcon>
                    <Text fw={700} fz="lg">
                      {group.title}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {group.description}
                  </Text>
                </Stack>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
