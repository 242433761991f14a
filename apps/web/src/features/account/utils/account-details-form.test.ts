import type { User } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  accountDetailsValues,
  missingProfileFields,
  paymentMethodOptions,
  toUserEditRequest,
} from './account-details-form.ts';

const user = (overrides: Partial<User> = {}): User => ({
  id: 1,
  email: 'dana@example.com',
  email_verified: true,
  user_details_ok: true,
  firstname: 'Dana',
  first_name: 'Dana',
  lastname: 'Demo',
  fullname: 'Dana Demo',
  companyname: '',
  address1: '1 Main St',
  address2: '',
  city: 'New York',
  state: 'NY',
  postcode: '10001',
  country: 'US',
  phonenumber: '2125550100',
  telephoneNumber: '2125550100',
  phonenumberformatted: '+1.2125550100',
  currency_code: 'USD',
  defaultgateway: 'paypal',
  credit: '0.00',
  two_factor_method: 'none',
  is_sub_account: false,
  sub_account: null,
  ...overrides,
});

describe('accountDetailsValues', () => {
  it('shows the stored details, the phone number as the server formats it', () => {
    expect(accountDetailsValues(user())).toEqual({
      firstname: 'Dana',
      lastname: 'Demo',
      companyname: '',
      address1: '1 Main St',
      address2: '',
      city: 'New York',
      state: 'NY',
      postcode: '10001',
      country: 'US',
      phonenumber: '+1.2125550100',
      paymentmethod: 'paypal',
    });
  });

  it("shows the billing system's placeholders as empty", () => {
    const values = accountDetailsValues(
      user({
        firstname: 'NOT_SET',
        address1: ' NOT_SET ',
        postcode: '00000',
        phonenumber: '+1.1111111111',
        phonenumberformatted: '+1.1111111111',
      }),
    );
    expect(values).toMatchObject({ firstname: '', address1: '', postcode: '', phonenumber: '' });
  });

  it('chooses Credit Card when the account names no gateway the form offers', () => {
    expect(accountDetailsValues(user({ defaultgateway: '' })).paymentmethod).toBe('stripe');
    expect(accountDetailsValues(user({ defaultgateway: 'banktransfer' })).paymentmethod).toBe('stripe');
  });
});

describe('toUserEditRequest', () => {
  it('sends trimmed values, and placeholders typed back in as empty', () => {
    const values = {
      ...accountDetailsValues(user()),
      firstname: '  Dana ',
      lastname: 'NOT_SET',
      postcode: '00000',
      phonenumber: '+1.1111111111',
      city: '00000',
    };
    expect(toUserEditRequest(values)).toMatchObject({
      firstname: 'Dana',
      lastname: '',
      postcode: '',
      phonenumber: '',
      // Only the postcode field takes 00000 for a placeholder.
      city: '00000',
      paymentmethod: 'paypal',
    });
  });
});

describe('toUserEditRequest and the payment method', () => {
  it('leaves out a payment method the server does not know', () => {
    const values = { ...accountDetailsValues(user()), paymentmethod: '' };
    expect(toUserEditRequest(values)).not.toHaveProperty('paymentmethod');
  });
});

describe('missingProfileFields', () => {
  it('names the fields the payments still need, placeholders counting as missing', () => {
    expect(missingProfileFields(user())).toEqual([]);
    expect(missingProfileFields(user({ address1: 'NOT_SET', phonenumber: '', companyname: '' }))).toEqual([
      'Address 1',
      'Phone Number',
    ]);
  });
});

describe('paymentMethodOptions', () => {
  it("offers the gateways by the spec's display names", () => {
    expect(paymentMethodOptions.map((option) => option.label)).toEqual([
      'PayPal',
      'Credit Card',
      'Bitcoin or BitCash',
      'Cryptomus',
      'Other CryptoCurrency',
    ]);
  });
});
