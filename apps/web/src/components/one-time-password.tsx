import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface OneTimePasswordProps {
  password: string;
  label?: string;
  /** The copy button's name, for readers and the tooltip. */
  copyLabel?: string;
  /** The line under it saying the panel shows it only now. */
  note?: string;
}

/** A secret shown once, with a copy button: a new root password, a new API token. The panel keeps no copy of it. */
export function OneTimePassword({
  password,
  label = 'New root password',
  copyLabel = 'Copy password',
  note = 'Copy it now: it is shown only this once.',
}: OneTimePasswordProps) {
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
            <Tooltip label={copied ? 'Copied' : copyLabel}>
              <ActionIcon variant="default" onClick={copy} aria-label={copied ? 'Copied' : copyLabel}>
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
        {note}
      </Text>
    </Stack>
  );
}
