import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultCredentials } from '@rackdesk/datacenter';
import { TICKET_IMAGE_NAME, type TicketDetail } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { bearer, createUser, loginToken } from '../support/fixtures.ts';
import { sampleImages } from '../support/images.ts';
import { multipartBody } from '../support/multipart.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * With ATTACHMENTS_S3_* set, ticket images go to the bucket (here the simulator's S3, which
 * checks every signature) and nothing to DATA_DIR: uploaded with a ticket, read back, and kept
 * under the ticket's key.
 */
describe('ticket images in an S3 bucket', () => {
  let simulator: TestSimulator;
  let t: TestApp;
  let token: string;
  const { accessKeyId, secretAccessKey, buckets } = defaultCredentials.s3;

  beforeAll(async () => {
    simulator = await startSimulator();
    t = await createTestApp({
      ATTACHMENTS_S3_URL: `${simulator.url}/s3`,
      ATTACHMENTS_S3_BUCKET: buckets[0]!,
      ATTACHMENTS_S3_ACCESS_KEY_ID: accessKeyId,
      ATTACHMENTS_S3_SECRET_ACCESS_KEY: secretAccessKey,
      ATTACHMENTS_S3_REGION: 'eu-central-1',
    });
    await seedCatalog(t.database.db);
    const user = await createUser(t);
    token = await loginToken(t.app, user.email, user.password);
  });
  afterAll(async () => {
    await t?.close();
    await simulator?.close();
  });

  it('stores the images of a new ticket and a reply in the bucket and serves them from there', async () => {
    const form = multipartBody([
      { name: 'deptid', value: '1' },
      { name: 'subject', value: 'Screenshots' },
      { name: 'message', value: 'Two pictures.' },
      { name: 'images[]', filename: 'a.png', contentType: 'image/png', bytes: sampleImages.png },
      { name: 'images[]', filename: 'b.webp', contentType: 'image/webp', bytes: sampleImages.webp },
    ]);
    const opened = await t.app.inject({
      method: 'PUT',
      url: '/api/support',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expect(opened.statusCode).toBe(200);
    const { tid } = opened.json();
    const reply = multipartBody([
      { name: 'message', value: 'One more.' },
      { name: 'images[]', filename: 'c.jpg', contentType: 'image/jpeg', bytes: sampleImages.jpeg },
    ]);
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/support/${tid}`,
      headers: { ...bearer(token), ...reply.headers },
      payload: reply.payload,
    });
    expect(replied.statusCode).toBe(200);

    const detail: TicketDetail = (
      await t.app.inject({ method: 'GET', url: `/api/support/${tid}`, headers: bearer(token) })
    ).json();
    const uploads = [sampleImages.png, sampleImages.webp, sampleImages.jpeg];
    const served = detail.replies.reply.flatMap((r) =>
      r.attachment.split('|').map((name) => ({ replyid: r.replyid, name })),
    );
    expect(served).toHaveLength(3);
    const state = (await simulator.control('GET', '/state')) as {
      s3: { objects: Record<string, { contentType: string; body: string }> };
    };
    for (const [index, { replyid, name }] of served.entries()) {
      expect(name).toMatch(TICKET_IMAGE_NAME);
      const object = state.s3.objects[`${buckets[0]}/tickets/${detail.id}/${name}`];
      expect(Buffer.from(object!.body, 'base64').equals(uploads[index]!)).toBe(true);
      const image = await t.app.inject({
        method: 'GET',
        url: `/api/support/${tid}/reply/${replyid}/image/${name}`,
        headers: bearer(token),
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(object!.contentType);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(uploads[index]!)).toBe(true);
    }
    expect(existsSync(path.join(t.dataDir, 'attachments'))).toBe(false);
  });

  it('answers 502 when the bucket fails, and keeps neither the ticket nor any image', async () => {
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/support', headers: bearer(token) })).json().tickets
        .totalresults as number;
    const before = await list();
    const objectsBefore = Object.keys(
      ((await simulator.control('GET', '/state')) as { s3: { objects: object } }).s3.objects,
    );
    const form = multipartBody([
      { name: 'deptid', value: '1' },
      { name: 'subject', value: 'Bucket down' },
      { name: 'message', value: 'Two pictures.' },
      { name: 'images[]', filename: 'a.png', bytes: sampleImages.png },
      { name: 'images[]', filename: 'b.gif', bytes: sampleImages.gif },
    ]);
    // The second image's upload fails (every retry of it): the first one must not stay behind.
    await simulator.control('POST', '/faults', {
      upstream: 's3',
      method: 'PUT',
      pathContains: '.gif',
      mode: 'error',
      status: 503,
      count: 10,
    });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/support',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    await simulator.control('DELETE', '/faults');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      message: 'The image store is not available. Please try again in a few minutes.',
      error: 'upstream_error',
    });
    expect(await list()).toBe(before);
    const objectsAfter = Object.keys(
      ((await simulator.control('GET', '/state')) as { s3: { objects: object } }).s3.objects,
    );
    expect(objectsAfter).toEqual(objectsBefore);
  });
});
