import { ticketDetailSchema, ticketListResponseSchema } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../src/seed/demo-accounts.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { loginToken } from '../support/fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { supportApi } from '../support/tickets.ts';

/** The demo's support data (issue 17): threads with staff answers, an image, a guest, the operator. */
describe('demo support data', () => {
  let t: TestApp;
  let api: ReturnType<typeof supportApi>;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    api = supportApi(t);
    await seedDemo(t.app.ctx);
    owner = await loginToken(t.app, demoAccounts.owner.email, demoAccounts.owner.password);
  });
  afterAll(() => t.close());

  it('gives the demo owner an open, an answered and a closed ticket, each with its thread', async () => {
    const list = ticketListResponseSchema.parse((await api(owner, 'GET', '/support')).json());
    expect(list.tickets.tickets.ticket.map((x) => [x.tid, x.status])).toEqual([
      ['482913', 'Open'],
      ['771204', 'Awaiting Reply'],
      ['390155', 'Closed'],
    ]);
    for (const { tid } of list.tickets.tickets.ticket) {
      const detail = ticketDetailSchema.parse((await api(owner, 'GET', `/support/${tid}`)).json());
      expect(detail.replies.reply.length).toBeGreaterThanOrEqual(2);
      expect(detail.replies.reply[0]!.admin).toBe('');
      expect(detail.replies.reply.some((r) => r.admin === 'Alex Morgan' && r.userid === 0)).toBe(true);
    }
  });

  it('serves the screenshot attached to the opening message as a real PNG', async () => {
    const detail = ticketDetailSchema.parse((await api(owner, 'GET', '/support/482913')).json());
    const first = detail.replies.reply[0]!;
    expect(first.attachment).toMatch(/^[0-9a-f]{32}\.png$/);
    const image = await api(owner, 'GET', `/support/482913/reply/${first.replyid}/image/${first.attachment}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('lets the staff account read every ticket, the guest’s too, through the operator API', async () => {
    const staff = await loginToken(t.app, demoAccounts.staff.email, demoAccounts.staff.password);
    const list = (await api(staff, 'GET', '/operator/support')).json().tickets as {
      tid: string;
      userid: null;
    }[];
    expect(list.map((x) => x.tid).sort()).toEqual(['390155', '482913', '615007', '771204']);
    expect(list.find((x) => x.tid === '615007')!.userid).toBeNull();
    expect((await api(owner, 'GET', '/support/615007')).statusCode).toBe(403);
  });
});
