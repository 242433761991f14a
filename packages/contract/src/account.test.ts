import { describe, expect, it } from 'vitest';
import {
  isProfilePlaceholder,
  type UserEditRequest,
  userEditRequestSchema,
  withoutPlaceholder,
} from './account.ts';

const filled: UserEditRequest = {
  firstname: 'Dana',
  lastname: 'Demo',
  companyname: '',
  address1: '100 Demo Street',
  address2: '',
  city: 'New York',
  state: 'NY',
  postcode: '10001',
  country: 'US',
  phonenumber: '212-555-0100',
};

describe('userEditRequestSchema', () => {
  it('takes only assigned ISO 3166-1 alpha-2 codes, or none', () => {
    expect(userEditRequestSchema.safeParse({ ...filled, country: 'DE' }).success).toBe(true);
    expect(userEditRequestSchema.safeParse({ ...filled, country: '' }).success).toBe(true);
    for (const country of ['XX', 'UK', 'us', 'USA']) {
      const result = userEditRequestSchema.safeParse({ ...filled, country });
      expect(result.error?.issues[0]?.message, country).toBe('Please choose a country from the list.');
    }
  });

  it('takes only the gateways of the billing system as payment method', () => {
    for (const paymentmethod of ['stripe', 'paypal', 'bitpaycheckout', 'cryptomusgateway', 'mailin']) {
      expect(userEditRequestSchema.safeParse({ ...filled, paymentmethod }).success, paymentmethod).toBe(true);
    }
    const result = userEditRequestSchema.safeParse({ ...filled, paymentmethod: 'banktransfer' });
    expect(result.error?.issues[0]?.message).toBe('Please choose a payment method from the list.');
  });
});

describe('the placeholder rule', () => {
  it('takes NOT_SET in any field, 00000 only as postcode and +1.1111111111 only as phone', () => {
    expect(withoutPlaceholder('city', ' NOT_SET ')).toBe('');
    expect(withoutPlaceholder('postcode', '00000')).toBe('');
    expect(withoutPlaceholder('phonenumber', '+1.1111111111')).toBe('');
    expect(withoutPlaceholder('address1', '00000')).toBe('00000');
    expect(withoutPlaceholder('city', '+1.1111111111')).toBe('+1.1111111111');
    expect(withoutPlaceholder('city', ' Boston ')).toBe('Boston');
    expect(isProfilePlaceholder('companyname', 'not_set')).toBe(false);
  });
});
