import { Avatar, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { User } from '@rackdesk/contract';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { displayIdentity } from '../../lib/user-access.ts';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

type AccountMenuButtonProps = { user: User } & Omit<ComponentPropsWithRef<'button'>, 'children'>;

/** The top bar's button that opens the account menu: avatar, name and e-mail. */
export function AccountMenuButton({ user, ...props }: AccountMenuButtonProps) {
  const { name, email } = displayIdentity(user);
  return (
    <UnstyledButton p={4} {...props}>
      <Group gap="xs" wrap="nowrap">
        {/* Named by its visible text, prefixed for screen readers (and at phone width). */}
        <VisuallyHidden>Account menu</VisuallyHidden>
        <Avatar radius="xl" size="sm" color="blue" aria-hidden="true">
          {initials(name)}
        </Avatar>
        <Stack gap={0} visibleFrom="sm">
          <Text size="sm" fw={600} lh={1.2}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" lh={1.2}>
            {email}
          </Text>
        </Stack>
        <IconChevronDown size={16} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}
