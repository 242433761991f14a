import { expect, type Page } from '@playwright/test';
import { XSS_MARKER } from '../../../apps/api/test/support/corpora/xss.ts';

/** The host of the panel under test (playwright.config.ts's baseURL). */
const PANEL_HOST = 'localhost';

/** Markup in the page's content that could run something, were it ever made from a user's text. */
const RUNNABLE = [
  'script',
  'iframe',
  'object',
  'embed',
  'frame',
  'base',
  'meta',
  'svg script',
  '[onerror]',
  '[onload]',
  '[onfocus]',
  '[onmouseover]',
  '[ontoggle]',
  '[srcdoc]',
  'a[href^="javascript:" i]',
  'a[href^="data:" i]',
]
  .map((selector) => `main ${selector}`)
  .join(', ');

/**
 * Watches a page for any sign that an injected script ran: a dialog opened (every corpus payload
 * alerts), the marker the payloads set on `window`, a request to any host but the panel's (the
 * payloads that load something load it from the attacker's host), or markup that can run
 * (script, frames, inline handlers, javascript: links) in the page's main content.
 */
export function watchForScriptInjection(page: Page) {
  const dialogs: string[] = [];
  const foreignRequests: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== PANEL_HOST) {
      foreignRequests.push(request.url());
    }
  });

  return {
    /** Fails on anything that ran or loaded so far, or on runnable markup in the page shown now. */
    async expectNothingRan(where: string) {
      const marker = await page.evaluate(
        (name) => (window as unknown as Record<string, unknown>)[name],
        XSS_MARKER,
      );
      expect(marker, `${where}: window.${XSS_MARKER}`).toBeUndefined();
      await expect(page.locator(RUNNABLE), `${where}: runnable markup`).toHaveCount(0);
      expect(dialogs, `${where}: dialogs`).toEqual([]);
      expect(foreignRequests, `${where}: requests to other hosts`).toEqual([]);
    },
  };
}
