import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../support/fixtures.ts';
import { xssPayloads } from '../support/corpora/xss.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { openTicket, supportApi, supportCallers, ticketDetail } from '../support/tickets.ts';

/** The shared XSS corpus: the same payloads the attack-corpora journey shows in Chromium. */
const payloads = xssPayloads;

/**
 * The XSS corpus's payloads in subjects and messages are stored and answered byte for byte as text
 * (JSON strings), never rewritten into HTML or stripped: showing them inert is the page's job,
 * and the browser tests check it there.
 */
describe('XSS payloads in tickets', () => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof supportCallers>>;
  let api: ReturnType<typeof supportApi>;

  beforeAll(async () => {
    t = await createTestApp();
    api = supportApi(t);
    c = await supportCallers(t);
  });
  afterAll(() => t.close());

  it('has at least 100 distinct payloads', () => {
    console.log(`XSS in tickets: ${payloads.length} payloads as subjects, messages and replies`);
    expect(payloads.length).toBeGreaterThanOrEqual(100);
    expect(new Set(payloads).size).toBe(payloads.length);
  });

  it('keeps each payload as the subject and message of a ticket and of a reply, for customer and staff', async () => {
    const tids: string[] = [];
    for (const payload of payloads) {
      const tid = await openTicket(t, c.owner, { subject: payload, message: `${payload}\n${payload}` });
      tids.push(tid);
      expect((await api(c.owner, 'POST', `/support/${tid}`, { message: payload })).statusCode).toBe(200);
      expect(
        (await api(c.operator, 'POST', `/operator/support/${tid}/reply`, { message: payload })).statusCode,
      ).toBe(200);
    }
    const listed = (await api(c.owner, 'GET', '/support')).json().tickets.tickets.ticket as {
      tid: string;
      subject: string;
    }[];
    const operatorListed = (await api(c.operator, 'GET', '/operator/support')).json().tickets as {
      tid: string;
      subject: string;
    }[];
    for (const [i, payload] of payloads.entries()) {
      const tid = tids[i]!;
      expect(listed.find((x) => x.tid === tid)!.subject).toBe(payload);
      expect(operatorListed.find((x) => x.tid === tid)!.subject).toBe(payload);
      const detail = await ticketDetail(t, c.owner, tid);
      expect(detail.subject).toBe(payload);
      expect(detail.replies.reply.map((r) => r.message)).toEqual([
        `${payload}\n${payload}`,
        payload,
        payload,
      ]);
    }
  });

  it("keeps payloads in a guest's name, subject and message", async () => {
    for (const payload of payloads.slice(0, 10)) {
      const opened = await t.app.inject({
        method: 'PUT',
        url: '/api/guest/support',
        query: {
          name: payload.slice(0, 100),
          email: 'xss@example.com',
          subject: payload,
          message: payload,
          captchaToken: await solveCaptcha(t.app),
        },
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const { tid, c: key } = opened.json();
      const detail = (await api(undefined, 'GET', `/guest/support/${tid}?c=${key}`)).json();
      expect(detail).toMatchObject({ subject: payload, name: payload.slice(0, 100) });
      expect(detail.replies.reply[0].message).toBe(payload);
      expect(detail.replies.reply[0].name).toBe(payload.slice(0, 100));
    }
  });
});
