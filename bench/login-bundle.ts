import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { BenchServer } from './server.ts';

/** Budget of the issue: the JavaScript /login loads, gzip-compressed, at most 100 KB. */
export const LOGIN_JS_BUDGET_KB = 100;

/**
 * Opens /login in Chromium and adds up the gzip size of every script it loads, the lazily loaded
 * route chunk included, as a visitor's browser would fetch them.
 */
export async function measureLoginJavaScript(server: BenchServer) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const scripts: { url: string; rawBytes: number; gzipBytes: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          scripts.push({
            url: new URL(response.url()).pathname,
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          });
        }),
      );
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel(/email/i).first().waitFor();
    await Promise.all(pending);
    const totalGzipKb = scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024;
    return { scripts, totalGzipKb };
  } finally {
    await browser.close();
  }
}
