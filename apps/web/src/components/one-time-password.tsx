import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A new root password, shown once: the panel keeps no copy of it. */
export function OneTimePassword({
  password,
  label = 'New root password',
}: {
  password: string;
  label?: string;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code fz="md" py={6} px="sm" style={{ overflowWrap: 'anywhere' }} data-testid="one-time-password">
          {password}
        </Code>
        <CopyButton value={password} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy password'}>
              <ActionIcon variant="default" onClick={copy} aria-label={copied ? 'Copied' : 'Copy password'}>
                {copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed">
        Copy it now: it is shown only this once.
      </Text>
    </Stack>
  );
}
