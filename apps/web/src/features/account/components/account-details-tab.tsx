import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useCurrentUser } from '../../../lib/auth.ts';
import { AccountDetailsForm } from './account-details-form.tsx';
import { SubAccountDetails } from './sub-account-details.tsx';

/**
 * Account Details (portal spec §2, §3, §5, §8): owners edit the billing details; a sub-account
 * sees its own name and e-mail and its parent account's details, which only the owner may change.
 */
export function AccountDetailsTab() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return user.is_sub_account ? <SubAccountDetails user={user} /> : <AccountDetailsForm user={user} />;
}
