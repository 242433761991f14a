import { Avatar, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { User } from '@rackdesk/contract';
import { IconChevronDown, IconCreditCard, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '../../lib/routing.tsx';
import { displayIdentity, hasPermission } from '../../lib/auth.ts';
import { paths } from '../../lib/paths.ts';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The top bar's account dropdown: name and e-mail, Account, Billing, Logout. */
export function AccountMenu({ user }: { user: User }) {
  const { name, email } = displayIdentity(user);
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton p={4}>
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark">
            {name}
          </Text>
          <Text size="xs">{email}</Text>
        </Menu.Label>
        <Menu.Item
          component={Link}
          to={paths.account}
          leftSection={<IconUser size={16} aria-hidden="true" />}
        >
          Account
        </Menu.Item>
        {hasPermission(user, 'billing') ? (
          <Menu.Item
            component={Link}
            to={paths.billingInfo}
            leftSection={<IconCreditCard size={16} aria-hidden="true" />}
          >
            Billing
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.logout}
          leftSection={<IconLogout size={16} aria-hidden="true" />}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
