import { describe, expect, it } from 'vitest';
import { invoicedToLines } from './invoiced-to.ts';

const user = {
  companyname: 'Acme Ltd',
  firstname: 'Dana',
  lastname: 'Demo',
  address1: '1 Main St',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
  email: 'demo@example.com',
};

describe('invoicedToLines', () => {
  it('lists company, name, address, town and country, skipping empty lines', () => {
    expect(invoicedToLines(user)).toEqual([
      'Acme Ltd',
      'Dana Demo',
      '1 Main St',
      'Springfield, IL 62701',
      'US',
      'demo@example.com',
    ]);
  });

  it('leaves out the placeholders of incomplete details', () => {
    expect(
      invoicedToLines({
        ...user,
        companyname: '',
        address1: 'NOT_SET',
        city: 'NOT_SET',
        state: '',
        postcode: '00000',
      }),
    ).toEqual(['Dana Demo', 'US', 'demo@example.com']);
  });
});
