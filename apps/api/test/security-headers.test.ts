import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExtraSources,
  PERMISSIONS_POLICY,
  securityHeaderOptions,
} from '../src/http/security-headers.ts';
import { seedCatalog } from '../src/seed/catalog.ts';
import { gatewayFormTargets } from '../src/modules/billing/gateways/gateway-registry.ts';
import { stripeBrowserSources } from '../src/modules/billing/stripe/stripe-gateway.ts';
import { openEventStream } from './support/event-stream.ts';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { sampleImages } from './support/images.ts';
import { createInvoice } from './support/invoices.ts';
import { openTicketWithImage } from './support/tickets.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** What helmet writes on a real response for each request, the way the headers used to be made. */
function perRequestHeaders(extra: ExtraSources): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(securityHeaderOptions(extra))(response.req, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/**
 * The security headers are worked out once at start; every kind of answer still carries each of
 * them with the value helmet gives when it runs per request.
 */
describe('security headers worked out once', () => {
  let t: TestApp;
  let dist: string;
  let token: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let expected: Record<string, string>;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'rackdesk-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Rackdesk</title><div id="root"></div>',
    );
    t = await createTestApp({ WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '1000' });
    // The departments a ticket with an image is opened in.
    await seedCatalog(t.database.db);
    owner = await createUser(t);
    token = await loginToken(t.app, owner.email, owner.password);
    const { payments } = t.app.ctx.config;
    expected = {
      ...perRequestHeaders({ ...stripeBrowserSources(payments.stripe), form: gatewayFormTargets(payments) }),
      'permissions-policy': PERMISSIONS_POLICY,
    };
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const expectSecurityHeaders = (headers: Record<string, unknown>, what: string) => {
    for (const [name, value] of Object.entries(expected))
      expect(headers[name], `${what}: ${name}`).toBe(value);
  };

  it("are helmet's set, HSTS aside, and a Permissions-Policy", () => {
    expect(Object.keys(expected).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'permissions-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]);
  });

  it('on JSON, HTML, errors and PDFs', async () => {
    const invoiceId = await createInvoice(t, owner.id, { cents: 2000, dueInDays: 3 });
    const answers: [string, string, Record<string, string>, number][] = [
      ['JSON, public', '/api/health', {}, 200],
      ['JSON, signed in', '/api/user', bearer(token), 200],
      ['JSON, compressed', '/api/services', { ...bearer(token), 'accept-encoding': 'br' }, 200],
      ['refusal', '/api/user', {}, 401],
      ['invalid input', '/api/services/abc', bearer(token), 422],
      ['unknown API route', '/api/nowhere', {}, 404],
      ['page of the SPA', '/dashboard', {}, 200],
      ['API document page', '/api/docs', {}, 200],
      ['PDF', `/api/invoices/${invoiceId}/pdf`, bearer(token), 200],
    ];
    for (const [what, url, headers, status] of answers) {
      const answer = await t.app.inject({ method: 'GET', url, headers });
      expect(answer.statusCode, what).toBe(status);
      expectSecurityHeaders(answer.headers, what);
    }
  });

  it('on images', async () => {
    const imagePath = await openTicketWithImage(t, token, sampleImages.png);
    const image = await t.app.inject({ method: 'GET', url: imagePath, headers: bearer(token) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // An uploaded file keeps the stricter policy of its own route over the pages' one.
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expectSecurityHeaders(
      { ...image.headers, 'content-security-policy': expected['content-security-policy'] },
      'image',
    );
  });

  it('on the event stream, over real HTTP', async () => {
    const stream = await openEventStream(t.app, token);
    try {
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      expectSecurityHeaders(Object.fromEntries(stream.response.headers), 'event stream');
    } finally {
      stream.close();
    }
  });
});

describe('transport and origin headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The proxy in front ends TLS and says so in X-Forwarded-Proto.
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('sends HSTS on answers served over HTTPS only', async () => {
    const overHttps = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const overHttp = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(overHttp.statusCode).toBe(200);
    expect(overHttp.headers).not.toHaveProperty('strict-transport-security');
  });

  it('turns off the browser features no page uses', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(answer.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'usb'])
      expect(policy).toContain(`${feature}=()`);
  });

  it('grants no foreign origin a cross-origin read, preflighted or simple', async () => {
    const origin = 'https://attacker.example';
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    const simple = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
    for (const answer of [preflight, simple]) {
      const granted = Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
      expect(granted).toEqual([]);
    }
  });
});
