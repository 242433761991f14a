import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Button, Loader, Radio, Stack, Text } from '@mantine/core';
import { CardText } from '@rackdesk/contract';
import type { StripeCardElement } from '@stripe/stripe-js';
import { useState } from 'react';
import { useSearchParams } from '../../../lib/routing.tsx';
import { CardField } from '../../../components/card-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cardLabel, selectedCardAfter, useCards } from '../../../lib/cards.ts';
import { notify } from '../../../lib/notify.ts';
import { useStripe } from '../../../lib/stripe-js.ts';
import { createPaymentIntent } from '../api/create-payment-intent.ts';
import { payByCard } from '../api/pay-by-card.ts';
import type { PayButtonProps } from './pay-buttons.ts';

const NEW_CARD = 'new';

/** Why a payment did not go through, in the spec's words (or the server's, for a refusal it explains). */
function failureText(error: unknown): string {
  if (isApiError(error) && error.status === 402) return CardText.paymentFailed;
  if (isApiError(error) && (error.status === 403 || error.status === 409)) return error.message;
  return CardText.paymentError;
}

/**
 * Pay Now by card (portal spec §3 Payment intent, §4): a saved card (the default one chosen first)
 * or a new one typed into Stripe.js. The server makes the payment intent of the invoice's balance;
 * Stripe.js confirms it (with 3-D Secure when the card asks); the server then fetches it from
 * Stripe and records it. The browser never says that anything was paid.
 */
export default function CardPayButton({ invoice, onPaid }: PayButtonProps) {
  const cards = useCards();
  const stripe = useStripe();
  const [chosen, setChosen] = useState<string>();
  const [newCard, setNewCard] = useState<StripeCardElement>();
  const [newCardComplete, setNewCardComplete] = useState(false);
  const [paying, setPaying] = useState(false);
  const [, setSearchParams] = useSearchParams();

  if (cards.isPending || stripe.isPending) return <Loader size="sm" aria-label="Preparing card payment" />;
  if (stripe.isError) {
    return (
      <Button disabled fullWidth>
        Unavailable
      </Button>
    );
  }
  const saved = cards.data ?? [];
  const fallback = selectedCardAfter(saved, chosen && chosen !== NEW_CARD ? Number(chosen) : undefined);
  const selection = chosen === NEW_CARD || fallback === undefined ? NEW_CARD : String(fallback);
  const cardId = selection === NEW_CARD ? undefined : Number(selection);

  const pay = async () => {
    setPaying(true);
    try {
      const intent = await createPaymentIntent(invoice.id, cardId);
      const result =
        cardId === undefined && newCard
          ? await stripe.data.confirmCardPayment(intent.client_secret, { payment_method: { card: newCard } })
          : await stripe.data.confirmCardPayment(intent.client_secret);
      if (result.error) {
        notify(CardText.paymentFailed, 'error');
        return;
      }
      await payByCard(invoice.id, {
        paymentIntentId: intent.paymentIntentId,
        ...(cardId !== undefined && { cardSelected: cardId }),
      });
      // The result banner of the spec, as the gateways that send the buyer back show it.
      setSearchParams({ success: 'true' }, { replace: true });
      onPaid();
    } catch (error) {
      notify(failureText(error), 'error');
    } finally {
      setPaying(false);
    }
  };

  return (
    <Stack gap="sm">
      <Radio.Group label="Pay with" value={selection} onChange={setChosen}>
        <Stack gap="xs" mt="xs">
          {saved.map((card) => (
            <Radio key={card.id} value={String(card.id)} label={cardLabel(card)} />
          ))}
          <Radio value={NEW_CARD} label="A new card" />
        </Stack>
      </Radio.Group>
      {selection === NEW_CARD ? (
        <CardField stripe={stripe.data} onReady={setNewCard} onComplete={setNewCardComplete} />
      ) : null}
      {cards.isError ? (
        <Text size="xs" c="dimmed">
          The saved cards could not be loaded; you can pay with a new card.
        </Text>
      ) : null}
      <Button
        onClick={() => void pay()}
        loading={paying}
        disabled={selection === NEW_CARD && (!newCard || !newCardComplete)}
        fullWidth
      >
        Pay Now
      </Button>
    </Stack>
  );
}
