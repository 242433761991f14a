import { ErrorCode, SupportText } from '@rackdesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../support/fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Method, openTicket, supportApi, supportCallers, ticketState } from '../support/tickets.ts';

/**
 * Who may call each support route (portal spec §6, §7 Support; API.md): the owner and its
 * sub-accounts with the support permission act on the owner's tickets; another account's ticket
 * and a guest's are 403 'Not authorized to view this ticket', an unknown tid 404 'Ticket Not
 * Found'; guests need the mailed key; the operator API is for staff only.
 */
describe('support authorization', () => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof supportCallers>>;
  let api: ReturnType<typeof supportApi>;
  let tid: string;
  let guest: { tid: string; c: string };
  const unknownTid = '000000';

  type Who = 'anonymous' | 'owner' | 'otherOwner' | 'subWithSupport' | 'subWithoutSupport' | 'operator';
  const tokenOf = (who: Who) => (who === 'anonymous' ? undefined : c[who]);

  beforeAll(async () => {
    t = await createTestApp();
    api = supportApi(t);
    c = await supportCallers(t);
    tid = await openTicket(t, c.owner);
    const opened = await t.app.inject({
      method: 'PUT',
      url: '/api/guest/support',
      query: {
        name: 'Gina Guest',
        email: 'gina@example.com',
        subject: 'Do you sell GPUs?',
        message: 'Hello',
        captchaToken: await solveCaptcha(t.app),
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    guest = opened.json();
  });
  afterAll(() => t.close());

  const everyone: Who[] = [
    'anonymous',
    'owner',
    'otherOwner',
    'subWithSupport',
    'subWithoutSupport',
    'operator',
  ];

  /** What each caller gets from a route on the owner's ticket. */
  const onOwnersTicket: Record<Who, number> = {
    anonymous: 401,
    owner: 200,
    otherOwner: 403,
    subWithSupport: 200,
    subWithoutSupport: 403,
    operator: 403,
  };

  const ticketRoutes: [Method, (tid: string) => string, object?][] = [
    ['GET', (id) => `/support/${id}`],
    ['POST', (id) => `/support/${id}`, { message: 'Any news?' }],
    ['POST', (id) => `/support/${id}/close`],
  ];

  for (const [method, path, payload] of ticketRoutes) {
    describe(`${method} ${path('{tid}')}`, () => {
      for (const who of everyone) {
        it(`answers ${onOwnersTicket[who]} to ${who} on the owner's ticket`, async () => {
          const before = await ticketState(t, tid);
          const response = await api(tokenOf(who), method, path(tid), payload);
          expect(response.statusCode, response.body).toBe(onOwnersTicket[who]);
          if (who === 'otherOwner' || who === 'operator') {
            expect(response.json().message).toBe(SupportText.notAuthorized);
          }
          if (who === 'subWithoutSupport') expect(response.json().error).toBe(ErrorCode.permissionRequired);
          if (response.statusCode !== 200) expect(await ticketState(t, tid)).toEqual(before);
        });
      }

      it("answers 403 for a guest's ticket and 404 for an unknown tid, to the owner", async () => {
        const before = await ticketState(t, guest.tid);
        const onGuest = await api(c.owner, method, path(guest.tid), payload);
        expect(onGuest.statusCode).toBe(403);
        expect(onGuest.json().message).toBe(SupportText.notAuthorized);
        expect(await ticketState(t, guest.tid)).toEqual(before);
        const missing = await api(c.owner, method, path(unknownTid), payload);
        expect(missing.statusCode).toBe(404);
        expect(missing.json().message).toBe(SupportText.notFound);
      });
    });
  }

  it('lists tickets and departments for the owner and sub-accounts with support only', async () => {
    for (const url of ['/support', '/support/departments']) {
      const expected: Record<Who, number> = { ...onOwnersTicket, otherOwner: 200, operator: 200 };
      for (const who of everyone) {
        expect((await api(tokenOf(who), 'GET', url)).statusCode, `${who} ${url}`).toBe(expected[who]);
      }
    }
    const tids = (token: string) =>
      api(token, 'GET', '/support').then((r) =>
        r.json().tickets.tickets.ticket.map((x: { tid: string }) => x.tid),
      );
    expect(await tids(c.owner)).toContain(tid);
    expect(await tids(c.subWithSupport)).toContain(tid);
    expect(await tids(c.otherOwner)).not.toContain(tid);
    expect(await tids(c.owner)).not.toContain(guest.tid);
  });

  it("opens tickets for the owner and sub-accounts with support, on the owner's account", async () => {
    const expected: Record<Who, number> = { ...onOwnersTicket, otherOwner: 200, operator: 200 };
    for (const who of everyone) {
      const response = await api(tokenOf(who), 'PUT', '/support', {
        deptid: 1,
        subject: `From ${who}`,
        message: 'Hello',
      });
      expect(response.statusCode, `${who}: ${response.body}`).toBe(expected[who]);
    }
    const subjects = (await api(c.owner, 'GET', '/support'))
      .json()
      .tickets.tickets.ticket.map((x: { subject: string }) => x.subject);
    expect(subjects).toEqual(expect.arrayContaining(['From owner', 'From subWithSupport']));
    expect(subjects).not.toContain('From otherOwner');
  });

  it("takes a service only when it is the caller's and in a sub-account's whitelist", async () => {
    const open = (token: string, serviceid: number) =>
      api(token, 'PUT', '/support', { deptid: 1, subject: 'About a service', message: 'Hi', serviceid });
    expect((await open(c.owner, c.services.listed)).statusCode).toBe(200);
    expect((await open(c.owner, c.services.unlisted)).statusCode).toBe(200);
    expect((await open(c.subWithSupport, c.services.listed)).statusCode).toBe(200);
    for (const [token, serviceid] of [
      [c.subWithSupport, c.services.unlisted],
      [c.owner, c.services.others],
      [c.otherOwner, c.services.listed],
      [c.owner, 2_000_000_000],
    ] as const) {
      const response = await open(token, serviceid);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ serviceid: [SupportText.serviceInvalid] });
    }
  });

  describe('image route', () => {
    const image = (id: string) => `/support/${id}/reply/1/image/${'a'.repeat(32)}.png`;
    it('refuses whoever may not read the ticket before looking for the image', async () => {
      const expected: Record<Who, number> = { ...onOwnersTicket, owner: 404, subWithSupport: 404 };
      for (const who of everyone) {
        const response = await api(tokenOf(who), 'GET', image(tid));
        expect(response.statusCode, who).toBe(expected[who]);
        if (expected[who] === 404) expect(response.json().message).toBe(SupportText.imageNotFound);
      }
      expect((await api(c.owner, 'GET', image(guest.tid))).statusCode).toBe(403);
      expect((await api(c.owner, 'GET', image(unknownTid))).statusCode).toBe(404);
    });
  });

  describe('guest routes', () => {
    const guestRoutes: [Method, (id: string) => string, object?][] = [
      ['GET', (id) => `/guest/support/${id}`],
      ['POST', (id) => `/guest/support/${id}`, { message: 'Still there?' }],
      ['POST', (id) => `/guest/support/${id}/close`],
    ];
    const withKey = (url: string, key?: string) =>
      key === undefined ? url : `${url}?c=${encodeURIComponent(key)}`;
    // Each case starts with no wrong keys counted (the limit has a test of its own below).
    beforeEach(async () => {
      await t.database.db.execute(sql`delete from rate_limits`);
    });

    for (const [method, path, payload] of guestRoutes) {
      it(`${method} ${path('{tid}')}: the key opens the guest's ticket, and nothing else does`, async () => {
        const before = await ticketState(t, guest.tid);
        const wrongKey = `${guest.c.slice(0, -1)}${guest.c.endsWith('A') ? 'B' : 'A'}`;
        for (const key of [undefined, '', 'short', wrongKey, `${guest.c}x`]) {
          const response = await api(undefined, method, withKey(path(guest.tid), key), payload);
          expect(response.statusCode, `key ${key}`).toBe(403);
          expect(response.json().message).toBe(SupportText.notAuthorized);
        }
        // A signed-in owner gets no further without the key; an account's ticket has no key at all.
        expect((await api(c.owner, method, path(guest.tid), payload)).statusCode).toBe(403);
        expect((await api(undefined, method, withKey(path(tid), guest.c), payload)).statusCode).toBe(403);
        expect(await ticketState(t, guest.tid)).toEqual(before);
        // An unknown tid is refused like a wrong key: a tid alone reveals nothing (API.md).
        const missing = await api(undefined, method, withKey(path(unknownTid), guest.c), payload);
        expect(missing.statusCode).toBe(403);
        expect(missing.json().message).toBe(SupportText.notAuthorized);
        const ok = await api(undefined, method, withKey(path(guest.tid), guest.c), payload);
        expect(ok.statusCode, ok.body).toBe(200);
      });
    }

    it('makes an address wait after 20 wrong keys, even with the right one, across tickets', async () => {
      for (let i = 0; i < 20; i++) {
        expect(
          (await api(undefined, 'GET', withKey(`/guest/support/${guest.tid}`, 'x'.repeat(43)))).statusCode,
        ).toBe(403);
      }
      for (const url of [withKey(`/guest/support/${guest.tid}`, guest.c), `/guest/support/${unknownTid}`]) {
        const refused = await api(undefined, 'GET', url);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it("never shows an account's ticket through a guest route", async () => {
      const response = await api(c.owner, 'GET', `/guest/support/${tid}`);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('Server unreachable');
    });
  });

  describe('operator routes', () => {
    const operatorRoutes: [Method, string, object?][] = [
      ['GET', '/operator/support'],
      ['GET', `/operator/support/{tid}`],
      ['POST', `/operator/support/{tid}/reply`, { message: 'We are on it.' }],
      ['POST', `/operator/support/{tid}/status`, { status: 'Open' }],
    ];
    for (const [method, url, payload] of operatorRoutes) {
      it(`${method} ${url}: staff only`, async () => {
        const path = url.replace('{tid}', tid);
        const before = await ticketState(t, tid);
        for (const who of everyone.filter((w) => w !== 'operator')) {
          const response = await api(tokenOf(who), method, path, payload);
          expect(response.statusCode, who).toBe(who === 'anonymous' ? 401 : 403);
          if (who !== 'anonymous') expect(response.json().error).toBe(ErrorCode.operatorOnly);
        }
        expect(await ticketState(t, tid)).toEqual(before);
        const ok = await api(c.operator, method, path, payload);
        expect(ok.statusCode, ok.body).toBe(200);
        if (url.includes('{tid}')) {
          expect((await api(c.operator, method, url.replace('{tid}', unknownTid), payload)).statusCode).toBe(
            404,
          );
        }
      });
    }

    it("reads a guest's ticket and every account's", async () => {
      const list = (await api(c.operator, 'GET', '/operator/support')).json().tickets as { tid: string }[];
      expect(list.map((x) => x.tid)).toEqual(expect.arrayContaining([tid, guest.tid]));
      expect((await api(c.operator, 'GET', `/operator/support/${guest.tid}`)).statusCode).toBe(200);
    });
  });
});
