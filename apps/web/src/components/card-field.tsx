import { Stack, Text } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState } from 'react';

interface CardFieldProps {
  stripe: Stripe;
  /** The mounted card element once it is ready, undefined before and after. */
  onReady: (card: StripeCardElement | undefined) => void;
  /** Whether what is typed is a complete card. */
  onComplete?: (complete: boolean) => void;
}

/**
 * The card number, expiry and CVC inputs of Stripe.js (its card element), in the app's field
 * frame: the card data goes from the page to Stripe, never to our server.
 */
export function CardField({ stripe, onReady, onComplete }: CardFieldProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string>();
  const labelId = useId();

  useEffect(() => {
    if (!mountRef.current) return;
    const card = stripe.elements().create('card', { hidePostalCode: true });
    card.on('change', (event) => {
      setError(event.error?.message);
      onComplete?.(event.complete);
    });
    card.on('ready', () => onReady(card));
    card.mount(mountRef.current);
    return () => {
      onReady(undefined);
      card.destroy();
    };
    // The element lives as long as the field and its Stripe instance.
  }, [stripe]);

  return (
    <Stack gap={4}>
      <Text component="div" size="sm" fw={500} id={labelId}>
        Card
      </Text>
      <div
        ref={mountRef}
        role="group"
        aria-labelledby={labelId}
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          padding: '8px 12px',
          background: 'var(--mantine-color-body)',
        }}
      />
      {error ? (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
