import {
  SUB_ACCOUNT_DEFAULTS,
  subAccountListResponseSchema,
  subAccountResponseSchema,
  SubAccountText,
} from '@rackdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import {
  type AccountCaller,
  accountCallers,
  accountCallerTokens,
  ownerSessionRoute,
} from './support/account-callers.ts';
import {
  bearer,
  createService,
  createUser,
  loginToken,
  subAccountBody,
  uniqueEmail,
} from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Sub-accounts (portal spec §3, §5, §6, §9; `GET/POST sub-accounts`, `PUT/DELETE sub-accounts/{id}`):
 * the owner's journeys, who may make each call, bad input, and changes reaching the sub-account's
 * next request (its open event stream: event-stream-rights.test.ts).
 */
describe('sub-accounts', () => {
  let t: TestApp;
  let ownerA: Awaited<ReturnType<typeof createUser>>;
  let session: string;
  let services: { s1: number; s2: number; s3: number; other: number };
  let tokens: Map<AccountCaller, string | undefined>;

  const api = (
    token: string | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const body = subAccountBody;
  const create = async (token = session, overrides: object = {}) => {
    const response = await api(token, 'POST', '/sub-accounts', body(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return subAccountResponseSchema.parse(response.json()).sub_account;
  };
  const subRows = (ownerId: number) => t.database.db.select().from(users).where(eq(users.parentId, ownerId));
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const serviceIds = async (token: string) => {
    const response = await api(token, 'GET', '/services');
    return response.statusCode === 200
      ? response.json().products.product.map((p: { id: number }) => p.id)
      : response.json().error;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ownerA = await createUser(t);
    const ownerB = await createUser(t);
    session = await loginToken(t.app, ownerA.email, ownerA.password);
    services = {
      s1: (await createService(t, ownerA.id)).id,
      s2: (await createService(t, ownerA.id)).id,
      s3: (await createService(t, ownerA.id)).id,
      other: (await createService(t, ownerB.id)).id,
    };
    tokens = await accountCallerTokens(t, { a: ownerA, b: ownerB });
  });
  afterAll(() => t.close());

  describe('journeys', () => {
    it('creates a sub-account that signs in and sees only its whitelisted services', async () => {
      const email = uniqueEmail('Helper').replace('helper', 'HeLper');
      const response = await api(
        session,
        'POST',
        '/sub-accounts',
        body({
          firstname: ' Hana ',
          lastname: 'Helper',
          email,
          companyname: 'Ops Ltd',
          password: 'helper-password',
          service_whitelist: [services.s1, services.s2, services.s1],
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const { message, sub_account: created } = subAccountResponseSchema.parse(response.json());
      expect(message).toBe('The sub-account has been created.');
      expect(created).toEqual({
        id: expect.any(Number),
        firstname: 'Hana',
        lastname: 'Helper',
        email: email.toLowerCase(),
        companyname: 'Ops Ltd',
        permissions: { order: false, services: true, billing: false, support: true },
        service_whitelist: [services.s1, services.s2],
        email_notifications: {
          generalemails: 1,
          invoiceemails: 0,
          productemails: 1,
          supportemails: 1,
          domainemails: 0,
        },
        created_at: expect.any(String),
      });
      expect(JSON.stringify(response.json())).not.toContain('helper-password');

      const stored = await row(created.id);
      expect(stored).toMatchObject({ parentId: ownerA.id, twoFactorMethod: 'none' });
      expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(stored!.emailNotifications).toEqual(SUB_ACCOUNT_DEFAULTS.email_notifications);

      const list = subAccountListResponseSchema.parse((await api(session, 'GET', '/sub-accounts')).json());
      expect(list.sub_accounts.find((sub) => sub.id === created.id)).toEqual(created);

      const sub = await loginToken(t.app, email, 'helper-password');
      const me = (await api(sub, 'GET', '/user')).json();
      expect(me).toMatchObject({
        id: ownerA.id,
        is_sub_account: true,
        sub_account: {
          id: created.id,
          email: email.toLowerCase(),
          parsed_permissions: created.permissions,
          service_whitelist: [services.s1, services.s2],
        },
      });
      expect(await serviceIds(sub)).toEqual([services.s1, services.s2]);
      expect((await api(sub, 'GET', `/services/${services.s3}`)).json().error).toBe('service_access_denied');
    });

    it('applies an edit from the sub-account’s next request', async () => {
      const created = await create(session, { service_whitelist: [services.s1, services.s2] });
      const password = 'sub-account-password';
      const sub = await loginToken(t.app, created.email, password);
      expect(await serviceIds(sub)).toEqual([services.s1, services.s2]);

      const edit = (overrides: object) =>
        api(session, 'PUT', `/sub-accounts/${created.id}`, {
          ...body({ email: created.email }),
          password: undefined,
          ...overrides,
        });

      // A narrower whitelist.
      const narrowed = await edit({ service_whitelist: [services.s2] });
      expect(narrowed.statusCode, narrowed.body).toBe(200);
      expect(narrowed.json().message).toBe('The sub-account has been updated.');
      expect(narrowed.json().sub_account.service_whitelist).toEqual([services.s2]);
      expect(await serviceIds(sub)).toEqual([services.s2]);

      // A permission removed, another given; the mail choices stored as 1/0 flags.
      const flags = { ...SUB_ACCOUNT_DEFAULTS.email_notifications, invoiceemails: 1, productemails: 0 };
      const changed = await edit({
        permissions: { order: false, services: false, billing: true, support: true },
        email_notifications: flags,
        companyname: 'New Co',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await serviceIds(sub)).toBe('permission_required');
      expect((await api(sub, 'GET', '/invoices')).statusCode).toBe(200);
      expect((await row(created.id))!.emailNotifications).toEqual(flags);

      // All services again, and no password: the password and the session stay.
      expect((await edit({ permissions: SUB_ACCOUNT_DEFAULTS.permissions, password: '' })).statusCode).toBe(
        200,
      );
      expect(await serviceIds(sub)).toEqual([services.s1, services.s2, services.s3]);
      expect(await loginToken(t.app, created.email, password)).toEqual(expect.any(String));

      // A new e-mail signs in; the old one no longer does.
      const newEmail = uniqueEmail('renamed');
      expect((await edit({ email: newEmail })).statusCode).toBe(200);
      expect(
        (await api(undefined, 'POST', '/login', { email: created.email, password2: password })).statusCode,
      ).toBe(401);
      expect(await loginToken(t.app, newEmail, password)).toEqual(expect.any(String));

      // A new password: the old one and every open session of the sub-account end.
      expect((await edit({ email: newEmail, password: 'a-brand-new-password' })).statusCode).toBe(200);
      expect((await api(sub, 'GET', '/user')).statusCode).toBe(401);
      expect(
        (await api(undefined, 'POST', '/login', { email: newEmail, password2: password })).statusCode,
      ).toBe(401);
      expect(await loginToken(t.app, newEmail, 'a-brand-new-password')).toEqual(expect.any(String));
    });

    it('deletes a sub-account: its sessions end at once and it can no longer sign in', async () => {
      const created = await create();
      const sub = await loginToken(t.app, created.email, 'sub-account-password');
      expect((await api(sub, 'GET', '/user')).statusCode).toBe(200);

      const deleted = await api(session, 'DELETE', `/sub-accounts/${created.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ message: 'The sub-account has been deleted.' });

      expect((await api(sub, 'GET', '/user')).statusCode).toBe(401);
      const login = await api(undefined, 'POST', '/login', {
        email: created.email,
        password2: 'sub-account-password',
      });
      expect(login.statusCode).toBe(401);
      const list = (await api(session, 'GET', '/sub-accounts')).json().sub_accounts;
      expect(list.map((sub: { id: number }) => sub.id)).not.toContain(created.id);
      expect((await api(session, 'DELETE', `/sub-accounts/${created.id}`)).statusCode).toBe(404);
      expect(await row(created.id)).toBeUndefined();
    });
  });

  describe('rules', () => {
    it('lets only an owner with a verified e-mail create sub-accounts', async () => {
      const owner = await createUser(t, { emailVerifiedAt: null });
      const mine = await loginToken(t.app, owner.email, owner.password);
      const response = await api(mine, 'POST', '/sub-accounts', body());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'email_unverified',
        message: 'Verify your e-mail address to create sub-accounts.',
      });
      expect(await subRows(owner.id)).toEqual([]);
      expect((await api(mine, 'GET', '/sub-accounts')).json()).toEqual({ sub_accounts: [] });
    });

    it('refuses an e-mail any user has, in any letter case, with a 422 on email', async () => {
      const existing = await create();
      const before = (await subRows(ownerA.id)).length;
      for (const email of [ownerA.email.toUpperCase(), existing.email]) {
        const response = await api(session, 'POST', '/sub-accounts', body({ email }));
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ email: [SubAccountText.emailTaken] });
      }
      expect((await subRows(ownerA.id)).length).toBe(before);

      const other = await create();
      const taken = await api(session, 'PUT', `/sub-accounts/${other.id}`, body({ email: existing.email }));
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ email: [SubAccountText.emailTaken] });
      expect((await row(other.id))!.email).toBe(other.email);
      // Its own address is not taken from itself.
      const same = await api(
        session,
        'PUT',
        `/sub-accounts/${other.id}`,
        body({ email: other.email.toUpperCase() }),
      );
      expect(same.statusCode, same.body).toBe(200);
    });

    it("refuses a whitelist with a service that is not the owner's", async () => {
      const before = (await subRows(ownerA.id)).length;
      for (const whitelist of [[services.s1, services.other], [999_999]]) {
        const response = await api(session, 'POST', '/sub-accounts', body({ service_whitelist: whitelist }));
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ service_whitelist: [SubAccountText.unknownService] });
      }
      expect((await subRows(ownerA.id)).length).toBe(before);

      const existing = await create(session, { service_whitelist: [services.s1] });
      const refused = await api(
        session,
        'PUT',
        `/sub-accounts/${existing.id}`,
        body({ email: existing.email, service_whitelist: [services.other] }),
      );
      expect(refused.statusCode).toBe(422);
      expect((await row(existing.id))!.serviceWhitelist).toEqual([services.s1]);
    });

    it("answers another owner's sub-account with 404, changing nothing", async () => {
      const owner = await createUser(t);
      const theirs = await create(await loginToken(t.app, owner.email, owner.password));
      const put = await api(
        session,
        'PUT',
        `/sub-accounts/${theirs.id}`,
        body({ email: theirs.email, firstname: 'X' }),
      );
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe('The sub-account was not found.');
      expect((await api(session, 'DELETE', `/sub-accounts/${theirs.id}`)).statusCode).toBe(404);
      expect(await row(theirs.id)).toMatchObject({ firstname: 'Sam', parentId: owner.id });
      // Nor is an owner a sub-account to be edited.
      expect((await api(session, 'DELETE', `/sub-accounts/${owner.id}`)).statusCode).toBe(404);
      expect((await api(session, 'DELETE', `/sub-accounts/${ownerA.id}`)).statusCode).toBe(404);
    });
  });

  describe('who may manage sub-accounts', () => {
    const expected = {
      list: ownerSessionRoute(200),
      create: ownerSessionRoute(201),
      update: ownerSessionRoute(200, 404),
      delete: ownerSessionRoute(200, 404),
    };
    const check = (
      response: { statusCode: number; body: string; json(): { error?: string } },
      want: { status: number; error?: string },
    ) => {
      expect(response.statusCode, response.body).toBe(want.status);
      if (want.error) expect(response.json().error).toBe(want.error);
    };

    it.each(accountCallers)('GET sub-accounts as %s', async (caller) => {
      const response = await api(tokens.get(caller), 'GET', '/sub-accounts');
      check(response, expected.list[caller]);
      if (caller === 'owner') expect(response.json().sub_accounts.length).toBeGreaterThan(0);
      if (caller === 'otherOwner') expect(response.json().sub_accounts).toEqual([]);
    });

    it.each(accountCallers)('POST sub-accounts as %s', async (caller) => {
      const before = (await subRows(ownerA.id)).length;
      check(await api(tokens.get(caller), 'POST', '/sub-accounts', body()), expected.create[caller]);
      expect((await subRows(ownerA.id)).length).toBe(before + (caller === 'owner' ? 1 : 0));
    });

    it.each(accountCallers)('PUT sub-accounts/{id} as %s', async (caller) => {
      const target = await create();
      const response = await api(
        tokens.get(caller),
        'PUT',
        `/sub-accounts/${target.id}`,
        body({ email: target.email, firstname: 'Changed' }),
      );
      check(response, expected.update[caller]);
      expect((await row(target.id))!.firstname).toBe(caller === 'owner' ? 'Changed' : 'Sam');
    });

    it.each(accountCallers)('DELETE sub-accounts/{id} as %s', async (caller) => {
      const target = await create();
      check(await api(tokens.get(caller), 'DELETE', `/sub-accounts/${target.id}`), expected.delete[caller]);
      expect(await row(target.id)).toSatisfy((found) => (caller === 'owner' ? !found : Boolean(found)));
    });
  });

  describe('bad input', () => {
    const cases: { name: string; overrides: object; field: string; message?: string }[] = [
      {
        name: 'no first name',
        overrides: { firstname: undefined },
        field: 'firstname',
        message: SubAccountText.firstnameRequired,
      },
      {
        name: 'a blank last name',
        overrides: { lastname: '  ' },
        field: 'lastname',
        message: SubAccountText.lastnameRequired,
      },
      {
        name: 'a first name on two lines',
        overrides: { firstname: 'Sam\nSub' },
        field: 'firstname',
        message: 'The text must fit on one line.',
      },
      {
        name: 'no e-mail',
        overrides: { email: undefined },
        field: 'email',
        message: 'The email field is required.',
      },
      {
        name: 'an invalid e-mail',
        overrides: { email: 'not-an-email' },
        field: 'email',
        message: 'The email must be a valid email address.',
      },
      {
        name: 'a company over 200 characters',
        overrides: { companyname: 'x'.repeat(201) },
        field: 'companyname',
      },
      { name: 'permissions missing', overrides: { permissions: undefined }, field: 'permissions' },
      {
        name: 'a permission that is not true or false',
        overrides: { permissions: { ...SUB_ACCOUNT_DEFAULTS.permissions, services: 1 } },
        field: 'permissions.services',
      },
      {
        name: 'no services chosen',
        overrides: { service_whitelist: [] },
        field: 'service_whitelist',
        message: SubAccountText.servicesRequired,
      },
      {
        name: 'no whitelist at all',
        overrides: { service_whitelist: undefined },
        field: 'service_whitelist',
        message: SubAccountText.servicesRequired,
      },
      {
        name: 'a service id as text',
        overrides: { service_whitelist: ['1'] },
        field: 'service_whitelist.0',
        message: SubAccountText.unknownService,
      },
      {
        name: 'a mail flag other than 1 or 0',
        overrides: {
          email_notifications: { ...SUB_ACCOUNT_DEFAULTS.email_notifications, invoiceemails: true },
        },
        field: 'email_notifications.invoiceemails',
      },
      {
        name: 'mail flags missing',
        overrides: { email_notifications: undefined },
        field: 'email_notifications',
      },
    ];
    const expectRefused = (
      response: { statusCode: number; body: string; json(): { errors: Record<string, string[]> } },
      field: string,
      message?: string,
    ) => {
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors), response.body).toContain(field);
      if (message) expect(response.json().errors[field]).toEqual([message]);
    };

    it.each([
      ...cases,
      {
        name: 'no password',
        overrides: { password: undefined },
        field: 'password',
        message: 'The password field is required.',
      },
      {
        name: 'a short password',
        overrides: { password: 'short' },
        field: 'password',
        message: SubAccountText.passwordTooShort,
      },
    ])(
      'POST refuses $name with a 422 on the field, creating nothing',
      async ({ overrides, field, message }) => {
        const before = (await subRows(ownerA.id)).length;
        expectRefused(await api(session, 'POST', '/sub-accounts', body(overrides)), field, message);
        expect((await subRows(ownerA.id)).length).toBe(before);
      },
    );

    it.each([
      ...cases,
      {
        name: 'a short password',
        overrides: { password: 'short' },
        field: 'password',
        message: SubAccountText.passwordTooShort,
      },
    ])(
      'PUT refuses $name with a 422 on the field, changing nothing',
      async ({ overrides, field, message }) => {
        const target = await create();
        const before = await row(target.id);
        expectRefused(
          await api(
            session,
            'PUT',
            `/sub-accounts/${target.id}`,
            body({ email: target.email, ...overrides }),
          ),
          field,
          message,
        );
        expect(await row(target.id)).toEqual(before);
      },
    );

    it('refuses an id that is not one', async () => {
      const response = await api(session, 'DELETE', '/sub-accounts/1e3');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.id).toEqual(['The sub-account was not found.']);
    });
  });
});
