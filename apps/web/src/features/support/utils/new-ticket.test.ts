import { SupportText } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import {
  emptyTicketForm,
  GUEST_MESSAGE_TOO_LONG,
  guestTicketQuery,
  initialDepartment,
  parsePrefill,
  serviceOptionLabel,
  ticketFormChecks,
  type TicketFormValues,
  ticketRequest,
  unplacedRefusal,
} from './new-ticket.ts';

const values: TicketFormValues = {
  ...emptyTicketForm,
  name: ' Gail Guest ',
  email: ' gail@example.com ',
  deptid: '1',
  subject: '  Server down  ',
  message: 'Line one\nLine two',
  priority: 'High',
};

describe('parsePrefill', () => {
  it('is null when the URL carries none of the prefill parameters', () => {
    expect(parsePrefill(new URLSearchParams(''))).toBeNull();
    expect(parsePrefill(new URLSearchParams('utm_source=mail'))).toBeNull();
  });

  it('takes name, email, subject, message and deptid', () => {
    const params = new URLSearchParams({
      name: 'Gail',
      email: 'gail@example.com',
      subject: 'Hello',
      message: 'Two\nlines',
      deptid: '3',
    });
    expect(parsePrefill(params)).toEqual({
      name: 'Gail',
      email: 'gail@example.com',
      subject: 'Hello',
      message: 'Two\nlines',
      deptid: '3',
    });
  });

  it('ignores a deptid that is not a positive whole number, and keeps the rest', () => {
    for (const deptid of ['0', '-1', '1.5', 'abc', '', '01', '9999999999']) {
      expect(parsePrefill(new URLSearchParams({ deptid, subject: 'S' }))).toEqual({ subject: 'S' });
    }
  });

  it('cuts texts longer than the API takes to its limits', () => {
    const prefill = parsePrefill(new URLSearchParams({ subject: 's'.repeat(300), name: 'n'.repeat(150) }));
    expect(prefill?.subject).toHaveLength(255);
    expect(prefill?.name).toHaveLength(100);
  });
});

describe('initialDepartment', () => {
  const departments = [
    { id: 1, name: 'Technical Support' },
    { id: 2, name: 'Sales' },
  ];

  it('starts on the prefilled department when the list has it, else on the first', () => {
    expect(initialDepartment(departments, '2')).toBe('2');
    expect(initialDepartment(departments, '7')).toBe('1');
    expect(initialDepartment(departments, undefined)).toBe('1');
    expect(initialDepartment([], '2')).toBe('');
  });
});

describe('serviceOptionLabel', () => {
  it('names the product, the domain or else the IP, and the status', () => {
    const service = {
      name: 'VPS Small',
      domain: 'web01.demo.example',
      dedicatedip: '203.0.113.5',
      status: 'Active' as const,
    };
    expect(serviceOptionLabel(service)).toBe('VPS Small - web01.demo.example (Active)');
    expect(serviceOptionLabel({ ...service, domain: '' })).toBe('VPS Small - 203.0.113.5 (Active)');
    expect(serviceOptionLabel({ ...service, domain: '', dedicatedip: '', status: 'Pending' })).toBe(
      'VPS Small (Pending)',
    );
  });
});

describe('ticketFormChecks', () => {
  it('asks a customer for a department, a subject and a message', () => {
    const checks = ticketFormChecks(false);
    expect(checks.deptid?.('')).toBe(SupportText.departmentInvalid);
    expect(checks.subject?.('  ')).toBe(SupportText.subjectRequired);
    expect(checks.message?.('\n')).toBe(SupportText.messageRequired);
    expect(checks.name).toBeUndefined();
    expect(checks.subject?.('Hi')).toBeNull();
  });

  it('asks a guest for a name and a valid e-mail too, and for no department', () => {
    const checks = ticketFormChecks(true);
    expect(checks.name?.(' ')).toBe(SupportText.nameRequired);
    expect(checks.email?.('')).toBe('The email field is required.');
    expect(checks.email?.('not-an-address')).toBe('The email must be a valid email address.');
    expect(checks.email?.('gail@example.com')).toBeNull();
    expect(checks.deptid).toBeUndefined();
  });
});

describe('ticketRequest', () => {
  it('is JSON without images, with numbers as numbers and no service when none is chosen', () => {
    expect(ticketRequest(values, [])).toEqual({
      deptid: 1,
      subject: 'Server down',
      message: 'Line one\nLine two',
      priority: 'High',
    });
    expect(ticketRequest({ ...values, serviceid: '42' }, [])).toMatchObject({ serviceid: 42 });
  });

  it('is multipart with the same fields and each image as images[] when images are attached', () => {
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'screen.png', { type: 'image/png' });
    const gif = new File([new Uint8Array([71, 73, 70])], 'anim.gif', { type: 'image/gif' });
    const body = ticketRequest({ ...values, serviceid: '42' }, [png, gif]);
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('deptid')).toBe('1');
    expect(form.get('subject')).toBe('Server down');
    expect(form.get('message')).toBe('Line one\nLine two');
    expect(form.get('priority')).toBe('High');
    expect(form.get('serviceid')).toBe('42');
    expect(form.getAll('images[]').map((file) => (file as File).name)).toEqual(['screen.png', 'anim.gif']);
  });
});

describe('guestTicketQuery', () => {
  it('carries the guest fields and the captcha proof, and no department', () => {
    const query = guestTicketQuery(values, 'proof');
    expect(Object.fromEntries(query)).toEqual({
      name: 'Gail Guest',
      email: 'gail@example.com',
      subject: 'Server down',
      message: 'Line one\nLine two',
      priority: 'High',
      captchaToken: 'proof',
    });
  });
});

describe('unplacedRefusal', () => {
  it('puts a guest form too long for a URL (431) under the message', () => {
    const tooLong = new ApiError(431, { message: 'Exceeded maximum allowed HTTP header size' });
    expect(unplacedRefusal(tooLong, true)).toEqual({ field: 'message', message: GUEST_MESSAGE_TOO_LONG });
  });

  it('leaves every other failure to the general toast', () => {
    expect(unplacedRefusal(new ApiError(431, {}), false)).toBeUndefined();
    expect(unplacedRefusal(new ApiError(500, {}), true)).toBeUndefined();
    expect(unplacedRefusal(new ApiError(429, {}), true)).toBeUndefined();
    expect(unplacedRefusal(new TypeError('Failed to fetch'), true)).toBeUndefined();
  });
});
