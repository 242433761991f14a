import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

/** Issue 18 §2: the targets of each Lighthouse category (mobile preset), as scores out of 100. */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 90 };
const CATEGORIES = Object.keys(LIGHTHOUSE_TARGETS) as (keyof typeof LIGHTHOUSE_TARGETS)[];
const METRICS = [
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['FCP', 'first-contentful-paint'],
] as const;

/**
 * Audits /login (a first visit) and /dashboard (signed in as the demo owner) with Lighthouse's
 * default mobile preset in Debian's Chromium (`CHROME_PATH`), and prints the four category scores
 * against the targets and LCP, TBT and FCP. The web app keeps its session in a `token` cookie that
 * its JavaScript reads, so the cookie is set in the browser before the second audit, and that
 * audit keeps the browser's storage.
 */
export async function measureLighthouse(baseUrl: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    const audit = async (path: string, keepStorage: boolean) => {
      const result = await lighthouse(
        `${baseUrl}${path}`,
        { output: 'json', logLevel: 'error', disableStorageReset: keepStorage },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
      const scores = CATEGORIES.map((name) => {
        const score = Math.round((categories[name]?.score ?? 0) * 100);
        const mark = score >= LIGHTHOUSE_TARGETS[name] ? '' : ` (target ${LIGHTHOUSE_TARGETS[name]})`;
        return `${name} ${score}${mark}`;
      });
      const metrics = METRICS.map(
        ([label, id]) => `${label} ${Math.round(audits[id]?.numericValue ?? 0)} ms`,
      );
      console.log(`  ${path.padEnd(11)} ${scores.join(', ')}; ${metrics.join(', ')}`);
      const failing = Object.values(audits)
        .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
        .map((item) => item.id);
      if (failing.length > 0) console.log(`  ${''.padEnd(11)} failed audits: ${failing.join(', ')}`);
    };

    await audit('/login', false);
    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password2: 'demo-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    await page.setCookie({ name: 'token', value: token, url: baseUrl, sameSite: 'Strict' });
    await audit('/dashboard', true);
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}
