import { EventName, SupportText } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../support/event-stream.ts';
import { eventually, mailsTo, solveCaptcha } from '../support/fixtures.ts';
import { createTestApp, quickJobs, type TestApp } from '../support/test-app.ts';
import { openTicket, supportApi, supportCallers, ticketDetail, ticketState } from '../support/tickets.ts';

/**
 * A ticket's life (portal spec §3, §9; issue 17): Open when opened or answered by the customer
 * (a Closed ticket reopens), Awaiting Reply when staff answered, Closed when closed. A staff
 * answer mails the customer and reaches the account's open pages as `ticket.updated`.
 */
describe('ticket lifecycle', () => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof supportCallers>>;
  let api: ReturnType<typeof supportApi>;

  beforeAll(async () => {
    t = await createTestApp(quickJobs);
    api = supportApi(t);
    c = await supportCallers(t);
  });
  afterAll(() => t.close());

  const status = async (tid: string) => (await ticketDetail(t, c.owner, tid)).status;
  const staffReply = (tid: string, message: string) =>
    api(c.operator, 'POST', `/operator/support/${tid}/reply`, { message });

  it('moves between Open, Awaiting Reply and Closed as customers and staff write', async () => {
    const tid = await openTicket(t, c.owner);
    expect(await status(tid)).toBe('Open');
    const opened = (await ticketState(t, tid)).ticket!.lastReplyAt;

    const answered = await staffReply(tid, 'We rebooted the switch port. Please check again.');
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ result: 'success', message: SupportText.replied });
    expect(await status(tid)).toBe('Awaiting Reply');
    expect((await ticketState(t, tid)).ticket!.lastReplyAt.getTime()).toBeGreaterThanOrEqual(
      opened.getTime(),
    );

    expect(
      (await api(c.subWithSupport, 'POST', `/support/${tid}`, { message: 'Works now.' })).statusCode,
    ).toBe(200);
    expect(await status(tid)).toBe('Open');

    const closed = await api(c.owner, 'POST', `/support/${tid}/close`);
    expect(closed.json()).toEqual({ result: 'success', message: SupportText.closed });
    expect(await status(tid)).toBe('Closed');

    // A customer's reply reopens a closed ticket.
    expect(
      (await api(c.owner, 'POST', `/support/${tid}`, { message: 'It happened again.' })).statusCode,
    ).toBe(200);
    expect(await status(tid)).toBe('Open');

    for (const next of ['Awaiting Reply', 'Closed', 'Open'] as const) {
      const response = await api(c.operator, 'POST', `/operator/support/${tid}/status`, { status: next });
      expect(response.statusCode).toBe(200);
      expect(await status(tid)).toBe(next);
    }

    const thread = (await ticketDetail(t, c.owner, tid)).replies.reply;
    expect(thread.map((r) => [r.admin, r.userid === 0])).toEqual([
      ['', false],
      ['Sam Staff', true],
      ['', false],
      ['', false],
    ]);
    expect(thread[2]!.email).toBe(c.subWithSupportUser.email);
    // Staff sign with their name only: the address they sign in with stays private.
    expect(thread[1]).toMatchObject({ name: 'Sam Staff', email: '' });
    const filtered = (await api(c.operator, 'GET', '/operator/support?status=Open')).json().tickets;
    expect(filtered.every((x: { status: string }) => x.status === 'Open')).toBe(true);
    expect(filtered.map((x: { tid: string }) => x.tid)).toContain(tid);
  });

  it('mails a staff answer to the owner with the ticket link and the message as text', async () => {
    const tid = await openTicket(t, c.owner, { subject: 'Mail me' });
    const message = 'Hello,\n<b>not bold</b> & fixed.\nAlex';
    expect((await staffReply(tid, message)).statusCode).toBe(200);
    const mail = await eventually(() => mailsTo(t, c.ownerUser.email).find((m) => m.subject.includes(tid)));
    expect(mail.subject).toBe(`[Ticket #${tid}] Mail me`);
    expect(mail.text).toContain(message);
    expect(mail.text).toContain(`http://rackdesk.test/support/${tid}`);
    expect(mail.text).not.toContain('?c=');
  });

  it('tells open pages of the owner and of sub-accounts with support, and no others', async () => {
    const tid = await openTicket(t, c.owner);
    const open = async (token: string) => {
      const stream = await openEventStream(t.app, token);
      await stream.readUntil('event: ready');
      return stream;
    };
    const owner = await open(c.owner);
    const withSupport = await open(c.subWithSupport);
    const withoutSupport = await open(c.subWithoutSupport);
    const other = await open(c.otherOwner);
    try {
      expect((await staffReply(tid, 'Answered.')).statusCode).toBe(200);
      const expected = `event: ${EventName.ticketUpdated}\ndata: {"tid":"${tid}"}`;
      await owner.readUntil(expected);
      await withSupport.readUntil(expected);
      // A later event everybody of the account receives shows the earlier one was left out.
      await t.app.ctx.events.publish(c.ownerUser.id, 'test.marker', {});
      await withoutSupport.readUntil('event: test.marker');
      expect(withoutSupport.received()).not.toContain(EventName.ticketUpdated);

      expect(
        (await api(c.operator, 'POST', `/operator/support/${tid}/status`, { status: 'Closed' })).statusCode,
      ).toBe(200);
      await t.app.ctx.events.publish(c.ownerUser.id, 'test.after-status', {});
      await owner.readUntil('event: test.after-status');
      expect(owner.received().split(EventName.ticketUpdated).length - 1).toBe(2);
      expect(other.received()).not.toContain(EventName.ticketUpdated);
    } finally {
      for (const stream of [owner, withSupport, withoutSupport, other]) stream.close();
    }
  });

  it('mails a guest the link to their ticket, and each staff answer with it again; the link opens it', async () => {
    const email = 'gus.guest@example.com';
    const opened = await t.app.inject({
      method: 'PUT',
      url: '/api/guest/support',
      query: {
        name: 'Gus Guest',
        email,
        subject: 'Colocation',
        message: 'Do you have half racks?',
        captchaToken: await solveCaptcha(t.app),
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { tid, c: key, message } = opened.json();
    expect(message).toBe(SupportText.created);
    const link = `http://rackdesk.test/support/${tid}?c=${key}`;
    const first = await eventually(() => mailsTo(t, email)[0]);
    expect(first.text).toContain(link);

    expect((await staffReply(tid, 'Yes, in New York.')).statusCode).toBe(200);
    const answer = await eventually(() => mailsTo(t, email)[1]);
    expect(answer.text).toContain('Yes, in New York.');
    expect(answer.text).toContain(link);

    const thread = await api(undefined, 'GET', `/guest/support/${tid}?c=${key}`);
    expect(thread.json()).toMatchObject({ tid, status: 'Awaiting Reply', name: 'Gus Guest' });
    expect(
      (await api(undefined, 'POST', `/guest/support/${tid}?c=${key}`, { message: 'Great' })).statusCode,
    ).toBe(200);
    expect((await api(undefined, 'GET', `/guest/support/${tid}?c=${key}`)).json().status).toBe('Open');
    expect((await api(undefined, 'POST', `/guest/support/${tid}/close?c=${key}`)).statusCode).toBe(200);
    expect((await api(undefined, 'GET', `/guest/support/${tid}?c=${key}`)).json().status).toBe('Closed');
  });

  it('keeps only a hash and a sealed copy of a guest key', async () => {
    const opened = await t.app.inject({
      method: 'PUT',
      url: '/api/guest/support',
      query: {
        name: 'Kim',
        email: 'kim@example.com',
        subject: 'Key',
        message: 'Hi',
        captchaToken: await solveCaptcha(t.app),
      },
    });
    const { tid, c: key } = opened.json();
    const { ticket } = await ticketState(t, tid);
    expect(ticket!.accessKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(ticket)).not.toContain(key);
  });
});
