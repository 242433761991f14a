import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SupportText, TICKET_IMAGE_NAME, type TicketDetail } from '@rackdesk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { allPermissions, bearer, createUser, loginToken, solveCaptcha } from '../support/fixtures.ts';
import { sampleImages } from '../support/images.ts';
import { type FormPart, imagePart, multipartBody } from '../support/multipart.ts';
import { hostileUploadForm, hostileUploads } from '../support/corpora/uploads.ts';
import { subAccountToken } from '../support/callers.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Ticket images end to end through the API (issue 17 scope 2; API.md): real images uploaded with
 * a new ticket and with replies, read back with headers that keep them inert, a corpus of hostile
 * uploads each refused with nothing stored (or, for real images with odd names, stored under a
 * generated name and served as an image), and nobody but the ticket's account reading them.
 */

let t: TestApp;
let owner: string;
let otherOwner: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
  const a = await createUser(t);
  const b = await createUser(t);
  owner = await loginToken(t.app, a.email, a.password);
  otherOwner = await loginToken(t.app, b.email, b.password);
  ownerId = a.id;
});
afterAll(() => t.close());
let ownerId: number;

async function openTicket(token: string, parts: FormPart[]) {
  const body = multipartBody([
    { name: 'deptid', value: '1' },
    { name: 'subject', value: 'The server does not boot' },
    { name: 'message', value: 'See the screenshots.' },
    ...parts,
  ]);
  return t.app.inject({
    method: 'PUT',
    url: '/api/support',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function replyTo(tid: string, parts: FormPart[], token = owner) {
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/support/${tid}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function thread(tid: string, token = owner): Promise<TicketDetail> {
  const response = await t.app.inject({ method: 'GET', url: `/api/support/${tid}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const imageUrl = (tid: string, replyid: number, name: string) =>
  `/api/support/${tid}/reply/${replyid}/image/${name}`;

async function getImage(url: string, token: string | null = owner) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

/** Every file under DATA_DIR/attachments, as paths relative to it. */
function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'attachments');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** An image answer carries exactly the stored bytes and the headers that keep it an image. */
function expectInertImage(response: LightMyRequestResponse, contentType: string, name: string) {
  expect(response.statusCode).toBe(200);
  expect(response.headers).toMatchObject({
    'content-type': contentType,
    'content-disposition': `inline; filename="${name}"`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, no-store',
    'cross-origin-resource-policy': 'same-origin',
  });
}

async function newTicket(): Promise<string> {
  const response = await openTicket(owner, []);
  expect(response.statusCode).toBe(200);
  return response.json().tid;
}

describe('images uploaded with a ticket and its replies', () => {
  it('opens a ticket with four images of each type and serves each back as it was', async () => {
    const uploads = [
      { bytes: sampleImages.png, type: 'image/png', ext: 'png' },
      { bytes: sampleImages.jpeg, type: 'image/jpeg', ext: 'jpg' },
      { bytes: sampleImages.gif, type: 'image/gif', ext: 'gif' },
      { bytes: sampleImages.webp, type: 'image/webp', ext: 'webp' },
    ];
    const opened = await openTicket(
      owner,
      uploads.map((u, i) => imagePart(u.bytes, `picture-${i}.${u.ext}`, u.type)),
    );
    expect(opened.statusCode).toBe(200);
    const { tid } = opened.json();
    const [first] = (await thread(tid)).replies.reply;
    const names = first!.attachment.split('|');
    expect(names).toHaveLength(4);
    for (const [index, name] of names.entries()) {
      expect(name).toMatch(TICKET_IMAGE_NAME);
      expect(name.endsWith(`.${uploads[index]!.ext}`)).toBe(true);
      const served = await getImage(imageUrl(tid, first!.replyid, name));
      expectInertImage(served, uploads[index]!.type, name);
      expect(served.rawPayload.equals(uploads[index]!.bytes)).toBe(true);
    }
  });

  it('replies with one to five images, and a form with no file picked adds none', async () => {
    const tid = await newTicket();
    for (const count of [1, 5]) {
      const response = await replyTo(tid, [
        { name: 'message', value: `${count} screenshots` },
        ...Array.from({ length: count }, () => imagePart(sampleImages.png)),
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ result: 'success', message: SupportText.replied });
    }
    const empty = await replyTo(tid, [
      { name: 'message', value: 'No picture' },
      imagePart(Buffer.alloc(0), ''),
    ]);
    expect(empty.statusCode).toBe(200);
    const replies = (await thread(tid)).replies.reply;
    expect(replies.map((r) => (r.attachment ? r.attachment.split('|').length : 0))).toEqual([0, 1, 5, 0]);
    const last = replies[2]!;
    for (const name of last.attachment.split('|')) {
      const served = await getImage(imageUrl(tid, last.replyid, name));
      expectInertImage(served, 'image/png', name);
      expect(served.rawPayload.equals(sampleImages.png)).toBe(true);
    }
    const ticketId = (await thread(tid)).id;
    expect(storedFiles().filter((file) => file.startsWith(`tickets/${ticketId}/`))).toHaveLength(6);
  });
});

describe('hostile uploads', () => {
  let tid: string;
  beforeAll(async () => {
    tid = await newTicket();
  });

  it('has at least forty cases', () => {
    expect(hostileUploads.length).toBeGreaterThanOrEqual(40);
  });

  it.each(hostileUploads)('%s', async (_label, parts, outcome) => {
    const before = storedFiles();
    const repliesBefore = (await thread(tid)).replies.reply.length;
    const response = await replyTo(tid, hostileUploadForm(parts));
    const replies = (await thread(tid)).replies.reply;
    if ('refused' in outcome) {
      expect(response.statusCode).toBe(outcome.refused);
      if (outcome.message) expect(response.json().message).toBe(outcome.message);
      expect(replies).toHaveLength(repliesBefore);
      expect(storedFiles()).toEqual(before);
      return;
    }
    expect(response.statusCode).toBe(200);
    const added = replies.at(-1)!;
    const [name] = added.attachment.split('|');
    expect(name).toMatch(TICKET_IMAGE_NAME);
    const ticketId = (await thread(tid)).id;
    expect(storedFiles()).toEqual([...before, `tickets/${ticketId}/${name}`].sort());
    expectInertImage(await getImage(imageUrl(tid, added.replyid, name!)), outcome.inert, name!);
  });

  it('refuses a body that is not the multipart it claims, with nothing stored', async () => {
    const before = storedFiles();
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: `/api/support/${tid}`,
      headers: { ...bearer(owner), 'content-type': 'multipart/form-data' },
      payload: 'message=hello',
    });
    expect(noBoundary.statusCode).toBe(400);
    const cut = multipartBody([{ name: 'message', value: 'x' }, imagePart(sampleImages.png)]);
    const truncated = await t.app.inject({
      method: 'POST',
      url: `/api/support/${tid}`,
      headers: { ...bearer(owner), ...cut.headers },
      payload: cut.payload.subarray(0, cut.payload.length - 40),
    });
    expect(truncated.statusCode).toBe(400);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses multipart on routes that take only JSON', async () => {
    const body = multipartBody([{ name: 'x', value: 'y' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/support/${tid}/close`,
      headers: { ...bearer(owner), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('who may read an image', () => {
  let tid: string;
  let replyid: number;
  let name: string;
  let url: string;
  beforeAll(async () => {
    const opened = await openTicket(owner, [imagePart(sampleImages.png)]);
    tid = opened.json().tid;
    const [first] = (await thread(tid)).replies.reply;
    replyid = first!.replyid;
    name = first!.attachment;
    url = imageUrl(tid, replyid, name);
  });

  const expectNoImage = (response: LightMyRequestResponse, status: number, message: string) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().message).toBe(message);
    expect(response.rawPayload.includes(sampleImages.png.subarray(0, 16))).toBe(false);
  };

  it('the owner and a sub-account with the support permission', async () => {
    expectInertImage(await getImage(url), 'image/png', name);
    const sub = await subAccountToken(t, ownerId, allPermissions);
    expectInertImage(await getImage(url, sub), 'image/png', name);
  });

  it('not another account, a sub-account without support, nor someone signed out', async () => {
    expectNoImage(await getImage(url, otherOwner), 403, SupportText.notAuthorized);
    const noSupport = await subAccountToken(t, ownerId, { ...allPermissions, support: false });
    expect((await getImage(url, noSupport)).statusCode).toBe(403);
    expect((await getImage(url, null)).statusCode).toBe(401);
    // Guests have no image route at all: the customer's image is not reachable that way either.
    const asGuest = await getImage(`/api/guest${url.slice('/api'.length)}?c=${'a'.repeat(43)}`, null);
    expect(asGuest.statusCode).toBe(404);
    expect(asGuest.rawPayload.includes(sampleImages.png.subarray(0, 16))).toBe(false);
  });

  it('support staff through the operator API, and no customer that way', async () => {
    const staff = await createUser(t, { role: 'operator' });
    const staffToken = await loginToken(t.app, staff.email, staff.password);
    const operatorUrl = `/api/operator${url.slice('/api'.length)}`;
    expectInertImage(await getImage(operatorUrl, staffToken), 'image/png', name);
    expectNoImage(await getImage(operatorUrl, owner), 403, SupportText.operatorOnly);
    const wrongName = name.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    const missing = await getImage(
      `/api/operator/support/${tid}/reply/${replyid}/image/${wrongName}`,
      staffToken,
    );
    expectNoImage(missing, 404, SupportText.imageNotFound);
  });

  it('not under a wrong name, another reply, another ticket, or a name that is no generated one', async () => {
    const other = await openTicket(owner, [imagePart(sampleImages.gif)]);
    const otherTid = other.json().tid;
    const [otherFirst] = (await thread(otherTid)).replies.reply;
    await replyTo(tid, [{ name: 'message', value: 'no image' }]);
    const plainReply = (await thread(tid)).replies.reply.at(-1)!;
    const wrongName = name.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    for (const attempt of [
      imageUrl(tid, replyid, wrongName),
      imageUrl(tid, plainReply.replyid, name),
      imageUrl(tid, otherFirst!.replyid, otherFirst!.attachment),
      imageUrl(otherTid, otherFirst!.replyid, name),
      imageUrl(tid, replyid + 100_000, name),
    ]) {
      expectNoImage(await getImage(attempt), 404, SupportText.imageNotFound);
    }
    for (const attempt of [
      `/api/support/${tid}/reply/${replyid}/image/..%2F..%2Fapp-secret`,
      `/api/support/${tid}/reply/${replyid}/image/${name.replace('.png', '.svg')}`,
      `/api/support/${tid}/reply/${replyid}/image/${name.toUpperCase()}`,
      `/api/support/${tid}/reply/0${replyid}/image/${name}`,
      // Ten digits, but past the largest id the database holds: refused by the schema, not a 500.
      `/api/support/${tid}/reply/2147483648/image/${name}`,
      `/api/support/${tid}/reply/9999999999/image/${name}`,
    ]) {
      // A path that no generated name or reply id fits fails the path's schema (422, same text).
      const response = await getImage(attempt);
      expect([404, 422]).toContain(response.statusCode);
      expect(response.json().message).toBe(SupportText.imageNotFound);
      expect(response.rawPayload.includes(sampleImages.png.subarray(0, 16))).toBe(false);
    }
  });
});

describe('the pages that show images', () => {
  it('may show them as blob: URLs (fetched with the bearer token), and nothing else loosens', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
  });
});

describe('guests', () => {
  it('cannot attach an image to their ticket, and nothing is stored', async () => {
    const captchaToken = await solveCaptcha(t.app);
    const query = new URLSearchParams({
      name: 'Guest Visitor',
      email: 'guest-attach@example.com',
      subject: 'Pricing',
      message: 'A question',
      captchaToken,
    });
    const opened = await t.app.inject({ method: 'PUT', url: `/api/guest/support?${query}` });
    expect(opened.statusCode).toBe(200);
    const { tid, c } = opened.json();
    const before = storedFiles();
    const body = multipartBody([
      { name: 'message', value: 'Here is a picture' },
      imagePart(sampleImages.png),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/guest/support/${tid}?c=${c}`,
      ...body,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(SupportText.guestsCannotAttach);
    expect(storedFiles()).toEqual(before);
    const empty = multipartBody([{ name: 'message', value: 'No picture' }, imagePart(Buffer.alloc(0), '')]);
    const plain = await t.app.inject({ method: 'POST', url: `/api/guest/support/${tid}?c=${c}`, ...empty });
    expect(plain.statusCode).toBe(200);
  });
});
