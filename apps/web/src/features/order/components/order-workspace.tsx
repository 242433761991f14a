import { Box, Grid, Stack, Title } from '@mantine/core';
import { isCryptoGateway, OrderText, type Product } from '@rackdesk/contract';
import { useCallback, useState } from 'react';
import { RequiredInfoModal } from '../../../components/required-info-modal.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { notify } from '../../../lib/notify.ts';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { useCompleteOrder } from '../hooks/use-complete-order.ts';
import { useOrderDraft } from '../hooks/use-order-draft.ts';
import { useOrderNavigation } from '../hooks/use-order-navigation.ts';
import { useStorageVpsStatus } from '../hooks/use-storage-vps.ts';
import { checkoutGateway } from '../utils/checkout-gateway.ts';
import { backToConfigure, continueToCheckout } from '../utils/order-state.ts';
import { configureErrors, orderRequest } from '../utils/order-summary.ts';
import type { ServiceGroupKey } from '../utils/service-groups.ts';
import { sshKeysAllowed } from '../utils/ssh-keys-allowed.ts';
import { CheckoutStep } from './checkout-step.tsx';
import { DedicatedConfigure } from './dedicated-configure.tsx';
import { FraudAlert } from './fraud-alert.tsx';
import { OrderFailed } from './order-failed.tsx';
import { useOrderSlots } from './order-slots.tsx';
import { OrderSummaryPanel } from './order-summary-panel.tsx';
import { StorageConfigure } from './storage-configure.tsx';
import { VpsConfigure } from './vps-configure.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';

interface OrderWorkspaceProps {
  group: ServiceGroupKey;
  product: Product;
}

/**
 * Steps 2 to 4 of one product: the configure page (2) or the checkout (3; the Login/Register panel
 * for a guest) beside the summary, sticky on wide screens and below on phones; then All Done (4).
 */
export function OrderWorkspace({ group, product }: OrderWorkspaceProps) {
  const { state, setState } = useOrderNavigation();
  const { data: user } = useCurrentUser();
  const { AuthPanel, ProfileForm } = useOrderSlots();
  const draft = useOrderDraft(product);
  const { selection, summary } = draft;
  const [showErrors, setShowErrors] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const vpsStatus = useStorageVpsStatus(group === 'storage' ? selection.storageVpsId : null);
  const methods = usePaymentMethods({ enabled: Boolean(user) });

  const requireDetails = useCallback(() => {
    setPaymentError(OrderText.detailsRequired);
    setDetailsOpen(true);
  }, []);
  const order = useCompleteOrder(product.pid, requireDetails);

  // Details completed in the modal: the chosen gateway stands.
  if (paymentError && user?.user_details_ok) setPaymentError(null);

  const formProblem = (): string | null => {
    const errors = configureErrors(group, product, selection);
    return Object.keys(errors).length > 0 || vpsStatus.error ? OrderText.formHasErrors : null;
  };

  const onContinue = () => {
    const problem = formProblem();
    setShowErrors(problem !== null);
    setFormAlert(problem);
    if (problem) {
      notify(problem, 'error');
      return;
    }
    setState((current) => continueToCheckout(current, Boolean(user)));
  };

  const onComplete = () => {
    if (!user || !summary) return;
    order.clearServerError();
    const problem = formProblem();
    if (problem) {
      // The configure page holds the fields to fix.
      setShowErrors(true);
      setFormAlert(problem);
      notify(problem, 'error');
      setState(backToConfigure);
      return;
    }
    if (!selection.termsAccepted) {
      setTermsError(OrderText.termsRequired);
      return;
    }
    setTermsError(null);
    const gateway = checkoutGateway(
      selection.paymentmethod,
      user,
      (methods.data ?? []).map((method) => method.module),
    );
    if (!gateway) {
      setFormAlert('No payment method is available right now. Please try again later.');
      return;
    }
    if (!user.user_details_ok && !isCryptoGateway(gateway)) {
      requireDetails();
      return;
    }
    setFormAlert(null);
    const allowed = sshKeysAllowed({ os: selection.os, product, loggedIn: true });
    order.complete(
      orderRequest({
        group,
        product,
        selection: { ...selection, paymentmethod: gateway },
        summary,
        sshKeysAllowed: allowed,
      }),
    );
  };

  if (state.step === 4) {
    const outcome = state.outcome;
    if (outcome?.kind === 'fraud') return <FraudAlert />;
    if (outcome?.kind === 'failed') {
      return <OrderFailed message={outcome.message} onRetry={() => setState(backToConfigure)} />;
    }
    // Placed: on its way to the invoice.
    return <PageLoader />;
  }

  const main =
    state.step === 3 ? (
      user ? (
        <CheckoutStep
          user={user}
          draft={draft}
          paymentError={paymentError}
          onDetailsRequired={requireDetails}
          onPaymentChosen={() => setPaymentError(null)}
        />
      ) : (
        <Stack gap="lg">
          <Title order={1} size="h2">
            Checkout
          </Title>
          <AuthPanel />
        </Stack>
      )
    ) : group === 'vps' ? (
      <VpsConfigure product={product} draft={draft} loggedIn={Boolean(user)} showErrors={showErrors} />
    ) : group === 'storage' ? (
      <StorageConfigure product={product} draft={draft} loggedIn={Boolean(user)} showErrors={showErrors} />
    ) : (
      <DedicatedConfigure product={product} draft={draft} />
    );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>{main}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Box pos={{ base: 'static', md: 'sticky' }} top={76}>
          <OrderSummaryPanel
            product={product}
            draft={draft}
            step={state.step}
            loggedIn={Boolean(user)}
            termsError={termsError}
            alert={order.serverError ?? formAlert}
            busy={order.isPending}
            checking={vpsStatus.pending}
            onContinue={onContinue}
            onComplete={onComplete}
          />
        </Box>
      </Grid.Col>
      <RequiredInfoModal opened={detailsOpen} onClose={() => setDetailsOpen(false)}>
        <ProfileForm />
      </RequiredInfoModal>
    </Grid>
  );
}
