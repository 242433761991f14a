import { SimpleGrid, Stack } from '@mantine/core';
import { type User, withoutPlaceholder } from '@rackdesk/contract';
import { Field } from '../../../components/field.tsx';
import { displayIdentity } from '../../../lib/user-access.ts';
import { countryName } from '../utils/country-options.ts';
import { SectionCard } from '../../../components/section-card.tsx';

/** Shown for a detail the owner has not filled in. */
const NOT_GIVEN = '—';

/**
 * A sub-account's Account Details (portal spec §2, §6): its own name and e-mail, and the parent
 * account's details read-only, since only the owner may change them.
 */
export function SubAccountDetails({ user }: { user: User }) {
  const own = displayIdentity(user);
  const shown = (field: Parameters<typeof withoutPlaceholder>[0], value: string) =>
    withoutPlaceholder(field, value) || NOT_GIVEN;
  const phone = withoutPlaceholder('phonenumber', user.phonenumber) ? user.phonenumberformatted : '';
  const parentName = `${withoutPlaceholder('firstname', user.firstname)} ${withoutPlaceholder('lastname', user.lastname)}`;

  return (
    <Stack gap="lg">
      <SectionCard
        title="Your Details"
        description="Your account administrator manages your sign-in details."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label="Name">{own.name}</Field>
          <Field label="Email Address">{own.email}</Field>
        </SimpleGrid>
      </SectionCard>
      <SectionCard
        title="Parent Account"
        description="The details of the account you work for. Only its owner can change them."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label="Name">{parentName.trim() || NOT_GIVEN}</Field>
          <Field label="Company Name">{shown('companyname', user.companyname)}</Field>
          <Field label="Email Address">{user.email}</Field>
          <Field label="Phone Number">{phone || NOT_GIVEN}</Field>
          <Field label="Address 1">{shown('address1', user.address1)}</Field>
          <Field label="Address 2">{shown('address2', user.address2)}</Field>
          <Field label="City">{shown('city', user.city)}</Field>
          <Field label="State">{shown('state', user.state)}</Field>
          <Field label="Postcode">{shown('postcode', user.postcode)}</Field>
          <Field label="Country">{user.country ? countryName(user.country) : NOT_GIVEN}</Field>
        </SimpleGrid>
      </SectionCard>
    </Stack>
  );
}
