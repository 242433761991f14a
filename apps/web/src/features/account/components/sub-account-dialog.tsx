import { Button, Group, Modal, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorText, PASSWORD_MIN_LENGTH, type SubAccount } from '@rackdesk/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { placeFieldErrors } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateSubAccount } from '../api/create-sub-account.ts';
import { useUpdateSubAccount } from '../api/update-sub-account.ts';
import {
  notificationLabels,
  permissionLabels,
  subAccountFieldMap,
  subAccountFormRules,
  subAccountFormValues,
  subAccountRequest,
} from '../utils/sub-account-form.ts';
import { FlagCheckboxGroup } from './flag-checkbox-group.tsx';
import { SubAccountServicesField } from './sub-account-services-field.tsx';

interface SubAccountDialogProps {
  /** The sub-account to edit, or null to create one. */
  subAccount: SubAccount | null;
  onClose: () => void;
}

/** A refusal no field of the form can show (not verified, gone, a failure of the server), as a toast. */
function notifyRefusal(error: unknown) {
  notify(
    isApiError(error) && error.status < 500 && error.message ? error.message : ErrorText.unknown,
    'error',
  );
}

/**
 * Create or edit a sub-account (portal spec §3, §5, §9): names, e-mail, company, password
 * (required on create; on edit empty keeps it), the four permissions, the services it may use
 * and the mails it receives. Mounted per opening, so each starts from its own values.
 */
export function SubAccountDialog({ subAccount, onClose }: SubAccountDialogProps) {
  const mode = subAccount ? 'edit' : 'create';
  const create = useCreateSubAccount();
  const update = useUpdateSubAccount();
  const saving = create.isPending || update.isPending;
  const form = useForm({
    mode: 'controlled',
    initialValues: subAccountFormValues(subAccount ?? undefined),
    validate: subAccountFormRules(mode),
  });

  const submit = form.onSubmit((values) => {
    const body = subAccountRequest(values);
    const handlers = {
      onSuccess: onClose,
      onError: (error: unknown) => {
        if (!placeFieldErrors(error, form, subAccountFieldMap)) notifyRefusal(error);
      },
    };
    if (subAccount) update.mutate({ id: subAccount.id, body }, handlers);
    else create.mutate(body, handlers);
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={subAccount ? 'Edit Sub-Account' : 'Create Sub-Account'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First Name"
              required
              autoComplete="off"
              data-autofocus
              {...form.getInputProps('firstname')}
            />
            <TextInput label="Last Name" required autoComplete="off" {...form.getInputProps('lastname')} />
          </SimpleGrid>
          <TextInput
            label="E-mail"
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Company Name (Optional)"
            autoComplete="off"
            {...form.getInputProps('companyname')}
          />
          <PasswordInput
            label={subAccount ? 'Password (Optional)' : 'Password'}
            description={
              subAccount
                ? 'Leave empty to keep the current password.'
                : `At least ${PASSWORD_MIN_LENGTH} characters.`
            }
            required={!subAccount}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <FlagCheckboxGroup
            label="Permissions"
            description="What the sub-account may do besides its own account details."
            labels={permissionLabels}
            value={form.values.permissions}
            onChange={(permissions) => form.setFieldValue('permissions', permissions)}
          />
          <SubAccountServicesField
            scope={form.values.serviceScope}
            onScopeChange={(scope) => {
              form.setFieldValue('serviceScope', scope);
              form.clearFieldError('serviceIds');
            }}
            serviceIds={{
              value: form.values.serviceIds,
              onChange: (ids) => form.setFieldValue('serviceIds', ids),
              error: form.errors.serviceIds,
            }}
          />
          <FlagCheckboxGroup
            label="E-mail Notifications"
            description="The mails the sub-account receives."
            labels={notificationLabels}
            value={form.values.notifications}
            onChange={(notifications) => form.setFieldValue('notifications', notifications)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {subAccount ? 'Save Changes' : 'Create Sub-Account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
