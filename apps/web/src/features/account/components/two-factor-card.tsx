import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { TwoFactorText, type TwoFactorMethod } from '@rackdesk/contract';
import { useState } from 'react';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';
import { useTwoFactor } from '../api/get-two-factor.ts';
import { twoFactorMethodLabels } from '../utils/two-factor-choice.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { RegenerateRecoveryCodesDialog } from './regenerate-recovery-codes-dialog.tsx';
import { type PendingChange, TwoFactorConfirmStep } from './two-factor-confirm-step.tsx';
import { TwoFactorMethodForm } from './two-factor-method-form.tsx';

/**
 * Two-factor authentication (portal spec §3, §4, §8): the method in use, changing it (a code of
 * the current method first, then a code of the new one), and, beyond the spec, recovery codes.
 */
export function TwoFactorCard() {
  const status = useTwoFactor();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [regenerating, setRegenerating] = useState(false);

  return (
    <SectionCard
      title="Two-Factor Authentication"
      description="A second step at sign-in: a code from an authenticator app or one we e-mail you."
    >
      {status.isPending ? (
        <Loader size="sm" aria-label="Loading 2FA settings" />
      ) : status.isError ? (
        <InlineLoadError message={TwoFactorText.fetchFailed} onRetry={() => void status.refetch()} />
      ) : (
        <Stack gap="md">
          <CurrentMethod
            method={status.data.method}
            codesLeft={status.data.recovery_codes_left}
            onRegenerate={() => setRegenerating(true)}
          />
          {pending ? (
            <TwoFactorConfirmStep
              change={pending}
              onDone={(codes) => {
                setPending(null);
                if (codes) setRecoveryCodes(codes);
              }}
              onCancel={() => setPending(null)}
            />
          ) : (
            <>
              {status.data.pending_method ? (
                <WaitingChange method={status.data.pending_method} onEnterCode={setPending} />
              ) : null}
              <TwoFactorMethodForm current={status.data.method} onPending={setPending} />
            </>
          )}
        </Stack>
      )}
      <RegenerateRecoveryCodesDialog
        opened={regenerating}
        method={status.data?.method ?? 'none'}
        onClose={() => setRegenerating(false)}
        onRegenerated={setRecoveryCodes}
      />
      <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
    </SectionCard>
  );
}

function CurrentMethod({
  method,
  codesLeft,
  onRegenerate,
}: {
  method: TwoFactorMethod;
  codesLeft: number;
  onRegenerate: () => void;
}) {
  return (
    <Group justify="space-between" gap="sm">
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm">Current method:</Text>
          <Badge
            variant="filled"
            color={method === 'none' ? 'gray.8' : '#1e6b30'}
            data-testid="two-factor-method"
          >
            {twoFactorMethodLabels[method]}
          </Badge>
        </Group>
        {method === 'none' ? null : (
          <Text size="sm" c="dimmed">
            Recovery codes left: {codesLeft}
          </Text>
        )}
      </Stack>
      {method === 'none' ? null : (
        <Button variant="default" size="sm" onClick={onRegenerate}>
          Regenerate recovery codes
        </Button>
      )}
    </Group>
  );
}

/** A change chosen earlier (before a reload) still waits for the new method's code. */
function WaitingChange({
  method,
  onEnterCode,
}: {
  method: TwoFactorMethod;
  onEnterCode: (change: PendingChange) => void;
}) {
  return (
    <Alert color="blue" title={`A change to ${twoFactorMethodLabels[method]} waits for its code`}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Enter the code of the new method to finish, or choose a method again below.</Text>
        <Button size="xs" variant="default" onClick={() => onEnterCode({ method })}>
          Enter the code
        </Button>
      </Stack>
    </Alert>
  );
}
