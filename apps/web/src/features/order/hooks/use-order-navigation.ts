import { useCallback } from 'react';
import { useNavigate } from '../../../lib/routing.tsx';
import { paths } from '../../../lib/paths.ts';
import { useOrderState } from '../store/order-store.ts';
import {
  backToConfigure,
  chooseServiceType,
  goToServiceType,
  type OrderStep,
  stepLabelTarget,
} from '../utils/order-state.ts';

/** The step labels' moves (portal spec §2 "Step navigation"), shared by the stepper and the pages. */
export function useOrderNavigation() {
  const [state, setState] = useOrderState();
  const navigate = useNavigate();

  /** Step 0: the service types, with the chosen group reset. */
  const toServiceType = useCallback(() => {
    setState(goToServiceType());
    navigate(paths.order);
  }, [navigate, setState]);

  /** Step 1: the chosen group's products (entering the list clears the summary). */
  const toServerList = useCallback(() => {
    setState((current) => (current.group ? chooseServiceType(current.group) : goToServiceType()));
    navigate(paths.order);
  }, [navigate, setState]);

  const clickLabel = useCallback(
    (label: OrderStep) => {
      const target = stepLabelTarget(label, state.step);
      if (target === 'service-type') toServiceType();
      else if (target === 'server-list') toServerList();
      else if (target === 'configure') setState(backToConfigure);
    },
    [state.step, setState, toServerList, toServiceType],
  );

  return { state, setState, toServiceType, toServerList, clickLabel };
}
