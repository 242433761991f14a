import { describe, expect, it } from 'vitest';
import { chooseServiceType, enterConfigure, initialOrderState } from '../utils/order-state.ts';
import { createOrderStore, ORDER_STORAGE_KEY } from './order-store.ts';

/** sessionStorage's contract, in memory. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('order store', () => {
  it('keeps the state in the session storage and finds it again after a reload', () => {
    const storage = memoryStorage();
    const store = createOrderStore(storage);
    store.set(chooseServiceType('vps'));
    const entry = enterConfigure(store.get(), 201);
    if (entry.kind !== 'configure') throw new Error('expected to configure');
    store.set(entry.state);

    const reloaded = createOrderStore(storage);
    expect(reloaded.get()).toEqual(entry.state);
    expect(JSON.parse(storage.items.get(ORDER_STORAGE_KEY)!)).toMatchObject({ step: 2, group: 'vps' });
  });

  it('tells subscribers of each change, and only of changes', () => {
    const store = createOrderStore(memoryStorage());
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.set((current) => current);
    expect(calls).toBe(0);
    store.set(chooseServiceType('storage'));
    expect(calls).toBe(1);
    unsubscribe();
    store.set(chooseServiceType('vps'));
    expect(calls).toBe(1);
  });

  it('forgets the order once it is cleared', () => {
    const storage = memoryStorage();
    const store = createOrderStore(storage);
    store.set(chooseServiceType('dedicated'));
    store.clear();
    expect(store.get()).toEqual(initialOrderState);
    expect(storage.items.has(ORDER_STORAGE_KEY)).toBe(false);
    expect(createOrderStore(storage).get()).toEqual(initialOrderState);
  });

  it('works on without a storage, or with one that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    for (const storage of [null, refusing]) {
      const store = createOrderStore(storage);
      expect(store.get()).toEqual(initialOrderState);
      store.set(chooseServiceType('vps'));
      expect(store.get().group).toBe('vps');
    }
  });
});
