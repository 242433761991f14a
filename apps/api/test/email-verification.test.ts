import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream.ts';
import { bearer, createUser, lastLink, loginToken, mailsTo } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('e-mail verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/email-verification/send',
      headers: token ? bearer(token) : {},
    });
  const verify = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/email-verification/verify', payload });
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).json();

  it('mails a link on request, and the link verifies the address once', async () => {
    const user = await createUser(t, { emailVerifiedAt: null });
    const token = await loginToken(t.app, user.email, user.password);
    const sent = await send(token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('Verification email has been resent. Please check your inbox.');
    const link = lastLink(t, user.email, 'verify-email');

    expect((await verify({ token: link })).statusCode).toBe(200);
    expect((await me(token)).email_verified).toBe(true);
    const again = await verify({ token: link });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This verification link is invalid or has expired.');
  });

  it('voids the older link when a new one is sent', async () => {
    const user = await createUser(t, { emailVerifiedAt: null });
    const token = await loginToken(t.app, user.email, user.password);
    await send(token);
    const older = lastLink(t, user.email, 'verify-email');
    await send(token);
    const newer = lastLink(t, user.email, 'verify-email');
    expect((await verify({ token: older })).statusCode).toBe(422);
    expect((await verify({ token: newer })).statusCode).toBe(200);
  });

  it('answers a missing token with the spec text', async () => {
    const response = await verify({});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.token).toEqual(['Invalid or missing token']);
  });

  it('needs a login to send, is for main accounts, and sends nothing to a verified address', async () => {
    expect((await send()).statusCode).toBe(401);
    const owner = await createUser(t, { emailVerifiedAt: null });
    const sub = await createUser(t, {
      parentId: owner.id,
      permissions: { order: true, services: true, billing: true, support: true },
    });
    const subResponse = await send(await loginToken(t.app, sub.email, sub.password));
    expect(subResponse.statusCode).toBe(403);
    expect(subResponse.json()).toEqual({
      error: 'main_account_only',
      message: 'This feature is only available to main accounts.',
    });
    const verified = await createUser(t);
    const response = await send(await loginToken(t.app, verified.email, verified.password));
    expect(response.statusCode).toBe(200);
    expect(mailsTo(t, verified.email)).toHaveLength(0);
  });

  it('pushes email.verified to the user’s open event stream', async () => {
    const user = await createUser(t, { emailVerifiedAt: null });
    const token = await loginToken(t.app, user.email, user.password);
    await send(token);
    const link = lastLink(t, user.email, 'verify-email');

    const stream = await openEventStream(t.app, token);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    await stream.readUntil('event: ready');
    expect((await verify({ token: link })).statusCode).toBe(200);
    await stream.readUntil('event: email.verified');
    stream.close();
  });

  it('refuses the event stream without a login', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { accept: 'text/event-stream' },
    });
    expect(response.statusCode).toBe(401);
  });
});
