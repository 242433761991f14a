import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  type BillingCycleName,
  OrderText,
  promoAppliesToCycle,
  promoDescription,
  type PromoResponse,
} from '@rackdesk/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useVerifyPromo } from '../api/verify-promo.ts';

interface PromoCodeFieldProps {
  pid: number;
  cycle: BillingCycleName;
  code: string;
  /** The verified code, if any. */
  promo: PromoResponse | null;
  /** Set when the verified code does not hold for the cycle chosen since. */
  cycleError: string | null;
  onChange: (change: { promoCode: string; promo: PromoResponse | null }) => void;
}

/**
 * The promo code of the summary (portal spec §3, §4 "Promo verification", §5, §8): verifying,
 * verified (with what it takes off) or not verified (why). A 404 clears the code.
 */
export function PromoCodeField({ pid, cycle, code, promo, cycleError, onChange }: PromoCodeFieldProps) {
  const verify = useVerifyPromo();
  const [error, setError] = useState<string | null>(null);
  const verified = promo !== null && promo.code.toLowerCase() === code.trim().toLowerCase();

  const apply = () => {
    const typed = code.trim();
    setError(null);
    if (typed === '') {
      setError(OrderText.promoEmpty);
      return;
    }
    verify.mutate(
      { pid, code: typed },
      {
        onSuccess: (answer) => {
          if (!promoAppliesToCycle(answer, cycle)) {
            setError(OrderText.promoWrongCycle);
            onChange({ promoCode: typed, promo: null });
            return;
          }
          onChange({ promoCode: answer.code, promo: answer });
        },
        onError: (failure) => {
          setError(OrderText.promoInvalid);
          onChange({ promoCode: isApiError(failure) && failure.status === 404 ? '' : typed, promo: null });
        },
      },
    );
  };

  const message = error ?? (verified ? cycleError : null);
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label="Promo Code"
          value={code}
          onChange={(event) => {
            setError(null);
            onChange({ promoCode: event.currentTarget.value, promo: null });
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          error={message}
          autoComplete="off"
          spellCheck={false}
          style={{ flexGrow: 1 }}
        />
        {verified ? (
          <Button variant="default" mt={25} onClick={() => onChange({ promoCode: '', promo: null })}>
            Remove
          </Button>
        ) : (
          <Button variant="light" mt={25} onClick={apply} loading={verify.isPending}>
            Apply
          </Button>
        )}
      </Group>
      {verify.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Verifying promo code…
        </Text>
      ) : verified && !cycleError ? (
        <Group gap={6} wrap="nowrap" role="status">
          <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-hidden="true" />
          <Text size="sm" c="green.9">
            {promo.code}: {promoDescription(promo)}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
