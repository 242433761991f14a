import type { Product } from '@rackdesk/contract';
import { useCallback, useMemo } from 'react';
import { useOrderState } from '../store/order-store.ts';
import { newSelection, type OrderSelection, updateSelection } from '../utils/order-state.ts';
import { type PricedSummary, priceSummary } from '../utils/order-summary.ts';

export type SelectionPatch = Partial<Omit<OrderSelection, 'pid'>>;

export interface OrderDraft {
  selection: OrderSelection;
  update: (patch: SelectionPatch) => void;
  /** Null when the product is sold in no cycle. */
  summary: PricedSummary | null;
}

/** The order summary of the product being configured, its setter and its priced form. */
export function useOrderDraft(product: Product): OrderDraft {
  const [state, setState] = useOrderState();
  const kept = state.selection;
  const selection = useMemo(
    () => (kept && kept.pid === product.pid ? kept : newSelection(product.pid)),
    [kept, product.pid],
  );
  const update = useCallback(
    (patch: SelectionPatch) => setState((current) => updateSelection(current, patch)),
    [setState],
  );
  const summary = useMemo(() => priceSummary(product, selection), [product, selection]);
  return { selection, update, summary };
}
