import { INPUT_TEXT, SupportText, TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, solveCaptcha } from '../support/fixtures.ts';
import { multipartBody } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  HIDDEN_DEPARTMENT_ID,
  newTicket,
  openTicket,
  supportApi,
  supportCallers,
  ticketCount,
  ticketDetail,
  ticketState,
} from '../support/tickets.ts';

/**
 * What the support API accepts (portal spec §5 Ticket texts; the strict input rules): bad input
 * is a 422 with the spec's message on its field and changes nothing; messages are kept as the
 * plain text sent (trimmed, CRLF as LF), never as HTML.
 */
describe('support input', () => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof supportCallers>>;
  let api: ReturnType<typeof supportApi>;

  beforeAll(async () => {
    t = await createTestApp();
    api = supportApi(t);
    c = await supportCallers(t);
  });
  afterAll(() => t.close());

  const refusedTickets: [string, object, string, string][] = [
    ['no subject', { subject: undefined }, 'subject', SupportText.subjectRequired],
    ['a blank subject', { subject: '   ' }, 'subject', SupportText.subjectRequired],
    [
      'a subject too long',
      { subject: 'x'.repeat(TICKET_SUBJECT_MAX + 1) },
      'subject',
      SupportText.subjectTooLong,
    ],
    ['a subject on two lines', { subject: 'one\ntwo' }, 'subject', INPUT_TEXT.lineBreaks],
    [
      'a control character in the subject',
      { subject: 'bell\u0007' },
      'subject',
      INPUT_TEXT.controlCharacters,
    ],
    ['a subject that is a number', { subject: 42 }, 'subject', SupportText.subjectRequired],
    ['no message', { message: undefined }, 'message', SupportText.messageRequired],
    ['a blank message', { message: ' \r\n\t ' }, 'message', SupportText.messageRequired],
    [
      'a message too long',
      { message: 'x'.repeat(TICKET_MESSAGE_MAX + 1) },
      'message',
      SupportText.messageTooLong,
    ],
    ['a NUL in the message', { message: 'a\u0000b' }, 'message', INPUT_TEXT.controlCharacters],
    ['an escape in the message', { message: 'a\u001b[31mred' }, 'message', INPUT_TEXT.controlCharacters],
    ['no department', { deptid: undefined }, 'deptid', SupportText.departmentInvalid],
    ['a department as a string', { deptid: '1' }, 'deptid', SupportText.departmentInvalid],
    ['a department that is a fraction', { deptid: 1.5 }, 'deptid', SupportText.departmentInvalid],
    ['an unknown department', { deptid: 99 }, 'deptid', SupportText.departmentInvalid],
    ['a hidden department', { deptid: HIDDEN_DEPARTMENT_ID }, 'deptid', SupportText.departmentInvalid],
    ['an unknown priority', { priority: 'Urgent' }, 'priority', SupportText.priorityInvalid],
    ['a service as a string', { serviceid: '5' }, 'serviceid', SupportText.serviceInvalid],
    ['a field the form does not have', { status: 'Closed' }, '_', ''],
  ];

  for (const [what, change, field, message] of refusedTickets) {
    it(`refuses a ticket with ${what}, and opens none`, async () => {
      const before = await ticketCount(t);
      const response = await api(c.owner, 'PUT', '/support', { ...newTicket(), ...change });
      expect(response.statusCode, response.body).toBe(422);
      const body = response.json();
      if (field !== '_') expect(body.errors[field]).toEqual([message]);
      expect(await ticketCount(t)).toBe(before);
    });
  }

  it('reads a multipart form with the same rules: ids as digit strings, an empty service as none', async () => {
    const put = (fields: Record<string, string>) => {
      const body = multipartBody(Object.entries(fields).map(([name, value]) => ({ name, value })));
      return t.app.inject({
        method: 'PUT',
        url: '/api/support',
        headers: { ...bearer(c.subWithSupport), ...body.headers },
        payload: body.payload,
      });
    };
    const base = { deptid: '3', subject: 'From the form', message: 'Line one\r\nLine two' };
    const opened = await put({ ...base, serviceid: '', priority: 'Medium' });
    expect(opened.statusCode, opened.body).toBe(200);
    const detail = await ticketDetail(t, c.owner, opened.json().tid);
    expect(detail).toMatchObject({ deptid: 3, serviceid: null, priority: 'Medium' });
    expect(detail.replies.reply[0]!.message).toBe('Line one\nLine two');
    const withService = await put({ ...base, serviceid: String(c.services.listed) });
    expect((await ticketDetail(t, c.owner, withService.json().tid)).serviceid).toBe(c.services.listed);

    const before = await ticketCount(t);
    const refused: [Record<string, string>, string, string][] = [
      [{ ...base, deptid: 'one' }, 'deptid', SupportText.departmentInvalid],
      [{ ...base, deptid: '01' }, 'deptid', SupportText.departmentInvalid],
      [{ ...base, deptid: '' }, 'deptid', SupportText.departmentInvalid],
      [{ ...base, serviceid: String(c.services.unlisted) }, 'serviceid', SupportText.serviceInvalid],
      [{ ...base, serviceid: '-1' }, 'serviceid', SupportText.serviceInvalid],
      [{ ...base, subject: '' }, 'subject', SupportText.subjectRequired],
      [{ deptid: '1', subject: 'x' }, 'message', SupportText.messageRequired],
      [{ ...base, extra: 'x' }, '_', ''],
    ];
    for (const [fields, field, message] of refused) {
      const response = await put(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      if (field !== '_') expect(response.json().errors[field]).toEqual([message]);
    }
    expect(await ticketCount(t)).toBe(before);
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const payload of ['[]', '"text"', '{']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/support',
        headers: { authorization: `Bearer ${c.owner}`, 'content-type': 'application/json' },
        payload,
      });
      expect([400, 422]).toContain(response.statusCode);
    }
  });

  it('opens a ticket with Low priority unless chosen, the message trimmed and with LF line breaks', async () => {
    const tid = await openTicket(t, c.owner, {
      priority: undefined,
      subject: '  Disk full  ',
      message: '\r\n  Hello,\r\nthe disk is full.\r\n\r\n  Thanks  \n',
    });
    expect(tid).toMatch(/^\d{6}$/);
    const detail = await ticketDetail(t, c.owner, tid);
    expect(detail).toMatchObject({ subject: 'Disk full', priority: 'Low', status: 'Open', deptid: 1 });
    expect(detail.replies.reply[0]!.message).toBe('Hello,\nthe disk is full.\n\n  Thanks');
  });

  it('refuses bad replies and keeps the thread as it was', async () => {
    const tid = await openTicket(t, c.owner);
    const before = await ticketState(t, tid);
    for (const payload of [
      {},
      { message: '' },
      { message: '   ' },
      { message: 7 },
      { message: 'x'.repeat(TICKET_MESSAGE_MAX + 1) },
      { message: 'a\u0000' },
      { message: 'ok', extra: 1 },
    ]) {
      const response = await api(c.owner, 'POST', `/support/${tid}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await ticketState(t, tid)).toEqual(before);
  });

  it('refuses a malformed tid as no ticket', async () => {
    for (const tid of ['12345', '1234567', 'abcdef', '12345a']) {
      const response = await api(c.owner, 'GET', `/support/${tid}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(SupportText.notFound);
    }
  });

  it("refuses a guest's ticket without a solved captcha or with bad fields, and opens none", async () => {
    const before = await ticketCount(t);
    const base = { name: 'Gina', email: 'gina@example.com', subject: 'Hi', message: 'Hello' };
    const cases: [object, string][] = [
      [base, 'captchaToken'],
      [{ ...base, captchaToken: 'not-a-solution' }, 'captchaToken'],
      [{ ...base, name: '', captchaToken: 'x' }, 'name'],
      [{ ...base, email: 'not-an-address', captchaToken: 'x' }, 'email'],
      [{ ...base, subject: '', captchaToken: 'x' }, 'subject'],
      [{ ...base, deptid: '1', captchaToken: 'x' }, '_'],
    ];
    for (const [query, field] of cases) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/guest/support',
        query: query as never,
      });
      expect(response.statusCode, response.body).toBe(422);
      if (field !== '_') expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect(await ticketCount(t)).toBe(before);
  });

  it("takes a guest's longest message in the query string over real HTTP, not a bare 431", async () => {
    // Emoji are four UTF-8 bytes, twelve characters once percent-encoded: the worst case for the URL.
    const message = '\u{1F600}'.repeat(TICKET_MESSAGE_MAX / 2);
    const query = new URLSearchParams({
      name: 'Gina',
      email: 'gina@example.com',
      subject: 'A long question',
      message,
      captchaToken: await solveCaptcha(t.app),
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/guest/support?${query}`, { method: 'PUT' });
    expect(response.status, await response.clone().text()).toBe(200);
    const { tid, c: key } = (await response.json()) as { tid: string; c: string };
    const ticket = await api(undefined, 'GET', `/guest/support/${tid}?c=${key}`);
    expect(ticket.json().replies.reply[0].message).toBe(message);
  });

  it("puts a guest's ticket in Sales whatever else is sent, and refuses images from guests", async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/guest/support',
      query: {
        name: 'Gina',
        email: 'Gina@Example.com',
        subject: 'Prices',
        message: 'How much is a 10G port?',
        priority: 'Medium',
        captchaToken: await solveCaptcha(t.app),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { tid, c: key } = response.json();
    const ticket = await api(undefined, 'GET', `/guest/support/${tid}?c=${key}`);
    expect(ticket.json()).toMatchObject({
      deptid: 2,
      deptname: 'Sales',
      priority: 'Medium',
      can_attach: false,
    });
    expect(ticket.json().email).toBe('gina@example.com');

    const boundary = 'guestboundary';
    const form = [
      `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nSee the picture\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="images[]"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const before = await ticketState(t, tid);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/guest/support/${tid}?c=${key}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(SupportText.guestsCannotAttach);
    expect(await ticketState(t, tid)).toEqual(before);
  });

  it('refuses an unknown status or an empty staff answer', async () => {
    const tid = await openTicket(t, c.owner);
    const before = await ticketState(t, tid);
    for (const status of ['Pending', 'open', '', 3]) {
      const response = await api(c.operator, 'POST', `/operator/support/${tid}/status`, { status });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(SupportText.statusInvalid);
    }
    expect(
      (await api(c.operator, 'POST', `/operator/support/${tid}/reply`, { message: ' ' })).statusCode,
    ).toBe(422);
    expect((await api(c.operator, 'GET', '/operator/support?status=Pending')).statusCode).toBe(422);
    expect(await ticketState(t, tid)).toEqual(before);
  });
});
