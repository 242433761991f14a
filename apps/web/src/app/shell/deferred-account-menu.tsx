import type { User } from '@rackdesk/contract';
import { lazy, Suspense, useState } from 'react';
import { AccountMenuButton } from './account-menu-button.tsx';

const loadMenu = () => import('./account-menu.tsx');
const AccountMenu = lazy(() => loadMenu().then((module) => ({ default: module.AccountMenu })));

/**
 * The account menu's button, which brings in the menu itself on its first press (and starts
 * fetching it when the pointer or the focus reaches it), so pages do not load it up front.
 */
export function DeferredAccountMenu({ user }: { user: User }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <AccountMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
