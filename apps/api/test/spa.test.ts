import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

const webPublic = path.join(import.meta.dirname, '../../web/public');

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'rackdesk-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Rackdesk</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The build writes brotli and gzip copies beside each file (vite-plugin-compression2).
    for (const file of ['index.html', path.join('assets', 'index-abc123.js')]) {
      const source = path.join(dist, file);
      const text = readFileSync(source);
      writeFileSync(`${source}.br`, brotliCompressSync(text));
      writeFileSync(`${source}.gz`, gzipSync(text));
    }
    // The build copies the web app's public folder as it is.
    copyFileSync(path.join(webPublic, 'robots.txt'), path.join(dist, 'robots.txt'));
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers any client route with index.html (history fallback), never cached', async () => {
    for (const url of ['/', '/dashboard', '/services/dedicated/12', '/no/such/page?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the brotli or gzip copy the browser accepts, and the file itself to others', async () => {
    for (const url of ['/assets/index-abc123.js', '/dashboard']) {
      const br = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toContain('accept-encoding');
      const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      const expected = url === '/dashboard' ? '<div id="root">' : 'console.log(1)';
      expect(plain.body).toContain(expected);
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain(expected);
      expect(gunzipSync(gzip.rawPayload).toString()).toContain(expected);
    }
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with a 404, not with index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
    expect(response.body).not.toContain('<div id="root">');
  });

  it('serves robots.txt from the web app: pages may be fetched (each shows a visitor only the sign-in form), the API not', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const rules = response.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(rules).toEqual(['User-agent: *', 'Disallow: /api/']);
  });

  it('leaves the files it serves out of the API document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    const post = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
  });
});
