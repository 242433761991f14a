import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersRepository } from '../src/modules/users/users.repository.ts';
import { allPermissions, bearer, createUser, loginToken } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const details = {
  firstname: 'Dana',
  lastname: 'Demo',
  companyname: 'Demo Hosting Co.',
  address1: '100 Demo Street',
  address2: 'Suite 5',
  city: 'New York',
  state: 'NY',
  postcode: '10001',
  country: 'US',
  phonenumber: '(212) 555-0100',
  paymentmethod: 'paypal',
};

describe('PUT /api/user/edit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Many sign-ins from the one test address.
    t = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '1000' });
  });
  afterAll(() => t.close());

  const edit = (token: string | undefined, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/user/edit', payload, headers: token ? bearer(token) : {} });
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).json();

  /** A signed-in owner with no details but a name, as registration leaves many. */
  async function owner() {
    const user = await createUser(t, { firstname: '', lastname: '' });
    return { user, token: await loginToken(t.app, user.email, user.password) };
  }

  it('saves every field, the phone in international form, and answers user_details_ok', async () => {
    const { user, token } = await owner();
    expect((await me(token)).user_details_ok).toBe(false);

    // The e-mail address is not editable: sent along, it is ignored.
    const response = await edit(token, { ...details, email: 'someone-else@example.com' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      message: 'Your account details have been updated successfully.',
      user_details_ok: true,
    });
    expect(body.user).toMatchObject({
      id: user.id,
      email: user.email,
      firstname: 'Dana',
      lastname: 'Demo',
      fullname: 'Dana Demo',
      companyname: 'Demo Hosting Co.',
      address1: '100 Demo Street',
      address2: 'Suite 5',
      city: 'New York',
      state: 'NY',
      postcode: '10001',
      country: 'US',
      phonenumber: '+1 212 555 0100',
      telephoneNumber: '+1 212 555 0100',
      phonenumberformatted: '+1.2125550100',
      defaultgateway: 'paypal',
      user_details_ok: true,
    });
    expect(await me(token)).toEqual(body.user);
  });

  it('stores the billing system’s placeholders as empty, so the details are not complete', async () => {
    const { token } = await owner();
    const response = await edit(token, {
      ...details,
      companyname: 'NOT_SET',
      city: 'NOT_SET',
      postcode: '00000',
      phonenumber: '+1.1111111111',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user_details_ok: false,
      user: { companyname: '', city: '', postcode: '', phonenumber: '', phonenumberformatted: '' },
    });
    expect((await me(token)).user_details_ok).toBe(false);
  });

  it('leaves the default gateway as it was when no payment method is sent', async () => {
    const { token } = await owner();
    const { paymentmethod: _none, ...withoutGateway } = details;
    const response = await edit(token, withoutGateway);
    expect(response.json().user.defaultgateway).toBe('stripe');
  });

  it('refuses bad input with 422 on the field, and changes nothing', async () => {
    const { user, token } = await owner();
    const cases: [object, string, string][] = [
      [{ country: 'XX' }, 'country', 'Please choose a country from the list.'],
      [{ country: 'us' }, 'country', 'Please choose a country from the list.'],
      [
        { phonenumber: '020 7946 0958' },
        'phonenumber',
        'Please enter a valid phone number for the chosen country.',
      ],
      [{ phonenumber: '12' }, 'phonenumber', 'Please enter a valid phone number for the chosen country.'],
      [
        { country: '', phonenumber: '2125550100' },
        'phonenumber',
        'Please enter the phone number with its country code, e.g. +1 212 555 0100.',
      ],
      [{ paymentmethod: 'banktransfer' }, 'paymentmethod', 'Please choose a payment method from the list.'],
      [{ firstname: 'x'.repeat(101) }, 'firstname', 'This field may not be greater than 100 characters.'],
      [{ address1: 'line\nbreak' }, 'address1', 'The text must fit on one line.'],
      [{ city: 42 }, 'city', expect.any(String) as unknown as string],
    ];
    for (const [change, field, message] of cases) {
      const response = await edit(token, { ...details, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(change)).toEqual([message]);
    }
    const { lastname: _missing, ...withoutLastname } = details;
    const missing = await edit(token, withoutLastname);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['lastname']);

    const stored = await new UsersRepository(t.database.db).findById(user.id);
    expect(stored).toMatchObject({ firstname: '', address1: '', phonenumber: '', defaultGateway: 'stripe' });
  });

  it('refuses a sub-account: it cannot edit its parent’s details', async () => {
    const { user: parent } = await owner();
    const sub = await createUser(t, { parentId: parent.id, permissions: allPermissions });
    const response = await edit(await loginToken(t.app, sub.email, sub.password), details);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'main_account_only',
      message: 'This feature is only available to main accounts.',
    });
    expect((await new UsersRepository(t.database.db).findById(parent.id))?.address1).toBe('');
  });

  it('changes only the caller’s own account', async () => {
    const a = await owner();
    const b = await owner();
    expect((await edit(b.token, details)).statusCode).toBe(200);
    expect((await me(a.token)).address1).toBe('');
  });

  it('answers 401 to a guest and to a signed-out session', async () => {
    expect((await edit(undefined, details)).statusCode).toBe(401);
    const { token } = await owner();
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect((await edit(token, details)).statusCode).toBe(401);
  });
});
