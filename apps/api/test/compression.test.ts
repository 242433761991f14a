import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { EventName, ProductGroup } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../src/seed/catalog.ts';
import { openEventStream } from './support/event-stream.ts';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { sampleImages } from './support/images.ts';
import { createInvoice } from './support/invoices.ts';
import { openTicketWithImage } from './support/tickets.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * JSON and HTML answers travel compressed when the caller accepts it (brotli or gzip, by its
 * `Accept-Encoding`), and exactly as before when it does not; the event stream, images and PDFs
 * are never compressed by the server.
 */
describe('compressed answers', () => {
  let t: TestApp;
  let dist: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let token: string;
  const productList = `/api/billing/products/${ProductGroup.instantDedicatedNewYork.id}`;

  beforeAll(async () => {
    // A web build without compressed copies: the server compresses index.html itself.
    dist = mkdtempSync(path.join(tmpdir(), 'rackdesk-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Rackdesk</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`,
    );
    t = await createTestApp({ WEB_DIST_DIR: dist });
    await seedCatalog(t.database.db);
    owner = await createUser(t);
    token = await loginToken(t.app, owner.email, owner.password);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? headers : { ...headers, 'accept-encoding': acceptEncoding },
    });

  it('compresses a JSON list with brotli or gzip, as accepted, to the same JSON', async () => {
    const plain = await get(productList);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get(productList, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get(productList, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends the JSON as it is when no compression is accepted', async () => {
    const expected = (await get(productList)).json();
    for (const acceptEncoding of ['identity', 'deflate', 'gzip;q=0, br;q=0', '']) {
      const answer = await get(productList, acceptEncoding);
      expect(answer.statusCode, acceptEncoding).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(answer.json(), acceptEncoding).toEqual(expected);
    }
  });

  it('answers odd Accept-Encoding headers without an error, compressed or not', async () => {
    const expected = (await get(productList)).json();
    const decode = (encoding: unknown, body: Buffer) =>
      encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
    for (const acceptEncoding of [
      '*',
      'x-gzip',
      'br;q=abc, gzip;q=2',
      ';;;,,,q=',
      'identity;q=0',
      '*;q=0',
      'compress, zstd',
      'gzip'.repeat(2000),
      `br;q=0.5, ${'x'.repeat(100)};q=1`,
    ]) {
      const answer = await get(productList, acceptEncoding);
      expect(answer.statusCode, acceptEncoding).toBe(200);
      const body = decode(answer.headers['content-encoding'], answer.rawPayload);
      expect(JSON.parse(body.toString()), acceptEncoding).toEqual(expected);
    }
  });

  it('leaves small answers and HEAD answers uncompressed', async () => {
    const health = await get('/api/health', 'br');
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();

    const head = await t.app.inject({
      method: 'HEAD',
      url: productList,
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.rawPayload.length).toBe(0);
  });

  it('compresses index.html of the history fallback when the build left no compressed copy', async () => {
    const plain = await get('/dashboard');
    expect(plain.headers['content-type']).toContain('text/html');
    for (const [acceptEncoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const page = await get('/dashboard', acceptEncoding);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe(acceptEncoding);
      expect(page.headers.vary).toContain('accept-encoding');
      expect(decode(page.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('sends invoice PDFs and ticket images as they are', async () => {
    const invoiceId = await createInvoice(t, owner.id, { cents: 2000, dueInDays: 3 });
    const pdf = await get(`/api/invoices/${invoiceId}/pdf`, 'br, gzip', bearer(token));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.length).toBeGreaterThan(1024);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Larger than the threshold, and padded with bytes any compressor would shrink.
    const picture = Buffer.concat([sampleImages.png, Buffer.alloc(8192, 'a')]);
    const image = await get(await openTicketWithImage(t, token, picture), 'br, gzip', bearer(token));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(picture)).toBe(true);
  });

  it('streams events uncompressed, each one as it comes', async () => {
    // fetch asks for gzip, deflate and brotli; a compressor would hold the small events back.
    const stream = await openEventStream(t.app, token);
    try {
      expect(stream.response.headers.get('content-encoding')).toBeNull();
      await stream.readUntil('event: ready');
      for (const mark of [1, 2, 3]) {
        await t.app.ctx.events.publish(owner.id, EventName.emailVerified, { mark });
        await stream.readUntil(`{"mark":${mark}}`);
      }
    } finally {
      stream.close();
    }
  });
});
