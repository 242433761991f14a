import { Alert, Button, Card, Checkbox, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { billingCycleLabel, OrderText, type Product } from '@rackdesk/contract';
import type { ReactNode } from 'react';
import { formatUsd } from '../../../lib/money.ts';
import type { OrderDraft } from '../hooks/use-order-draft.ts';
import type { OrderStep } from '../utils/order-state.ts';
import { quantityError } from '../utils/order-summary.ts';
import { PromoCodeField } from './promo-code-field.tsx';
import { QuantityField } from './quantity-field.tsx';

interface OrderSummaryPanelProps {
  product: Product;
  draft: OrderDraft;
  step: OrderStep;
  loggedIn: boolean;
  /** The form's errors are shown (a Continue or Complete Order was refused). */
  termsError: string | null;
  /** Why the order cannot go on, shown above the button (form errors, the server's 422). */
  alert: string | null;
  busy: boolean;
  /** The storage block's VPS is being checked: going on waits for the answer. */
  checking: boolean;
  onContinue: () => void;
  onComplete: () => void;
}

function Row({
  label,
  children,
  strong = false,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Text size="sm" fw={strong ? 700 : undefined} style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The order summary (portal spec §2): the product, its options, setup fees and cycle price, the
 * quantity, the promo code, the terms, and Continue (step 2) or Complete Order (step 3). Figures
 * come from the contract's pricing, the one the order API charges with.
 */
export function OrderSummaryPanel({
  product,
  draft,
  step,
  loggedIn,
  termsError,
  alert,
  busy,
  checking,
  onContinue,
  onComplete,
}: OrderSummaryPanelProps) {
  const { selection, update, summary } = draft;
  if (!summary) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Text>This product cannot be ordered right now.</Text>
      </Card>
    );
  }
  const { quote, cycle } = summary;
  const [productLine, ...optionLines] = quote.lines;
  const cycleLabel = billingCycleLabel[cycle];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-summary-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="order-summary-title">
          Order Summary
        </Title>
        <Row label={productLine?.label ?? product.name} strong>
          {formatUsd(productLine?.recurringCents ?? 0)}
        </Row>
        {optionLines.map((line) => (
          <Row key={line.label} label={line.label}>
            {line.recurringCents > 0 ? formatUsd(line.recurringCents) : 'Included'}
          </Row>
        ))}
        <Divider />
        <Row label="Setup Fees">{formatUsd(quote.setupCents)}</Row>
        <Row label={`${cycleLabel} Price`}>{formatUsd(quote.recurringCents)}</Row>
        <QuantityField
          product={product}
          value={selection.quantity}
          error={quantityError(product, selection.quantity)}
          onChange={(quantity) => update({ quantity })}
        />
        <PromoCodeField
          pid={product.pid}
          cycle={cycle}
          code={selection.promoCode}
          promo={selection.promo}
          cycleError={summary.promoError}
          onChange={update}
        />
        {quote.discountCents > 0 ? <Row label="Discount">{formatUsd(-quote.discountCents)}</Row> : null}
        <Divider />
        <Row label="Total Due Today" strong>
          {formatUsd(quote.dueTodayCents)}
        </Row>
        <Text size="xs" c="dimmed">
          Then {formatUsd((quote.recurringCents - quote.recurringDiscountCents) * quote.quantity)}{' '}
          {cycleLabel.toLowerCase()}
          {quote.recurringDiscountCents > 0 && quote.promoRenewals !== null
            ? ` for ${quote.promoRenewals} ${quote.promoRenewals === 1 ? 'renewal' : 'renewals'}, ${formatUsd(quote.recurringCents * quote.quantity)} after`
            : ''}
          .
        </Text>
        <Checkbox
          label="I have read and agree to the terms of service."
          checked={selection.termsAccepted}
          onChange={(event) => update({ termsAccepted: event.currentTarget.checked })}
          error={termsError}
        />
        {alert ? (
          <Alert color="red" variant="light" role="alert">
            {alert}
          </Alert>
        ) : null}
        {step >= 3 ? (
          <>
            {!loggedIn ? (
              <Text size="sm" fw={600} role="status">
                {OrderText.loginToComplete}
              </Text>
            ) : null}
            <Button onClick={onComplete} loading={busy || checking} disabled={!loggedIn} fullWidth>
              Complete Order
            </Button>
          </>
        ) : (
          <Button onClick={onContinue} loading={checking} fullWidth>
            Continue
          </Button>
        )}
      </Stack>
    </Card>
  );
}
