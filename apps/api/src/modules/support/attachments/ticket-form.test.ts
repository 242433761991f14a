import { SupportText, TICKET_IMAGE_MAX_BYTES, TICKET_IMAGE_NAME } from '@rackdesk/contract';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleImages } from '../../../../test/support/images.ts';
import { type FormPart, multipartBody } from '../../../../test/support/multipart.ts';
import { registerErrorHandler } from '../../../http/errors.ts';
import { registerMultipart } from '../../../http/multipart.ts';
import { registerStrictInput } from '../../../http/strict-input.ts';
import { readTicketForm } from './ticket-form.ts';

/** The form reader behind two routes, as the support routes use it: for customers and for guests. */
const app = Fastify({ bodyLimit: 1024 * 1024, forceCloseConnections: true });
beforeAll(async () => {
  registerErrorHandler(app);
  registerStrictInput(app);
  await registerMultipart(app);
  for (const [url, imagesAllowed] of [
    ['/form', true],
    ['/guest-form', false],
  ] as const) {
    app.post(url, { config: { multipart: true } }, async (request) => {
      const { fields, images } = await readTicketForm(request, { imagesAllowed });
      return { fields, images: images.map(({ name, contentType, size }) => ({ name, contentType, size })) };
    });
  }
  app.post('/json-only', async (request) => ({ body: request.body ?? null }));
  await app.ready();
});
afterAll(() => app.close());

const send = (parts: FormPart[], url = '/form') =>
  app.inject({ method: 'POST', url, ...multipartBody(parts) });
const image = (bytes: Uint8Array, filename = 'screenshot.png', name = 'images[]'): FormPart => ({
  name,
  filename,
  contentType: 'image/png',
  bytes,
});

describe('readTicketForm', () => {
  it('gives a JSON body as its fields, with no images', async () => {
    const response = await app.inject({ method: 'POST', url: '/form', payload: { message: 'Hello' } });
    expect(response.json()).toEqual({ fields: { message: 'Hello' }, images: [] });
  });

  it('gives text parts as strings and each image under a generated name of its detected type', async () => {
    const response = await send([
      { name: 'deptid', value: '2' },
      { name: 'message', value: 'Line one\r\nLine two' },
      image(sampleImages.png, 'a.png'),
      image(sampleImages.jpeg, 'photo.png'),
      image(sampleImages.gif, 'anim.gif', 'images'),
      image(sampleImages.webp, '../../etc/passwd.png'),
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.fields).toEqual({ deptid: '2', message: 'Line one\r\nLine two' });
    expect(body.images.map((i: { contentType: string }) => i.contentType)).toEqual([
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
    ]);
    for (const { name } of body.images) expect(name).toMatch(TICKET_IMAGE_NAME);
    expect(body.images[0].size).toBe(sampleImages.png.length);
  });

  it("skips the empty file part a browser sends when no file was picked, also a guest's", async () => {
    const empty = image(Buffer.alloc(0), '');
    for (const url of ['/form', '/guest-form']) {
      const response = await send([{ name: 'message', value: 'Hi' }, empty], url);
      expect(response.json()).toEqual({ fields: { message: 'Hi' }, images: [] });
    }
  });

  it('takes five images and a browser’s empty part, and refuses a sixth image', async () => {
    const five = Array.from({ length: 5 }, () => image(sampleImages.png));
    expect((await send([...five, image(Buffer.alloc(0), '')])).json().images).toHaveLength(5);
    const six = await send([...five, image(sampleImages.png)]);
    expect(six.statusCode).toBe(422);
    expect(six.json()).toEqual({
      message: SupportText.tooManyImages,
      errors: { images: [SupportText.tooManyImages] },
    });
    const seven = await send([...five, image(sampleImages.png), image(sampleImages.png)]);
    expect(seven.statusCode).toBe(422);
    expect(seven.json().message).toBe(SupportText.tooManyImages);
  });

  it('refuses an image over 5 MB, and takes one of exactly 5 MB', async () => {
    const padded = (size: number) =>
      Buffer.concat([sampleImages.png, Buffer.alloc(size - sampleImages.png.length)]);
    const exact = await send([image(padded(TICKET_IMAGE_MAX_BYTES))]);
    expect(exact.statusCode).toBe(200);
    const over = await send([image(padded(TICKET_IMAGE_MAX_BYTES + 1))]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      message: SupportText.imageTooLarge,
      errors: { images: [SupportText.imageTooLarge] },
    });
  });

  it('refuses a file from a guest', async () => {
    const response = await send([{ name: 'message', value: 'Hi' }, image(sampleImages.png)], '/guest-form');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(SupportText.guestsCannotAttach);
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['an HTML page named .png', Buffer.from('<html><script>alert(1)</script></html>')],
    ['an empty file with a name', Buffer.alloc(0)],
  ])('refuses %s as no image', async (_label, bytes) => {
    const response = await send([image(bytes, 'x.png')]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: SupportText.notAnImage,
      errors: { images: [SupportText.notAnImage] },
    });
  });

  it('refuses a file in another field, a text in the image field, a field sent twice', async () => {
    const other = await send([image(sampleImages.png, 'a.png', 'message')]);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toHaveProperty('message');
    const textAsImage = await send([{ name: 'images[]', value: 'not a file' }]);
    expect(textAsImage.statusCode).toBe(422);
    const twice = await send([
      { name: 'message', value: 'one' },
      { name: 'message', value: 'two' },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toHaveProperty('message');
  });

  it('refuses control characters in a value or a field name, and over-long fields', async () => {
    const nul = await send([{ name: 'message', value: 'a\u0000b' }]);
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ message: ['The text may not contain control characters.'] });
    expect((await send([{ name: 'mess\u0001age', value: 'x' }])).statusCode).toBe(422);
    const long = await send([{ name: 'message', value: 'x'.repeat(200_000) }]);
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe(SupportText.messageTooLong);
    const manyFields = await send(Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'x' })));
    expect(manyFields.statusCode).toBe(413);
  });

  it('takes text parts as text only, not as the JSON a part may claim to be', async () => {
    const object = await send([{ name: 'message', value: '{"a":1}', contentType: 'application/json' }]);
    expect(object.statusCode).toBe(422);
    expect(object.json().errors).toHaveProperty('message');
    const broken = await send([{ name: 'message', value: '{', contentType: 'application/json' }]);
    expect(broken.statusCode).toBe(422);
    const plain = await send([{ name: 'message', value: '{"a":1}', contentType: 'text/plain' }]);
    expect(plain.json().fields).toEqual({ message: '{"a":1}' });
  });

  it('answers 400 to a body that is not multipart as it claims', async () => {
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);
    const cut = multipartBody([image(sampleImages.png)]);
    const truncated = await app.inject({
      method: 'POST',
      url: '/form',
      headers: cut.headers,
      payload: cut.payload.subarray(0, cut.payload.length - 30),
    });
    expect(truncated.statusCode).toBe(400);
  });
});

describe('the multipart parser', () => {
  it('is refused by a route that does not take multipart, as any body other than JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/json-only',
      ...multipartBody([{ name: 'message', value: 'x' }]),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported content type. Send JSON.' });
  });
});

describe('an upload past the limit over HTTP', () => {
  it('is answered 413 long before the client has sent it all, without holding it', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const boundary = 'rackdesk-huge-upload';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images[]"; filename="huge.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const chunk = Buffer.alloc(256 * 1024, 1);
    const limitBytes = 200 * 1024 * 1024;
    let sent = 0;
    const answer = await new Promise<{ status: number; body: string; connection?: string }>(
      (resolve, reject) => {
        const client = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/form',
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          },
          (response) => {
            let body = '';
            response.on('data', (data: Buffer) => (body += data.toString()));
            response.on('end', () => {
              client.destroy();
              resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection });
            });
          },
        );
        client.on('error', reject);
        client.write(head);
        sent += head.length;
        let answered = false;
        client.on('response', () => (answered = true));
        const pump = () => {
          while (!answered && sent < limitBytes) {
            sent += chunk.length;
            if (!client.write(chunk)) return void client.once('drain', pump);
          }
          if (!answered) client.end(`\r\n--${boundary}--\r\n`);
        };
        pump();
      },
    );
    expect(answer.status).toBe(413);
    // The server closes the connection rather than read the rest of the upload to keep it.
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body).message).toBe(SupportText.imageTooLarge);
    // The answer came after about 5 MB (and what the sockets buffered), not after 200 MB.
    expect(sent).toBeLessThan(40 * 1024 * 1024);
  });
});
