import { Button, Code, Group, Image, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TwoFactorText, type TwoFactorMethod } from '@rackdesk/contract';
import { showRefusal } from '../../../lib/form-errors.ts';
import { sixDigitCodeError } from '../../../lib/two-factor-code.ts';
import { useConfirmTwoFactor } from '../api/confirm-two-factor.ts';
import { twoFactorMethodLabels } from '../utils/two-factor-choice.ts';
import { TwoFactorCodeInput } from './two-factor-code-input.tsx';

/** A method chosen and waiting for its code; an authenticator app comes with its QR code and secret. */
export interface PendingChange {
  method: TwoFactorMethod;
  qrCode?: string;
  secret?: string;
  message?: string;
}

interface TwoFactorConfirmStepProps {
  change: PendingChange;
  /** The method is in use; from none, with the new recovery codes. */
  onDone: (recoveryCodes: string[] | undefined) => void;
  onCancel: () => void;
}

/** The new method's code confirms it (`POST 2fa/confirm`). */
export function TwoFactorConfirmStep({ change, onDone, onCancel }: TwoFactorConfirmStepProps) {
  const confirm = useConfirmTwoFactor();
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: { code: sixDigitCodeError },
  });
  const submit = form.onSubmit(({ code }) => {
    confirm.mutate(code.trim(), {
      onSuccess: (response) => onDone(response.recovery_codes),
      onError: (error) => showRefusal(error, form, { code: 'code' }, 'code'),
    });
  });
  const isApp = change.method === 'google_authenticator';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fw={600}>Turn on {twoFactorMethodLabels[change.method]}</Text>
        <Text size="sm">
          {isApp ? TwoFactorText.scanQrCode : (change.message ?? TwoFactorText.emailCodeSent)}
        </Text>
        {change.qrCode ? (
          <Image src={change.qrCode} alt="QR code for your authenticator app" w={200} h={200} fit="contain" />
        ) : null}
        {change.secret ? (
          <Stack gap={4}>
            <Text size="sm">Cannot scan it? Enter this key in the app instead:</Text>
            <Code fz="md" style={{ overflowWrap: 'anywhere' }} data-testid="two-factor-secret">
              {change.secret}
            </Code>
          </Stack>
        ) : null}
        <TwoFactorCodeInput method={change.method} data-autofocus {...form.getInputProps('code')} />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            Confirm
          </Button>
          <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
