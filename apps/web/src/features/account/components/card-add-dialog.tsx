import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { CardText } from '@rackdesk/contract';
import type { StripeCardElement } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CardField } from '../../../components/card-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useStripe } from '../../../lib/stripe-js.ts';
import { createSetupIntent } from '../api/create-setup-intent.ts';
import { useSavePaymentMethod } from '../api/save-payment-method.ts';

interface CardAddDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Add Card': a setup intent from the API, the card typed into Stripe.js's card element and
 * confirmed with Stripe (3-D Secure when the card asks for it), then saved by the API, which
 * checks the setup with Stripe itself.
 */
export function CardAddDialog({ opened, onClose }: CardAddDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add Card"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened ? <CardAddForm onClose={onClose} /> : null}
    </Modal>
  );
}

function CardAddForm({ onClose }: { onClose: () => void }) {
  const stripe = useStripe();
  // One setup intent per opening of the dialog: a failed confirm can be tried again with it.
  const setup = useQuery({
    queryKey: ['setup-intent'],
    queryFn: createSetupIntent,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const save = useSavePaymentMethod();
  const [card, setCard] = useState<StripeCardElement>();
  const [complete, setComplete] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (setup.isError || stripe.isError) {
    const refusal = isApiError(setup.error) && setup.error.status === 403 ? setup.error.message : undefined;
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {refusal ?? CardText.setupIntentFailed}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!setup.data || !stripe.data) return <Loader size="sm" aria-label="Preparing the card form" />;

  const clientSecret = setup.data.client_secret;
  const submit = async () => {
    if (!card) return;
    setConfirming(true);
    try {
      const result = await stripe.data.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (result.error || !result.setupIntent) {
        notify(CardText.addFailed, 'error');
        return;
      }
      await save.mutateAsync(result.setupIntent.id);
      notify(CardText.added, 'success');
      onClose();
    } catch {
      notify(CardText.addFailed, 'error');
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Your card details go to our card payment provider; we keep only the card type, its last four digits
        and its expiry date.
      </Text>
      <CardField stripe={stripe.data} onReady={setCard} onComplete={setComplete} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={confirming}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={confirming} disabled={!card || !complete}>
          Save Card
        </Button>
      </Group>
    </Stack>
  );
}
