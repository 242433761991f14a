import { type CreateTicketRequest, ticketDetailSchema } from '@rackdesk/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { departments, ticketReplies, tickets, users } from '../../src/db/schema/index.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { allPermissions, bearer, createService, createUser, loginToken, noPermissions } from './fixtures.ts';
import { multipartBody } from './multipart.ts';
import type { TestApp } from './test-app.ts';

export type Method = 'GET' | 'PUT' | 'POST';

/** One API call as a caller (a bearer token, or none). */
export function supportApi(t: TestApp) {
  return (token: string | undefined, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
}

/** A department that exists but is not offered. */
export const HIDDEN_DEPARTMENT_ID = 9;

/**
 * The callers of the support matrix: an owner with a service, another owner, the owner's
 * sub-accounts with and without the support permission (the first with a whitelist of one of the
 * owner's two services), and an operator (support staff).
 */
export async function supportCallers(t: TestApp) {
  await seedCatalog(t.database.db);
  await t.database.db
    .insert(departments)
    .values({ id: HIDDEN_DEPARTMENT_ID, name: 'Abuse (internal)', hidden: true })
    .onConflictDoNothing();
  const ownerUser = await createUser(t, { firstname: 'Olive', lastname: 'Owner' });
  const otherUser = await createUser(t);
  const listed = await createService(t, ownerUser.id);
  const unlisted = await createService(t, ownerUser.id);
  const othersService = await createService(t, otherUser.id);
  const sub = async (permissions: typeof allPermissions, serviceWhitelist: number[] | null) => {
    const user = await createUser(t, { parentId: ownerUser.id, permissions, serviceWhitelist });
    return { user, token: await loginToken(t.app, user.email, user.password) };
  };
  const withSupport = await sub({ ...noPermissions, support: true }, [listed.id]);
  const withoutSupport = await sub({ ...allPermissions, support: false }, null);
  const staffUser = await createUser(t, { firstname: 'Sam', lastname: 'Staff', role: 'operator' });
  return {
    ownerUser,
    owner: await loginToken(t.app, ownerUser.email, ownerUser.password),
    otherOwner: await loginToken(t.app, otherUser.email, otherUser.password),
    subWithSupport: withSupport.token,
    subWithSupportUser: withSupport.user,
    subWithoutSupport: withoutSupport.token,
    operator: await loginToken(t.app, staffUser.email, staffUser.password),
    staffUser,
    services: { listed: listed.id, unlisted: unlisted.id, others: othersService.id },
  };
}

export const newTicket = (overrides: Partial<CreateTicketRequest> = {}): CreateTicketRequest => ({
  deptid: 1,
  subject: 'Server unreachable',
  message: 'My server does not answer pings since 10:00.',
  priority: 'High',
  ...overrides,
});

/** Opens a ticket through the API and gives its tid. */
export async function openTicket(t: TestApp, token: string, overrides: Partial<CreateTicketRequest> = {}) {
  const response = await supportApi(t)(token, 'PUT', '/support', newTicket(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tid as string;
}

/** Opens a ticket with one PNG image attached and gives the path that serves the image. */
export async function openTicketWithImage(t: TestApp, token: string, png: Buffer) {
  const body = multipartBody([
    { name: 'deptid', value: '1' },
    { name: 'subject', value: 'A picture' },
    { name: 'message', value: 'See the screenshot.' },
    { name: 'images[]', filename: 'screen.png', contentType: 'image/png', bytes: png },
  ]);
  const opened = await t.app.inject({
    method: 'PUT',
    url: '/api/support',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const { tid } = opened.json();
  const [first] = (await ticketDetail(t, token, tid)).replies.reply;
  if (!first?.attachment) throw new Error('the new ticket has no image');
  return `/api/support/${tid}/reply/${first.replyid}/image/${first.attachment}`;
}

export async function ticketDetail(t: TestApp, token: string, tid: string) {
  const response = await supportApi(t)(token, 'GET', `/support/${tid}`);
  expect(response.statusCode, response.body).toBe(200);
  return ticketDetailSchema.parse(response.json());
}

/** The ticket's row and its replies, straight from the database: what a refused call must not change. */
export async function ticketState(t: TestApp, tid: string) {
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.tid, tid));
  const replies = ticket
    ? await t.database.db.select().from(ticketReplies).where(eq(ticketReplies.ticketId, ticket.id))
    : [];
  return { ticket, replies };
}

export async function ticketCount(t: TestApp) {
  return (await t.database.db.select({ id: tickets.id }).from(tickets)).length;
}

export async function setRole(t: TestApp, id: number, role: 'customer' | 'operator') {
  await t.database.db.update(users).set({ role }).where(eq(users.id, id));
}
