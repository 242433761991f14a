import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { apiToken } from './owner-api.ts';
import { pngChunk } from '../../../apps/api/test/support/corpora/png-chunk.ts';

/** The demo operator (README): staff answers go through the operator API as this account. */
export const staff = { email: 'staff@example.com', password: 'staff-password' };

/** A staff answer to ticket `tid` through `POST operator/support/{tid}/reply`. */
export async function staffReply(request: APIRequestContext, tid: string, message: string) {
  const token = await apiToken(request, staff.email, staff.password);
  const response = await request.post(`/api/operator/support/${tid}/reply`, {
    headers: { authorization: `Bearer ${token}` },
    data: { message },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Opens a ticket through `PUT support` as the holder of `token`; returns its tid. */
export async function openTicket(
  request: APIRequestContext,
  token: string,
  ticket: { subject: string; message: string; deptid?: number },
): Promise<string> {
  const response = await request.put('/api/support', {
    headers: { authorization: `Bearer ${token}` },
    data: { deptid: ticket.deptid ?? 1, subject: ticket.subject, message: ticket.message, priority: 'Low' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { tid: string }).tid;
}

interface TicketListBody {
  tickets: { tickets: { ticket: { tid: string; subject: string; deptid: number; priority: string }[] } };
}

/** The tickets of the holder of `token` (`GET support`). */
export async function ticketsOf(request: APIRequestContext, token: string) {
  const response = await request.get('/api/support', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as TicketListBody).tickets.tickets.ticket;
}

/** A real PNG picture of `size`×`size` pixels in one colour, as the file picker hands it over. */
export function pngFile(name: string, size = 24, rgb: [number, number, number] = [30, 107, 48]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** Picks `files` through the 'Attach Images' button of `scope`, as a user does. */
export async function attachImages(page: Page, scope: Locator, files: ReturnType<typeof pngFile>[]) {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: 'Attach Images' }).click();
  await (await chooser).setFiles(files);
}

/** The messages of the thread on the page, oldest first. */
export const threadMessages = (page: Page) =>
  page.getByRole('list', { name: 'Messages' }).getByRole('article');

/** The reply form under the thread. */
export const replyForm = (page: Page) => page.getByRole('region', { name: 'Reply' });

/** The status tag in the ticket's header. */
export const ticketStatus = (page: Page, status: string) =>
  page.getByRole('main').getByText(status, { exact: true }).first();

/** The thumbnail `alt` has loaded from its blob address (the bearer-token fetch worked). */
export async function expectImageShown(image: Locator) {
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
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
