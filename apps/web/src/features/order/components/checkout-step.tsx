import { Alert, Group, Radio, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { isCryptoGateway, isPaymentGateway, type User } from '@rackdesk/contract';
import { SectionCard } from '../../../components/section-card.tsx';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import type { OrderDraft } from '../hooks/use-order-draft.ts';
import { checkoutGateway } from '../utils/checkout-gateway.ts';
import { useOrderSlots } from './order-slots.tsx';

interface CheckoutStepProps {
  user: User;
  draft: OrderDraft;
  /** The payment method's error ('Non-Crypto payments require…'). */
  paymentError: string | null;
  /** A non-crypto gateway was chosen while the profile lacks the details it needs. */
  onDetailsRequired: () => void;
  onPaymentChosen: () => void;
}

/**
 * Step 3, Checkout (portal spec §2, §4, §5, §6): who is ordering (with Logout), the unverified
 * e-mail warning, the payment methods, additional notes. A non-crypto method needs the profile's
 * details: choosing one without them says so and asks for them.
 */
export function CheckoutStep({
  user,
  draft,
  paymentError,
  onDetailsRequired,
  onPaymentChosen,
}: CheckoutStepProps) {
  const { selection, update } = draft;
  const { UnverifiedEmailBanner, LogoutButton } = useOrderSlots();
  const methods = usePaymentMethods();
  const offered = (methods.data ?? []).filter((method) => isPaymentGateway(method.module));
  const selected = checkoutGateway(
    selection.paymentmethod,
    user,
    offered.map((method) => method.module),
  );

  const choose = (module: string) => {
    if (!isPaymentGateway(module)) return;
    update({ paymentmethod: module });
    if (!user.user_details_ok && !isCryptoGateway(module)) onDetailsRequired();
    else onPaymentChosen();
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Checkout
      </Title>
      <UnverifiedEmailBanner user={user} />
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          Logged in as <strong>{user.email}</strong>
        </Text>
        <LogoutButton />
      </Group>
      <SectionCard title="Payment Method">
        {methods.isPending ? (
          <Text size="sm" c="dimmed">
            Loading payment methods…
          </Text>
        ) : methods.isError ? (
          <Alert color="red" variant="light">
            The payment methods could not be loaded. Please try again later.
          </Alert>
        ) : offered.length === 0 ? (
          <Text size="sm">No payment method is available right now.</Text>
        ) : (
          <Radio.Group
            label={<VisuallyHidden>Payment Method</VisuallyHidden>}
            value={selected}
            onChange={choose}
            error={paymentError}
          >
            <Stack gap="xs">
              {offered.map((method) => (
                <Radio key={method.module} value={method.module} label={method.displayname} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </SectionCard>
      <SectionCard title="Additional Notes">
        <Textarea
          aria-label="Additional Notes"
          placeholder="Anything we should know about this order"
          value={selection.notes}
          onChange={(event) => update({ notes: event.currentTarget.value })}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={5000}
        />
      </SectionCard>
    </Stack>
  );
}
