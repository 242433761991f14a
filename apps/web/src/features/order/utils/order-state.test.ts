import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  backToConfigure,
  chooseServiceType,
  continueToCheckout,
  enterConfigure,
  enterOrderIndex,
  finishOrder,
  goToServiceType,
  initialOrderState,
  newSelection,
  type OrderState,
  readOrderState,
  routeProductId,
  type OrderStep,
  stepLabelTarget,
  updateSelection,
} from './order-state.ts';

const configuring = (pid: number, step: OrderStep = 2): OrderState => ({
  step,
  group: 'vps',
  selection: { ...newSelection(pid), domain: 'web01', quantity: 2 },
  outcome: null,
});

describe('step labels', () => {
  it('always lets the first label return to /order', () => {
    for (const step of [0, 1, 2, 3, 4] as const) expect(stepLabelTarget(0, step)).toBe('service-type');
  });

  it('lets the second label return to the product list from step 2 on', () => {
    expect(stepLabelTarget(1, 0)).toBeNull();
    expect(stepLabelTarget(1, 1)).toBeNull();
    expect(stepLabelTarget(1, 2)).toBe('server-list');
    expect(stepLabelTarget(1, 3)).toBe('server-list');
    expect(stepLabelTarget(1, 4)).toBe('server-list');
  });

  it('makes the third label clickable at step 3 only', () => {
    expect(stepLabelTarget(2, 2)).toBeNull();
    expect(stepLabelTarget(2, 3)).toBe('configure');
    expect(stepLabelTarget(2, 4)).toBeNull();
  });

  it('never lets the last two labels be clicked', () => {
    for (const step of [0, 1, 2, 3, 4] as const) {
      expect(stepLabelTarget(3, step)).toBeNull();
      expect(stepLabelTarget(4, step)).toBeNull();
    }
  });
});

describe('/order', () => {
  it('going to step 0 resets the chosen group and the summary', () => {
    expect(goToServiceType()).toEqual({ step: 0, group: null, selection: null, outcome: null });
  });

  it('shows the chosen group’s products and clears the stored summary', () => {
    const { state, view } = enterOrderIndex(configuring(201, 3));
    expect(view).toBe('server-list');
    expect(state).toEqual({ step: 1, group: 'vps', selection: null, outcome: null });
  });

  it('falls back to step 0 at step 1 without a group', () => {
    const { state, view } = enterOrderIndex({ ...initialOrderState, step: 1 });
    expect(view).toBe('service-type');
    expect(state.step).toBe(0);
  });

  it('shows the service types at step 0', () => {
    expect(enterOrderIndex(initialOrderState).view).toBe('service-type');
    expect(enterOrderIndex(chooseServiceType('storage')).view).toBe('server-list');
  });
});

describe('configure routes', () => {
  it('sends a route without a product id back to step 0', () => {
    expect(enterConfigure(configuring(201), null)).toEqual({ kind: 'restart' });
    expect(routeProductId(undefined)).toBeNull();
    expect(routeProductId('vps')).toBeNull();
    expect(routeProductId('0')).toBeNull();
    expect(routeProductId('1e3')).toBeNull();
    expect(routeProductId('201')).toBe(201);
  });

  it('moves from step 0 or 1 to step 2 with a new summary', () => {
    for (const state of [initialOrderState, chooseServiceType('dedicated')]) {
      const entry = enterConfigure(state, 301);
      expect(entry).toEqual({
        kind: 'configure',
        state: { step: 2, group: state.group, selection: newSelection(301), outcome: null },
      });
    }
  });

  it('keeps the summary of the chosen product at later steps', () => {
    const state = configuring(201, 3);
    expect(enterConfigure(state, 201)).toEqual({ kind: 'configure', state });
  });

  it('sends a route that does not match the chosen product back to /order', () => {
    expect(enterConfigure(configuring(201, 2), 202)).toEqual({ kind: 'elsewhere' });
    expect(enterConfigure(configuring(201, 4), 322)).toEqual({ kind: 'elsewhere' });
  });
});

describe('order flow', () => {
  it('continues to the checkout below step 3, or at step 3 once logged in', () => {
    expect(continueToCheckout(configuring(201, 2), false).step).toBe(3);
    expect(continueToCheckout(configuring(201, 3), false).step).toBe(3);
    expect(continueToCheckout(configuring(201, 4), false).step).toBe(4);
    expect(continueToCheckout(configuring(201, 4), true).step).toBe(3);
  });

  it('goes back to the configure page from the checkout', () => {
    expect(backToConfigure(configuring(201, 3)).step).toBe(2);
  });

  it('ends at step 4 with the outcome', () => {
    const done = finishOrder(configuring(201, 3), { kind: 'fraud' });
    expect(done.step).toBe(4);
    expect(done.outcome).toEqual({ kind: 'fraud' });
    expect(done.selection?.pid).toBe(201);
  });

  it('changes the summary but never its product', () => {
    const changed = updateSelection(configuring(201), { domain: 'db01', quantity: 3 });
    expect(changed.selection).toMatchObject({ pid: 201, domain: 'db01', quantity: 3 });
    expect(updateSelection(initialOrderState, { domain: 'x' })).toBe(initialOrderState);
  });
});

describe('reading the stored state', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads back what was written', () => {
    const state: OrderState = {
      ...configuring(201, 3),
      selection: {
        ...newSelection(201),
        cycle: 'annually',
        configoptions: [{ id: 7, optionid: 12 }],
        os: 'debian-12',
        sshKeyIds: [4],
        promoCode: 'SAVE10',
        promo: {
          code: 'SAVE10',
          type: 'Percentage',
          value: '10.00',
          recurring: false,
          recurfor: 0,
          cycles: '',
          prefix: '$',
          suffix: ' USD',
        },
        paymentmethod: 'paypal',
        termsAccepted: true,
      },
    };
    expect(readOrderState(JSON.stringify(state))).toEqual(state);
  });

  it('starts over on nothing, on garbage and on a shape it does not know', () => {
    expect(readOrderState(null)).toEqual(initialOrderState);
    expect(readOrderState('{')).toEqual(initialOrderState);
    expect(readOrderState('[]')).toEqual(initialOrderState);
    expect(readOrderState(JSON.stringify({ step: 9, group: null }))).toEqual(initialOrderState);
    expect(readOrderState(JSON.stringify({ step: 1, group: null }))).toEqual(initialOrderState);
  });

  it('logs an unknown group and starts over', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readOrderState(JSON.stringify({ step: 1, group: 'mainframe' }))).toEqual(initialOrderState);
    expect(log).toHaveBeenCalledWith('Unknown order group: mainframe');
  });

  it('drops the summary’s fields that are not what they should be', () => {
    const state = readOrderState(
      JSON.stringify({
        step: 2,
        group: 'dedicated',
        selection: {
          pid: 301,
          cycle: 'weekly',
          configoptions: [{ id: 1, optionid: 2 }, { id: 'x' }, { id: 3, optionid: -1 }],
          quantity: 0,
          sshKeyIds: [1, '2', 3],
          paymentmethod: 'cash',
          promo: { code: 'X' },
        },
        outcome: { kind: 'placed', orderid: 'nope' },
      }),
    );
    expect(state.selection).toMatchObject({
      pid: 301,
      cycle: null,
      configoptions: [{ id: 1, optionid: 2 }],
      quantity: 1,
      sshKeyIds: [1, 3],
      paymentmethod: null,
      promo: null,
    });
    expect(state.outcome).toBeNull();
  });
});
