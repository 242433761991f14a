import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Stack } from '@mantine/core';
import { useCurrentUser } from '../../../lib/auth.ts';
import { ChangePasswordCard } from './change-password-card.tsx';
import { CloseAccountCard } from './close-account-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/**
 * Security: two-factor authentication with recovery codes, the password, the signed-in sessions,
 * and, for owners, closing the account.
 */
export function SecurityTab() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <TwoFactorCard />
      <ChangePasswordCard twoFactorMethod={user.two_factor_method} />
      <SessionsCard />
      {user.is_sub_account ? null : <CloseAccountCard twoFactorMethod={user.two_factor_method} />}
    </Stack>
  );
}
