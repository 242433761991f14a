import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TwoFactorMethod } from '@rackdesk/contract';
import { showRefusal } from '../../../lib/form-errors.ts';
import { sixDigitCodeError } from '../../../lib/two-factor-code.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { TwoFactorCodeInput } from './two-factor-code-input.tsx';

interface RegenerateRecoveryCodesDialogProps {
  opened: boolean;
  method: TwoFactorMethod;
  onClose: () => void;
  /** Receives the new set, for the dialog that shows it once. */
  onRegenerated: (codes: string[]) => void;
}

/** 'Regenerate recovery codes' after a code of the current method: the old set stops working. */
export function RegenerateRecoveryCodesDialog({
  opened,
  method,
  onClose,
  onRegenerated,
}: RegenerateRecoveryCodesDialogProps) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: { code: sixDigitCodeError },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(({ code }) => {
    regenerate.mutate(code.trim(), {
      onSuccess: (codes) => {
        close();
        onRegenerated(codes);
      },
      onError: (error) => showRefusal(error, form, { code: 'code' }, 'code'),
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Regenerate recovery codes"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            A new set of ten codes replaces your current ones, which stop working at once. Enter a code of
            your current 2FA method to go on.
          </Text>
          <TwoFactorCodeInput method={method} data-autofocus {...form.getInputProps('code')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={regenerate.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={regenerate.isPending}>
              Regenerate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
