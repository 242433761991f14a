import { EventName, SUB_ACCOUNT_DEFAULTS } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersRepository } from '../src/modules/users/users.repository.ts';
import { createApiToken } from './support/account-callers.ts';
import { type EventStream, openEventStream } from './support/event-stream.ts';
import { bearer, createService, createUser, loginToken, uniqueEmail } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * An open event stream (`GET /api/events`) follows its caller's rights as a request would: each
 * event is checked against the sub-account as it is now, and the stream ends with its session or
 * token.
 */
describe('event streams follow the rights of their caller', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let session: string;
  let s1: number;
  let s2: number;

  const serviceEvent = (serviceId: number) =>
    t.app.ctx.events.publish(owner.id, EventName.serviceUpdated, { serviceId });
  /** A non-service event every stream of the account receives: what came before it has arrived. */
  let marks = 0;
  const mark = async (stream: EventStream) => {
    marks += 1;
    await t.app.ctx.events.publish(owner.id, EventName.emailVerified, { mark: marks });
    await stream.readUntil(`{"mark":${marks}}`);
  };
  const received = (stream: EventStream, serviceId: number) =>
    stream.received().split(`"serviceId":${serviceId}}`).length - 1;
  const ended = (stream: EventStream) =>
    expect(stream.readUntil('never arrives')).rejects.toThrow('stream ended');
  const open = async (token: string) => {
    const stream = await openEventStream(t.app, token);
    await stream.readUntil('event: ready');
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    session = await loginToken(t.app, owner.email, owner.password);
    s1 = (await createService(t, owner.id)).id;
    s2 = (await createService(t, owner.id)).id;
  });
  afterAll(() => t.close());

  it("narrows at once with a sub-account's whitelist and permission, and ends when it is deleted", async () => {
    const fields = {
      firstname: 'Sam',
      lastname: 'Sub',
      email: uniqueEmail('sub'),
      companyname: '',
      permissions: SUB_ACCOUNT_DEFAULTS.permissions,
      email_notifications: SUB_ACCOUNT_DEFAULTS.email_notifications,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/sub-accounts',
      headers: bearer(session),
      payload: { ...fields, password: 'sub-account-password', service_whitelist: [s1, s2] },
    });
    const { id } = created.json().sub_account;
    const edit = async (changes: object) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/sub-accounts/${id}`,
        headers: bearer(session),
        payload: { ...fields, ...changes },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const stream = await open(await loginToken(t.app, fields.email, 'sub-account-password'));

    await serviceEvent(s2);
    await mark(stream);
    expect(received(stream, s2)).toBe(1);

    await edit({ service_whitelist: [s1] });
    await serviceEvent(s2);
    await serviceEvent(s1);
    await mark(stream);
    expect(received(stream, s2)).toBe(1);
    expect(received(stream, s1)).toBe(1);

    await edit({ service_whitelist: [s1], permissions: { ...fields.permissions, services: false } });
    await serviceEvent(s1);
    await mark(stream);
    expect(received(stream, s1)).toBe(1);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/sub-accounts/${id}`,
      headers: bearer(session),
    });
    expect(deleted.statusCode).toBe(200);
    await serviceEvent(s1);
    await ended(stream);
    expect(received(stream, s1)).toBe(1);
  });

  it('ends when its API token is deleted', async () => {
    const { token, id } = await createApiToken(t.app, session, { scope: 'read' });
    const stream = await open(token);
    await serviceEvent(s1);
    await mark(stream);
    expect(received(stream, s1)).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `/api/api-tokens/${id}`, headers: bearer(session) });
    await serviceEvent(s1);
    await ended(stream);
    expect(received(stream, s1)).toBe(1);
  });

  it('ends when its session signs out, or its account is closed', async () => {
    const other = await loginToken(t.app, owner.email, owner.password);
    const signedOut = await open(other);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(other) });
    await serviceEvent(s1);
    await ended(signedOut);

    const stream = await open(session);
    await new UsersRepository(t.database.db).update(owner.id, { closedAt: new Date() });
    await serviceEvent(s2);
    await ended(stream);
    expect(received(stream, s2)).toBe(0);
  });
});
