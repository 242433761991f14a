import { useCallback, useSyncExternalStore } from 'react';
import { initialOrderState, type OrderState, readOrderState } from '../utils/order-state.ts';

/**
 * The wizard's state for the browser session (portal spec §2): kept in sessionStorage so that a
 * reload or a detour to sign in finds the step and the summary again, and gone with the tab.
 */
export const ORDER_STORAGE_KEY = 'rackdesk.order';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface OrderStore {
  get: () => OrderState;
  set: (next: OrderState | ((current: OrderState) => OrderState)) => void;
  /** Forgets the order (after it was placed). */
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
}

export function createOrderStore(storage: KeyValueStorage | null, key = ORDER_STORAGE_KEY): OrderStore {
  const read = () => {
    try {
      return readOrderState(storage?.getItem(key) ?? null);
    } catch {
      return initialOrderState;
    }
  };
  let state = read();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const write = (next: OrderState) => {
    state = next;
    try {
      if (next === initialOrderState) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(next));
    } catch {
      // A full or refused storage: the wizard works on for this page, only a reload forgets it.
    }
    emit();
  };
  return {
    get: () => state,
    set: (next) => {
      const value = typeof next === 'function' ? next(state) : next;
      if (value !== state) write(value);
    },
    clear: () => write(initialOrderState),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

let store: OrderStore | undefined;

/** The one store of the app, made on first use. */
export function orderStore(): OrderStore {
  store ??= createOrderStore(sessionStorageOrNull());
  return store;
}

/** The wizard's state and its setter, for components. */
export function useOrderState(): [OrderState, OrderStore['set']] {
  const current = orderStore();
  const state = useSyncExternalStore(current.subscribe, current.get, current.get);
  const set = useCallback<OrderStore['set']>((next) => current.set(next), [current]);
  return [state, set];
}
