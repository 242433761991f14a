import { sshKeyListResponseSchema } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions, bearer, createUser, loginToken, noPermissions } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The account's SSH keys (account spec §3, §5, §7 `GET/POST ssh-keys`, `DELETE ssh-keys/{id}`):
 * what each call answers and stores, the spec's validation texts, and who may do what.
 */
const KEY = {
  ed25519: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINENfB9+P1xBM1794XVT6vgMqo1mbDk8mteDcY9QwKki test@example',
  rsa:
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCqmj4xHvegp87WvhhD7RAWVxFPJSgC8TJxcmGGFnzCJg7OXbGgW+vVZ+Hea6NF+WkzCL2N' +
    'ZpSqWoBuGYTjZHGwElWtWkug61QZDjIUHDxF+hY7Yumsy9VXidtuZnU3FmpsUsx9WZD1Js9QYSR3+WAwYo2EKUI32rLld8tmsIo1klQLCsQL' +
    '/yyPjJ+QzSm3uIe1UpyNjz0d/852dfyzZIRro7oguvNRYxnLLvJwf4xwsNHZ/lGemFkgA3oBwakJ/W1+SV5F7iIViiaF/Qlc+GK6i4PEDXwx' +
    'BMckGi7+1rbuHDr5j8bCmXjfZs4qoasegHXVZb6zgv66tnOt/ZbBtzDX',
  ecdsa:
    'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBDziULDzy45LDaM0jzj9BDmTdn1DeXbOpxfOBNkn' +
    'eubCq5kn4UWmagWH63q4SQnmgBuolg/GuoYeNwhK4g1D4ZE= laptop key',
} as const;

const TITLE_INVALID = 'Title is required and must be <= 255 chars';
const KEY_INVALID = 'Invalid SSH public key format';

describe('SSH keys', () => {
  let t: TestApp;
  let owner: string;
  let otherOwner: string;
  let subWithServices: string;
  let subWithoutServices: string;

  const api = (token: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const list = async (token: string) => {
    const response = await api(token, 'GET', '/ssh-keys');
    expect(response.statusCode, response.body).toBe(200);
    return sshKeyListResponseSchema.parse(response.json()).data;
  };
  const add = (token: string, title: string, publicKey: string) =>
    api(token, 'POST', '/ssh-keys', { title, publicKey });

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createUser(t);
    const b = await createUser(t);
    owner = await loginToken(t.app, a.email, a.password);
    otherOwner = await loginToken(t.app, b.email, b.password);
    const sub = async (permissions: typeof allPermissions) => {
      const user = await createUser(t, { parentId: a.id, permissions, serviceWhitelist: null });
      return loginToken(t.app, user.email, user.password);
    };
    subWithServices = await sub({ ...noPermissions, services: true });
    subWithoutServices = await sub({ ...allPermissions, services: false });
  });
  afterAll(() => t.close());

  it('adds, lists and deletes the owner’s keys', async () => {
    expect(await list(owner)).toEqual([]);

    const added = await add(owner, '  Work laptop ', `  ${KEY.ed25519}\n`);
    expect(added.statusCode, added.body).toBe(201);
    const { data: key } = added.json();
    expect(key).toEqual({
      id: expect.any(Number),
      title: 'Work laptop',
      public_key: KEY.ed25519,
      created_at: expect.any(String),
      // As `ssh-keygen -l` prints it for this key.
      key_type: 'ED25519',
      bits: 256,
      fingerprint: 'SHA256:TFUqCEVt/cZlLVjhzEAju2JVi/WRfX6O77LhzBh5eeM',
    });
    expect(Number.isNaN(Date.parse(key.created_at))).toBe(false);
    expect((await add(owner, 'Build server', KEY.rsa)).statusCode).toBe(201);
    expect((await add(owner, 'Yubikey', KEY.ecdsa)).statusCode).toBe(201);

    expect((await list(owner)).map((k) => k.title)).toEqual(['Work laptop', 'Build server', 'Yubikey']);

    const deleted = await api(owner, 'DELETE', `/ssh-keys/${key.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await list(owner)).map((k) => k.title)).toEqual(['Build server', 'Yubikey']);
    expect((await api(owner, 'DELETE', `/ssh-keys/${key.id}`)).statusCode).toBe(404);
  });

  it('refuses a title used by another of the account’s keys, under the title, with "unique"', async () => {
    expect((await add(owner, 'Shared title', KEY.ed25519)).statusCode).toBe(201);
    const again = await add(owner, 'Shared title', KEY.rsa);
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['title']);
    expect(again.json().errors.title[0]).toContain('unique');
    expect((await list(owner)).filter((k) => k.title === 'Shared title')).toHaveLength(1);

    // Titles are unique per account only.
    expect((await add(otherOwner, 'Shared title', KEY.ed25519)).statusCode).toBe(201);
  });

  describe('validation', () => {
    const cases: { name: string; body: object; field: 'title' | 'publicKey'; message: string }[] = [
      { name: 'title missing', body: { publicKey: KEY.ed25519 }, field: 'title', message: TITLE_INVALID },
      {
        name: 'title blank',
        body: { title: '   ', publicKey: KEY.ed25519 },
        field: 'title',
        message: TITLE_INVALID,
      },
      {
        name: 'title over 255 characters',
        body: { title: 'x'.repeat(256), publicKey: KEY.ed25519 },
        field: 'title',
        message: TITLE_INVALID,
      },
      {
        name: 'title not a string',
        body: { title: 5, publicKey: KEY.ed25519 },
        field: 'title',
        message: TITLE_INVALID,
      },
      { name: 'key missing', body: { title: 'k' }, field: 'publicKey', message: KEY_INVALID },
      { name: 'key empty', body: { title: 'k', publicKey: '' }, field: 'publicKey', message: KEY_INVALID },
      {
        name: 'unknown key type',
        body: { title: 'k', publicKey: KEY.ed25519.replace('ssh-ed25519', 'ssh-foo') },
        field: 'publicKey',
        message: KEY_INVALID,
      },
      {
        name: 'type without key',
        body: { title: 'k', publicKey: 'ssh-ed25519' },
        field: 'publicKey',
        message: KEY_INVALID,
      },
      {
        name: 'key not base64',
        body: { title: 'k', publicKey: 'ssh-ed25519 not*base64! me@host' },
        field: 'publicKey',
        message: KEY_INVALID,
      },
      {
        name: 'key of another type than it says',
        body: { title: 'k', publicKey: KEY.ed25519.replace('ssh-ed25519', 'ssh-rsa') },
        field: 'publicKey',
        message: KEY_INVALID,
      },
      {
        name: 'a private key',
        body: {
          title: 'k',
          publicKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\n-----END',
        },
        field: 'publicKey',
        message: KEY_INVALID,
      },
      {
        name: 'a second key on another line',
        body: { title: 'k', publicKey: `${KEY.ed25519}\n${KEY.rsa}` },
        field: 'publicKey',
        message: KEY_INVALID,
      },
    ];

    it.each(cases)(
      '$name: 422 with the spec’s message on $field, nothing stored',
      async ({ body, field, message }) => {
        const before = await list(owner);
        const response = await api(owner, 'POST', '/ssh-keys', body);
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json().errors[field]).toEqual([message]);
        expect(await list(owner)).toEqual(before);
      },
    );

    it('takes a key without a comment and a title of exactly 255 characters', async () => {
      const bare = KEY.ed25519.replace(/ test@example$/, '');
      const response = await add(owner, 't'.repeat(255), bare);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data.public_key).toBe(bare);
    });

    it('answers 422 for a key id that is not a number', async () => {
      expect((await api(owner, 'DELETE', '/ssh-keys/abc')).statusCode).toBe(422);
    });
  });

  describe('who may do what', () => {
    it('does not show, or delete, another account’s key: 404 and the key stays', async () => {
      const mine = (await add(owner, 'Not theirs', KEY.ed25519)).json().data;
      expect((await list(otherOwner)).map((k) => k.id)).not.toContain(mine.id);
      const response = await api(otherOwner, 'DELETE', `/ssh-keys/${mine.id}`);
      expect(response.statusCode).toBe(404);
      expect((await list(owner)).map((k) => k.id)).toContain(mine.id);
    });

    it('lets a sub-account with the services permission list its owner’s keys (for reinstalls)', async () => {
      expect(await list(subWithServices)).toEqual(await list(owner));
    });

    it('refuses the list to a sub-account without the services permission', async () => {
      const response = await api(subWithoutServices, 'GET', '/ssh-keys');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        error: 'permission_required',
        required_permission: 'services',
      });
    });

    it('keeps adding and deleting to the owner account: 403 main_account_only for sub-accounts', async () => {
      const key = (await add(owner, 'Owner only', KEY.rsa)).json().data;
      for (const sub of [subWithServices, subWithoutServices]) {
        const adding = await add(sub, 'From a sub-account', KEY.ed25519);
        expect(adding.statusCode).toBe(403);
        expect(adding.json()).toMatchObject({
          error: 'main_account_only',
          message: 'This feature is only available to main accounts.',
        });
        const deleting = await api(sub, 'DELETE', `/ssh-keys/${key.id}`);
        expect(deleting.statusCode).toBe(403);
        expect(deleting.json().error).toBe('main_account_only');
      }
      const titles = (await list(owner)).map((k) => k.title);
      expect(titles).toContain('Owner only');
      expect(titles).not.toContain('From a sub-account');
    });

    it('answers 401 to a guest for every call', async () => {
      expect((await api(undefined, 'GET', '/ssh-keys')).statusCode).toBe(401);
      expect(
        (await api(undefined, 'POST', '/ssh-keys', { title: 'g', publicKey: KEY.ed25519 })).statusCode,
      ).toBe(401);
      expect((await api(undefined, 'DELETE', '/ssh-keys/1')).statusCode).toBe(401);
    });
  });
});
