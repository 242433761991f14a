import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('HTTP headers of the API and its document', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t);
    token = await loginToken(t.app, user.email, user.password);
  });
  afterAll(() => t.close());

  it('keeps every API answer out of caches: signed-in reads, sign-in answers and refusals', async () => {
    const user = await createUser(t);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) }),
      await t.app.inject({ method: 'GET', url: '/api/services', headers: bearer(token) }),
      // Public, yet it hands out a session token.
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password2: user.password },
      }),
      await t.app.inject({ method: 'GET', url: '/api/user' }),
      await t.app.inject({ method: 'GET', url: '/api/services/abc', headers: bearer(token) }),
      await t.app.inject({ method: 'GET', url: '/api/news' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401, 422, 200]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('forbids framing with X-Frame-Options as well as the CSP', async () => {
    for (const url of ['/api/health', '/api/docs']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('serves the API document UI under the same strict CSP as the pages, without inline scripts', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const pagesCsp = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers[
      'content-security-policy'
    ];
    expect(page.headers['content-security-policy']).toBe(pagesCsp);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");

    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/api\/docs\/static\/[\w.-]+\.js"/);
      expect(body!.trim()).toBe('');
    }
    const initializer = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.headers['content-type']).toContain('javascript');
  });
});

describe('the per-address limit on API calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 with an error body, Retry-After and no-store, as the API document says', async () => {
    const call = () => t.app.inject({ method: 'GET', url: '/api/news' });
    await call();
    await call();
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['cache-control']).toBe('no-store');
  });
});

describe('the CSP of an installation that takes PayPal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PAYPAL_BUSINESS_EMAIL: 'billing@example.com',
      PAYPAL_URL: 'http://127.0.0.1:8190/',
    });
  });
  afterAll(() => t.close());

  it('lets the pages post the checkout form to PayPal, and to nowhere else', async () => {
    const csp = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers[
      'content-security-policy'
    ];
    expect(csp).toContain("form-action 'self' http://127.0.0.1:8190;");
  });
});
