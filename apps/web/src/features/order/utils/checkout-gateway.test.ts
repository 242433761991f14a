import { describe, expect, it } from 'vitest';
import { checkoutGateway } from './checkout-gateway.ts';

const account = (defaultgateway: string, userDetailsOk: boolean) => ({
  defaultgateway,
  user_details_ok: userDetailsOk,
});
const offered = ['stripe', 'paypal', 'bitpaycheckout', 'cryptomusgateway'];

describe('checkoutGateway', () => {
  it('keeps the chosen gateway while it is offered', () => {
    expect(checkoutGateway('paypal', account('stripe', true), offered)).toBe('paypal');
  });

  it('starts on the account’s default, or on Cryptomus while the details are incomplete', () => {
    expect(checkoutGateway(null, account('paypal', true), offered)).toBe('paypal');
    expect(checkoutGateway(null, account('paypal', false), offered)).toBe('cryptomusgateway');
  });

  it('falls back to the first offered gateway, or none', () => {
    expect(checkoutGateway('mailin', account('stripe', true), ['paypal', 'stripe'])).toBe('paypal');
    expect(checkoutGateway(null, account('stripe', true), [])).toBeNull();
  });
});
