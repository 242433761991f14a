import type { UserEditRequest } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { readProfile } from './profile.ts';

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

describe('readProfile', () => {
  it('trims the fields and stores the phone number in international form', () => {
    const reading = readProfile({ ...filled, firstname: '  Dana ', paymentmethod: 'paypal' });
    expect(reading).toEqual({
      ok: true,
      values: {
        ...filled,
        firstname: 'Dana',
        phonenumber: '+1 212 555 0100',
        defaultGateway: 'paypal',
      },
    });
  });

  it('stores the billing system’s placeholders as empty', () => {
    const reading = readProfile({
      ...filled,
      companyname: 'NOT_SET',
      address2: 'NOT_SET',
      postcode: '00000',
      phonenumber: '+1.1111111111',
    });
    expect(reading).toMatchObject({
      ok: true,
      values: { companyname: '', address2: '', postcode: '', phonenumber: '' },
    });
  });

  it('leaves the default gateway alone when no payment method is sent', () => {
    const reading = readProfile(filled);
    expect(reading.ok && 'defaultGateway' in reading.values).toBe(false);
  });

  it('refuses a phone number that is not valid for the country', () => {
    expect(readProfile({ ...filled, phonenumber: '020 7946 0958' })).toEqual({
      ok: false,
      field: 'phonenumber',
      message: 'Please enter a valid phone number for the chosen country.',
    });
  });

  it('asks for the country code when there is no country to read a national number for', () => {
    expect(readProfile({ ...filled, country: '', phonenumber: '2125550100' })).toMatchObject({
      ok: false,
      field: 'phonenumber',
    });
  });
});
