import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from '../../../lib/routing.tsx';
import { useOrderState } from '../store/order-store.ts';
import { enterOrderIndex } from '../utils/order-state.ts';
import { OrderStepper } from './order-stepper.tsx';
import { ServerListStep } from './server-list-step.tsx';
import { ServiceTypeStep } from './service-type-step.tsx';

/**
 * /order: step 0 (service types) or step 1 (the chosen type's products). Arriving here clears the
 * summary and selection of an earlier product (portal spec §2).
 */
export function OrderIndexPage() {
  const [state, setState] = useOrderState();
  const { key } = useLocation();
  const { view, state: entered } = enterOrderIndex(state);
  useDocumentTitle(`${view === 'service-type' ? 'Select Service Type' : 'Select Server'} · Rackdesk`);

  // Each arrival at /order (a link, a label, the back button) enters the list afresh.
  useEffect(() => {
    setState((current) => enterOrderIndex(current).state);
  }, [key, setState]);

  return (
    <Stack gap="lg">
      <OrderStepper step={entered.step} />
      {view === 'server-list' && entered.group ? (
        <ServerListStep group={entered.group} />
      ) : (
        <ServiceTypeStep />
      )}
    </Stack>
  );
}
