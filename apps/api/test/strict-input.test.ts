import { INPUT_TEXT } from '@rackdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCancellations, sshKeys } from '../src/db/schema/index.ts';
import {
  bearer,
  createService,
  createUser,
  loginToken,
  solveCaptcha,
  uniqueEmail,
} from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Input rules every route keeps (README, "Strict input"): ids in paths and queries are digit
 * strings read once, text carries no control characters, and a POST that takes no body accepts an
 * empty JSON one. Numbers in bodies are proven on the routes that take them (dedicated rebuild,
 * VPS v2 upgrade).
 */
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINENfB9+P1xBM1794XVT6vgMqo1mbDk8mteDcY9QwKki test@example';

describe('strict input on every route', () => {
  let t: TestApp;
  let token: string;
  let ownerId: number;
  let serviceId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t);
    ownerId = owner.id;
    token = await loginToken(t.app, owner.email, owner.password);
    serviceId = (await createService(t, ownerId)).id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  describe('ids in paths and queries', () => {
    it('reads a service id only when it is written as plain digits', async () => {
      expect((await call('GET', `/api/services/${serviceId}`)).statusCode).toBe(200);
      for (const raw of [
        `${serviceId}e0`,
        `+${serviceId}`,
        `0${serviceId}`,
        `${serviceId}.0`,
        `0x${serviceId.toString(16)}`,
        `%20${serviceId}`,
        `${serviceId}%20`,
      ]) {
        const response = await call('GET', `/api/services/${raw}`);
        expect(response.statusCode, raw).toBe(422);
        expect(response.json().message, raw).toBe('Unknown service.');
      }
    });

    it('reads relid of the invoice list the same way, and refuses it repeated', async () => {
      expect((await call('GET', `/api/invoices?relid=${serviceId}`)).statusCode).toBe(200);
      for (const query of [
        'relid=true',
        `relid=0${serviceId}`,
        `relid=${serviceId}.0`,
        `relid=${serviceId}&relid=${serviceId}`,
        'relid=',
      ]) {
        const response = await call('GET', `/api/invoices?${query}`);
        expect(response.statusCode, query).toBe(422);
        expect(response.json().errors, query).toHaveProperty('relid');
      }
    });
  });

  describe('control characters in text', () => {
    it('refuses a NUL byte in a cancellation reason with a 422 on the field, and records nothing', async () => {
      const response = await call('POST', `/api/services/${serviceId}/cancel`, {
        type: 'Immediate',
        reason: 'No longer needed\u0000',
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({
        message: INPUT_TEXT.controlCharacters,
        errors: { reason: [INPUT_TEXT.controlCharacters] },
      });
      const rows = await t.database.db
        .select()
        .from(serviceCancellations)
        .where(eq(serviceCancellations.serviceId, serviceId));
      expect(rows).toEqual([]);
    });

    it('keeps line breaks and tabs where text may span lines', async () => {
      const other = (await createService(t, ownerId)).id;
      const response = await call('POST', `/api/services/${other}/cancel`, {
        type: 'Immediate',
        reason: 'Moving to a bigger plan.\r\n\tThanks for the service.',
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('refuses NUL, other control characters and line breaks in an SSH key title, and keeps no key', async () => {
      for (const [title, message] of [
        ['laptop\u0000', INPUT_TEXT.controlCharacters],
        ['laptop\u0085', INPUT_TEXT.controlCharacters],
        ['laptop\u001b[31m', INPUT_TEXT.controlCharacters],
        ['lap\ntop', INPUT_TEXT.lineBreaks],
      ] as const) {
        const response = await call('POST', '/api/ssh-keys', { title, publicKey: KEY });
        expect(response.statusCode, JSON.stringify(title)).toBe(422);
        expect(response.json().errors.title, JSON.stringify(title)).toEqual([message]);
      }
      expect(await t.database.db.select().from(sshKeys).where(eq(sshKeys.userId, ownerId))).toEqual([]);
    });

    it('refuses control characters deep in a body, in a query and in a path, never answering 500', async () => {
      const nested = await call('POST', `/api/services/${serviceId}/rdns`, {
        ip_list: ['203.0.113.5'],
        hostname_list: ['host\u0000.example.com'],
        ttl_list: [3600],
      });
      expect(nested.statusCode, nested.body).toBe(422);
      expect(nested.json().errors).toEqual({ 'hostname_list.0': [INPUT_TEXT.controlCharacters] });

      const query = await call('GET', '/api/invoices?relid=1%00');
      expect(query.statusCode).toBe(422);
      expect(query.json().errors).toEqual({ relid: [INPUT_TEXT.controlCharacters] });

      const path = await call('DELETE', '/api/services/vps/v2/iso/isos%3Aiso%2Fa%00b.iso');
      expect(path.statusCode).toBe(422);
      expect(path.json().errors).toEqual({ id: [INPUT_TEXT.controlCharacters] });

      const key = await call('POST', `/api/services/${serviceId}/cancel`, {
        'reason\u0000': 'x',
        reason: 'x',
      });
      expect(key.statusCode).toBe(422);
      expect(key.json().errors).toEqual({ body: [INPUT_TEXT.controlCharacters] });
    });

    it('refuses a line break in a one-line field of the registration', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          email: uniqueEmail('strict'),
          password: 'a-long-enough-password',
          password_confirmation: 'a-long-enough-password',
          captchaToken: await solveCaptcha(t.app),
          firstname: 'Dana\nAdmin',
        },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors.firstname).toEqual([INPUT_TEXT.lineBreaks]);
    });

    it('survives a body nested deeper than a recursive walk could go', async () => {
      const depth = 100_000;
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/services/${serviceId}/cancel`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: `{"reason": ${'['.repeat(depth)}"x"${']'.repeat(depth)}}`,
      });
      expect(response.statusCode).toBeLessThan(500);
    });
  });

  describe('empty JSON bodies', () => {
    const empty = { 'content-type': 'application/json' };

    it('answers a POST that takes no body normally when an empty JSON body is sent', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { ...bearer(await loginAgain()), ...empty },
        payload: '',
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('answers a route that needs a body with a 422 naming the problem, not a 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ssh-keys',
        headers: { ...bearer(token), ...empty },
        payload: '',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('The request body must be a JSON object.');
    });

    async function loginAgain() {
      const user = await createUser(t);
      return loginToken(t.app, user.email, user.password);
    }
  });
});
