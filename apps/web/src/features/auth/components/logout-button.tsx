import { Button } from '@mantine/core';
import { useLogout } from '../api/logout.ts';

/** Logout in place: the session ends and the page stays, now for a guest (the order checkout). */
export function LogoutButton() {
  const logout = useLogout();
  return (
    <Button variant="subtle" size="compact-sm" onClick={() => logout.mutate()} loading={logout.isPending}>
      Logout
    </Button>
  );
}
