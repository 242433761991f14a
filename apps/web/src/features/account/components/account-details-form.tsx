import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AccountText, ErrorText, profileFields, type User } from '@rackdesk/contract';
import { useMemo } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { placeFieldErrors, sameNames } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdateAccountDetails } from '../api/update-account-details.ts';
import {
  type AccountDetailsValues,
  accountDetailsValues,
  missingProfileFields,
  paymentMethodOptions,
  profileFieldLabels,
  toUserEditRequest,
} from '../utils/account-details-form.ts';
import { countryOptions } from '../utils/country-options.ts';
import { SectionCard } from '../../../components/section-card.tsx';

const apiFields = sameNames([...profileFields, 'paymentmethod']);

/** The owner's details form (`PUT user/edit`); the server decides `user_details_ok` from what it stores. */
export function AccountDetailsForm({ user }: { user: User }) {
  const update = useUpdateAccountDetails();
  const form = useForm<AccountDetailsValues>({
    mode: 'controlled',
    initialValues: accountDetailsValues(user),
  });
  const countries = useMemo(() => countryOptions(user.country), [user.country]);
  const missing = missingProfileFields(user);

  const submit = form.onSubmit((values) => {
    update.mutate(toUserEditRequest(values), {
      onSuccess: (response) => {
        // The server stores its own form of some values (the phone number): show what it kept.
        const saved = accountDetailsValues(response.user);
        form.setInitialValues(saved);
        form.setValues(saved);
      },
      onError: (error) => {
        if (placeFieldErrors(error, form, apiFields)) return;
        notify(
          isApiError(error) && error.status < 500 && error.message ? error.message : ErrorText.unknown,
          'error',
        );
      },
    });
  });

  const text = (field: keyof typeof profileFieldLabels, autoComplete: string) => (
    <TextInput label={profileFieldLabels[field]} autoComplete={autoComplete} {...form.getInputProps(field)} />
  );

  return (
    <Stack gap="lg">
      {user.user_details_ok ? null : (
        <Alert color="yellow" title={AccountText.detailsRequired}>
          Card and PayPal payments need your name, address and phone number.
          {missing.length > 0 ? ` Still missing: ${missing.join(', ')}.` : null}
        </Alert>
      )}
      <SectionCard
        title="Your Details"
        description="The name and address on your invoices, and how you prefer to pay."
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email Address"
              value={user.email}
              readOnly
              description="Your e-mail address cannot be changed here."
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              {text('firstname', 'given-name')}
              {text('lastname', 'family-name')}
              {text('companyname', 'organization')}
              {text('phonenumber', 'tel')}
              {text('address1', 'address-line1')}
              {text('address2', 'address-line2')}
              {text('city', 'address-level2')}
              {text('state', 'address-level1')}
              {text('postcode', 'postal-code')}
              <Select
                label={profileFieldLabels.country}
                data={countries}
                searchable
                clearable
                nothingFoundMessage="No country found"
                autoComplete="off"
                {...form.getInputProps('country')}
                onChange={(value) => form.setFieldValue('country', value ?? '')}
              />
              <Select
                label="Default Payment Method"
                data={paymentMethodOptions}
                allowDeselect={false}
                {...form.getInputProps('paymentmethod')}
                onChange={(value) => form.setFieldValue('paymentmethod', value ?? '')}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              Address 2 and Company Name are optional.
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                Save Changes
              </Button>
            </Group>
          </Stack>
        </form>
      </SectionCard>
    </Stack>
  );
}
