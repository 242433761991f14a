import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildDatacenter } from '../server.ts';

export interface ReceivedCallback {
  path: string;
  contentType: string;
  body: string;
}

/** A merchant's callback endpoint for the sandbox tests: records what arrives, answers `status`. */
export interface Merchant {
  url: string;
  received: ReceivedCallback[];
  status: number;
  close(): Promise<void>;
}

export async function startMerchant(): Promise<Merchant> {
  const merchant = { received: [] as ReceivedCallback[], status: 200 } as Merchant;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      merchant.received.push({
        path: request.url ?? '',
        contentType: String(request.headers['content-type'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(merchant.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  merchant.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  merchant.close = () => new Promise((resolve) => server.close(() => resolve()));
  return merchant;
}

/** A listening simulator (the SDKs and the callbacks need real HTTP), in memory. */
export async function startSandbox(): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildDatacenter({ logLevel: 'silent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** A form post the way a browser submits it, without following the redirect. */
export function submitForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** The action and hidden fields of each form of an HTML page, by its button's label. */
export function formsOf(html: string): Map<string, { action: string; fields: Record<string, string> }> {
  const forms = new Map<string, { action: string; fields: Record<string, string> }>();
  const decode = (text: string) =>
    text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
  for (const match of html.matchAll(/<form method="post" action="([^"]*)">(.*?)<\/form>/gs)) {
    const fields: Record<string, string> = {};
    for (const input of match[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
      fields[decode(input[1]!)] = decode(input[2]!);
    }
    const label = /<button[^>]*>([^<]*)<\/button>/.exec(match[2]!)?.[1] ?? '';
    forms.set(decode(label), { action: decode(match[1]!), fields });
  }
  return forms;
}

/**
 * A sandbox and a merchant endpoint for one test file: started before its tests, closed after,
 * and the merchant's inbox emptied (and its answer set back to 200) before each test.
 */
export function sandboxForFile(): { sandbox: { app: FastifyInstance; url: string }; merchant: Merchant } {
  const kit = {} as { sandbox: { app: FastifyInstance; url: string }; merchant: Merchant };
  beforeAll(async () => {
    kit.sandbox = await startSandbox();
    kit.merchant = await startMerchant();
  });
  afterAll(async () => {
    await kit.sandbox?.app.close();
    await kit.merchant?.close();
  });
  beforeEach(() => {
    kit.merchant.received.length = 0;
    kit.merchant.status = 200;
  });
  return kit;
}
