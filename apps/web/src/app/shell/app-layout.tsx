import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Divider.css';

import { Anchor, AppShell, Burger, Button, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';
import { useEmailVerifiedListener } from '../../features/auth/hooks/use-email-verified-listener.ts';
import { useCurrentUser } from '../../lib/auth.ts';
import { hasPermission } from '../../lib/user-access.ts';
import { paths } from '../../lib/paths.ts';
import { Link } from '../../lib/routing.tsx';
import { useLiveServiceUpdates } from '../../lib/service-queries.ts';
import { DeferredAccountMenu } from './deferred-account-menu.tsx';
import { SidebarNav } from './sidebar-nav.tsx';

/** The shell of every page but sign-in and friends: top bar, sidebar (burger at phone width), content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  // Off-screen on phones until the burger opens it: hidden from keyboard and screen readers too.
  const navHidden = isPhone && !opened;
  const { data: user } = useCurrentUser();
  useEmailVerifiedListener(Boolean(user && !user.email_verified));
  useLiveServiceUpdates(Boolean(user) && hasPermission(user, 'services'));

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls="app-navbar"
            />
            <Anchor
              component={Link}
              to={user ? paths.dashboard : paths.order}
              fw={800}
              fz="lg"
              underline="never"
            >
              Rackdesk
            </Anchor>
          </Group>
          {user ? (
            <DeferredAccountMenu user={user} />
          ) : (
            <Button component={Link} to={paths.login} variant="light" size="sm">
              Sign In
            </Button>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="sm"
        id="app-navbar"
        aria-label="Main navigation"
        component="nav"
        style={navHidden ? { visibility: 'hidden' } : undefined}
      >
        {/* Native scrolling: Mantine's ScrollArea would bring its dropdown positioning code along. */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <SidebarNav user={user} onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
