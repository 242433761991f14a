import { Menu, Text } from '@mantine/core';
import type { User } from '@rackdesk/contract';
import { IconCreditCard, IconLogout, IconUser } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { displayIdentity, hasPermission } from '../../lib/user-access.ts';
import { paths } from '../../lib/paths.ts';
import { Link } from '../../lib/routing.tsx';
import { AccountMenuButton } from './account-menu-button.tsx';

/**
 * The top bar's account dropdown: name and e-mail, Account, Billing, Logout. Loaded on the first
 * press of its button (the menu and its positioning code are a quarter of the dashboard's
 * JavaScript), so it opens as it mounts, from its own button, which takes the focus first so that
 * closing the menu returns there.
 */
export function AccountMenu({ user }: { user: User }) {
  const { name, email } = displayIdentity(user);
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    button.current?.focus();
    setOpened(true);
  }, []);

  return (
    <Menu position="bottom-end" width={240} shadow="md" opened={opened} onChange={setOpened}>
      <Menu.Target>
        <AccountMenuButton user={user} ref={button} />
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
