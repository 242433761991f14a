import { Button, Group, List, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AccountText, type TwoFactorMethod } from '@rackdesk/contract';
import { useState } from 'react';
import { useNavigate } from '../../../lib/routing.tsx';
import { showRefusal } from '../../../lib/form-errors.ts';
import { sixDigitCodeError } from '../../../lib/two-factor-code.ts';
import { paths } from '../../../lib/paths.ts';
import { useCloseAccount } from '../api/close-account.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { TwoFactorCodeInput } from './two-factor-code-input.tsx';

/** What closing does, said before and in the dialog. */
const consequences = [
  'Nobody can sign in to the account any more: you, your sub-accounts and your API tokens.',
  'Every session ends, this one too.',
  'Your services and invoices stay as they are; contact support about them.',
];

/** Close account (owners, beyond the spec): after the password, and a 2FA code when 2FA is on. */
export function CloseAccountCard({ twoFactorMethod }: { twoFactorMethod: TwoFactorMethod }) {
  const [opened, setOpened] = useState(false);
  return (
    <SectionCard
      title="Close Account"
      danger
      description="Closing the account cannot be undone from the panel."
    >
      <List size="sm" spacing={4}>
        {consequences.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Group>
        <Button color="red" variant="outline" onClick={() => setOpened(true)}>
          Close Account
        </Button>
      </Group>
      <CloseAccountDialog
        opened={opened}
        onClose={() => setOpened(false)}
        twoFactorMethod={twoFactorMethod}
      />
    </SectionCard>
  );
}

function CloseAccountDialog({
  opened,
  onClose,
  twoFactorMethod,
}: {
  opened: boolean;
  onClose: () => void;
  twoFactorMethod: TwoFactorMethod;
}) {
  const close = useCloseAccount();
  const navigate = useNavigate();
  const askCode = twoFactorMethod !== 'none';
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', code: '' },
    validate: {
      password: (value) => (value === '' ? AccountText.passwordRequired : null),
      code: (value) => (askCode ? sixDigitCodeError(value) : null),
    },
  });
  const dismiss = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    close.mutate(
      { password: values.password, ...(askCode ? { two_factor_code: values.code.trim() } : {}) },
      {
        onSuccess: () => navigate(paths.login, { replace: true }),
        onError: (error) =>
          showRefusal(error, form, { password: 'password', two_factor_code: 'code' }, 'password'),
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title="Close Account"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">Close your account for good?</Text>
          <List size="sm" spacing={4}>
            {consequences.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('password')}
          />
          {askCode ? <TwoFactorCodeInput method={twoFactorMethod} {...form.getInputProps('code')} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss} disabled={close.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={close.isPending}>
              Close Account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
