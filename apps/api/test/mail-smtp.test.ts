import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** With SMTP_URL set, mail leaves through SMTP: a local SMTP sink stands in for the relay. */
describe('mail over SMTP', () => {
  const received: { to: string; body: string }[] = [];
  let sink: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const { port } = sink.server.address() as AddressInfo;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  });

  it('sends the reset mail through the SMTP server, with the link', async () => {
    const user = await createUser(t, { email: uniqueEmail('smtp') });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    const mail = received.find((m) => m.to === user.email);
    expect(mail?.body.replace(/=\r?\n/g, '')).toMatch(/http:\/\/rackdesk\.test\/reset-password\/[\w-]+/);
  });

  it('answers 502 with a message when the relay is unreachable, not a 500', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const user = await createUser(broken);
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('We could not send the e-mail. Please try again later.');
    } finally {
      await broken.close();
    }
  });
});
