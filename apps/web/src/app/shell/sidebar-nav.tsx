import { NavLink, Stack } from '@mantine/core';
import type { User } from '@rackdesk/contract';
import {
  IconCreditCard,
  IconHeadset,
  IconLayoutDashboard,
  IconLifebuoy,
  IconLogin,
  IconLogout,
  IconServer,
  IconShoppingCart,
  IconUser,
} from '@tabler/icons-react';
import { Link, useLocation } from '../../lib/routing.tsx';
import { type NavIcon, navItemsFor } from './nav-items.ts';

const icons: Record<NavIcon, typeof IconServer> = {
  dashboard: IconLayoutDashboard,
  order: IconShoppingCart,
  services: IconServer,
  invoices: IconCreditCard,
  account: IconUser,
  support: IconLifebuoy,
  logout: IconLogout,
  login: IconLogin,
  contact: IconHeadset,
};

function isActive(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function SidebarNav({ user, onNavigate }: { user: User | null | undefined; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const items = navItemsFor(user);
  // /support/new is the guests' Contact entry; for members it belongs to Support.
  const activeTo = items
    .filter((item) => isActive(pathname, item.to))
    .sort((a, b) => b.to.length - a.to.length)[0]?.to;

  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => {
        const Icon = icons[item.icon];
        const active = item.to === activeTo;
        return (
          <li key={item.to}>
            <NavLink
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={<Icon size={18} stroke={1.6} aria-hidden="true" />}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            />
          </li>
        );
      })}
    </Stack>
  );
}
