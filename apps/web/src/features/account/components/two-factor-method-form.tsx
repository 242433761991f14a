import { Button, Group, Radio, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { twoFactorMethods, type TwoFactorMethod } from '@rackdesk/contract';
import { showRefusal } from '../../../lib/form-errors.ts';
import { CODE_OR_RECOVERY_CODE_INVALID, readCodeOrRecoveryCode } from '../../../lib/two-factor-code.ts';
import { notify } from '../../../lib/notify.ts';
import { useChangeTwoFactor } from '../api/change-two-factor.ts';
import { needsCurrentCode, twoFactorChoiceError, twoFactorMethodLabels } from '../utils/two-factor-choice.ts';
import type { PendingChange } from './two-factor-confirm-step.tsx';
import { TwoFactorCodeInput } from './two-factor-code-input.tsx';

interface TwoFactorMethodFormProps {
  current: TwoFactorMethod;
  /** A new method was chosen and waits for its confirming code. */
  onPending: (change: PendingChange) => void;
}

/**
 * The method choice (`POST 2fa`): leaving a method asks for its code first, or a recovery code
 * when the second factor is lost.
 */
export function TwoFactorMethodForm({ current, onPending }: TwoFactorMethodFormProps) {
  const change = useChangeTwoFactor();
  const askCode = needsCurrentCode(current);
  const form = useForm({
    mode: 'controlled',
    initialValues: { method: '', currentCode: '' },
    validate: {
      method: (method) => twoFactorChoiceError(method, current),
      currentCode: (code, values) =>
        askCode && values.method !== current && readCodeOrRecoveryCode(code) === null
          ? CODE_OR_RECOVERY_CODE_INVALID
          : null,
    },
  });

  const submit = form.onSubmit((values) => {
    const method = values.method as TwoFactorMethod;
    change.mutate(
      { method, ...(askCode ? { current_code: readCodeOrRecoveryCode(values.currentCode) ?? '' } : {}) },
      {
        onSuccess: (response) => {
          form.reset();
          if (method === 'none') notify(response.message, 'success');
          else
            onPending({
              method,
              qrCode: response.qr_code,
              secret: response.secret,
              message: response.message,
            });
        },
        onError: (error) =>
          showRefusal(
            error,
            form,
            { method: 'method', current_code: 'currentCode' },
            askCode ? 'currentCode' : 'method',
          ),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group label="Change method" {...form.getInputProps('method')}>
          <Group gap="lg" mt="xs">
            {twoFactorMethods.map((method) => (
              <Radio key={method} value={method} label={twoFactorMethodLabels[method]} />
            ))}
          </Group>
        </Radio.Group>
        {askCode && form.values.method !== current ? (
          <TwoFactorCodeInput
            method={current}
            label={`Code of your current method (${twoFactorMethodLabels[current]})`}
            orRecoveryCode
            {...form.getInputProps('currentCode')}
          />
        ) : null}
        <Group>
          <Button type="submit" loading={change.isPending}>
            Update 2FA method
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
