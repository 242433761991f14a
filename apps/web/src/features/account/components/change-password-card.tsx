import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AccountText, PASSWORD_MIN_LENGTH, type TwoFactorMethod } from '@rackdesk/contract';
import { showRefusal } from '../../../lib/form-errors.ts';
import { sixDigitCodeError } from '../../../lib/two-factor-code.ts';
import { useChangePassword } from '../api/change-password.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { TwoFactorCodeInput } from './two-factor-code-input.tsx';

const FIELD_MAP = {
  current_password: 'currentPassword',
  new_password: 'newPassword',
  new_password_confirmation: 'confirmPassword',
  two_factor_code: 'code',
};

/** Change Password (portal spec §4, §5): the current password, and a 2FA code when 2FA is on. */
export function ChangePasswordCard({ twoFactorMethod }: { twoFactorMethod: TwoFactorMethod }) {
  const change = useChangePassword();
  const askCode = twoFactorMethod !== 'none';
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '', code: '' },
    validate: {
      currentPassword: (value) => (value === '' ? 'Please enter your current password.' : null),
      newPassword: (value) => (value.length < PASSWORD_MIN_LENGTH ? AccountText.passwordTooShort : null),
      confirmPassword: (value, values) =>
        value !== values.newPassword ? AccountText.passwordsDoNotMatch : null,
      code: (value) => (askCode ? sixDigitCodeError(value) : null),
    },
  });

  const submit = form.onSubmit((values) => {
    change.mutate(
      {
        current_password: values.currentPassword,
        new_password: values.newPassword,
        new_password_confirmation: values.confirmPassword,
        ...(askCode ? { two_factor_code: values.code.trim() } : {}),
      },
      {
        onSuccess: () => form.reset(),
        onError: (error) => showRefusal(error, form, FIELD_MAP, 'currentPassword'),
      },
    );
  });

  return (
    <SectionCard
      title="Change Password"
      description="Changing it signs you out everywhere else; this browser stays signed in."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={480}>
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          {askCode ? <TwoFactorCodeInput method={twoFactorMethod} {...form.getInputProps('code')} /> : null}
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
