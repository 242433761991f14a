import { expect, type Locator, type Page } from '@playwright/test';
import { sessionToken } from './accounts.ts';

/** Opens a ticket through the API with the browser's session (a fresh account's first tickets). */
export async function openTicketByApi(
  page: Page,
  ticket: { subject: string; message?: string; deptid?: number },
): Promise<string> {
  const response = await page.request.put('/api/support', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
    data: { deptid: ticket.deptid ?? 1, subject: ticket.subject, message: ticket.message ?? 'Hello.' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { tid: string }).tid;
}

/** The account's tickets as the API lists them, with the browser's session. */
export async function listTicketsByApi(page: Page) {
  const response = await page.request.get('/api/support', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as {
    tickets: { tickets: { ticket: { tid: string; subject: string; deptid: number; priority: string }[] } };
  };
  return body.tickets.tickets.ticket;
}

/**
 * The hue family of an element's background: the status tags must read green, yellow and red
 * (portal spec §4) whatever shade the theme gives them.
 */
export async function backgroundHue(element: Locator): Promise<'red' | 'yellow' | 'green' | 'other'> {
  // The text sits in a label inside the tag: the colour is that of the nearest painted box.
  const rgb = await element.evaluate((node) => {
    for (let box: Element | null = node; box; box = box.parentElement) {
      const colour = getComputedStyle(box).backgroundColor;
      if (colour !== 'transparent' && !/^rgba\(.*, 0\)$/.test(colour)) return colour;
    }
    return '';
  });
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 30) return 'other';
  let hue: number;
  if (max === r) hue = (60 * (g - b)) / (max - min);
  else if (max === g) hue = 60 * (2 + (b - r) / (max - min));
  else hue = 60 * (4 + (r - g) / (max - min));
  hue = (hue + 360) % 360;
  if (hue < 20 || hue >= 340) return 'red';
  if (hue >= 35 && hue < 70) return 'yellow';
  if (hue >= 90 && hue < 160) return 'green';
  return 'other';
}
