import { Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ApiTokenCreateResponse, type ApiTokenScope, ApiTokenText } from '@rackdesk/contract';
import { useState } from 'react';
import { OneTimePassword } from '../../../components/one-time-password.tsx';
import { showRefusal } from '../../../lib/form-errors.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';
import { dateInputValue, expiryDateError, expiryFromDate, scopeLabels } from '../utils/api-tokens.ts';

const FIELD_MAP = { description: 'description', scope: 'scope', expires_at: 'expiresOn' };

interface ApiTokenCreateDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Create Token: a description ('Description is required'), the scope and an optional expiry day;
 * then the token itself, once, with a copy button.
 */
export function ApiTokenCreateDialog({ opened, onClose }: ApiTokenCreateDialogProps) {
  const create = useCreateApiToken();
  const [created, setCreated] = useState<ApiTokenCreateResponse | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { description: '', scope: 'full' as ApiTokenScope, expiresOn: '' },
    validate: {
      description: (value) => (value.trim() === '' ? ApiTokenText.descriptionRequired : null),
      expiresOn: (value) => expiryDateError(value),
    },
  });
  const close = () => {
    form.reset();
    create.reset();
    setCreated(null);
    onClose();
  };
  const submit = form.onSubmit((values) => {
    const expiresAt = expiryFromDate(values.expiresOn);
    create.mutate(
      {
        description: values.description.trim(),
        scope: values.scope,
        ...(expiresAt ? { expires_at: expiresAt } : {}),
      },
      {
        onSuccess: setCreated,
        onError: (error) => showRefusal(error, form, FIELD_MAP, 'description'),
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create Token"
      centered
      // The token is shown only now: a stray click beside the dialog must not lose it.
      closeOnClickOutside={created === null}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {created ? (
        <Stack gap="md">
          <OneTimePassword
            password={created.token}
            label={`Your new API token: ${created.api_token.description}`}
            copyLabel="Copy token"
            note={ApiTokenText.created}
          />
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Description"
              placeholder="Backup script"
              required
              maxLength={255}
              data-autofocus
              {...form.getInputProps('description')}
            />
            <Radio.Group label="Scope" {...form.getInputProps('scope')}>
              <Stack gap="xs" mt={6}>
                <Radio
                  value="full"
                  label={scopeLabels.full}
                  description="Reads and changes everything you can, except your password, 2FA, tokens and sub-accounts."
                />
                <Radio
                  value="read"
                  label={scopeLabels.read}
                  description="Reads only: every change is refused."
                />
              </Stack>
            </Radio.Group>
            <TextInput
              type="date"
              label="Expires on (Optional)"
              description="The token stops working at the end of this day. Leave empty for a token that does not expire."
              min={dateInputValue(new Date())}
              {...form.getInputProps('expiresOn')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create Token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
