import { xssPayloads } from '../../apps/api/test/support/corpora/xss.ts';
import { type Account, signInWithToken } from './support/accounts.ts';
import { demo } from './support/env.ts';
import { verifiedAccount } from './support/order.ts';
import { apiToken, ownerHeaders, serviceIdByDomain } from './support/owner-api.ts';
import { watchForScriptInjection } from './support/script-injection-watch.ts';
import { subAccountFields } from './support/sub-account.ts';
import { openTicket, staffReply } from './support/tickets.ts';
import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test.ts';

/**
 * The XSS corpus (issue 19 §5, apps/api/test/support/corpora/xss.ts) in every text a user sets
 * that another page shows, shown in Chromium: ticket subjects and messages, API token
 * descriptions, sub-account names and a dedicated server's nickname (hostnames refuse every
 * payload, as the API tests prove). The texts are stored through the API, many payloads to a
 * text, so that a few pages show them all; on each page every payload shows as written and
 * nothing runs: no dialog, no `window.__xss`, no request to another host, no runnable markup, and
 * (the test fixture) no Content-Security-Policy violation.
 *
 * Tickets, tokens and sub-accounts belong to a fresh owner; the nickname is the demo owner's
 * custom server's, given back when the journey ends.
 */

test.describe.configure({ mode: 'serial' });

/** The corpus packed into texts of at most `max` characters, payloads apart by a space. */
function packed(max: number): string[] {
  const texts: string[] = [];
  for (const payload of xssPayloads) {
    const last = texts.at(-1);
    if (last !== undefined && last.length + 1 + payload.length <= max)
      texts[texts.length - 1] = `${last} ${payload}`;
    else texts.push(payload);
  }
  return texts;
}

/** The subject, description and nickname fields take 255 characters. */
const TEXT_MAX = 255;

let owner: Account;

/** What a list shows of each subject: the link's text, and its title. */
function linkTexts(links: Locator) {
  return links.evaluateAll((elements) =>
    elements.map((element) => ({
      text: element.textContent ?? '',
      title: element.getAttribute('title') ?? '',
    })),
  );
}

/** Each link names a whole subject in its title and shows it, or its start and an ellipsis. */
function expectCutSubjects(links: { text: string; title: string }[], subjects: string[]) {
  for (const { text, title } of links) {
    expect(subjects).toContain(title);
    if (text !== title) {
      expect(text.endsWith('...'), text).toBe(true);
      expect(title.startsWith(text.slice(0, -3)), text).toBe(true);
    }
  }
}

async function as(request: APIRequestContext, account: Account) {
  return { authorization: `Bearer ${await apiToken(request, account.email, account.password)}` };
}

/** Shows every row of the page's table. */
async function showAllRows(page: Page) {
  await page.getByLabel('Items per page').selectOption('100');
}

test.beforeAll(async ({ request }) => {
  owner = await verifiedAccount(request, 'xss');
});

test('ticket subjects and messages show as text in the list and on every ticket page', async ({
  page,
  request,
}) => {
  const watch = watchForScriptInjection(page);
  const token = await apiToken(request, owner.email, owner.password);
  const subjects = packed(TEXT_MAX);
  const tickets: { tid: string; subject: string }[] = [];
  for (const subject of subjects) {
    const message = xssPayloads.filter((payload) => subject.includes(payload)).join('\n');
    tickets.push({ tid: await openTicket(request, token, { subject, message }), subject });
  }
  // One staff answer carries the whole corpus, one payload a line.
  await staffReply(request, tickets[0]!.tid, xssPayloads.join('\n'));
  console.log(
    `XSS journey: ${xssPayloads.length} payloads in ${tickets.length} ticket subjects and messages`,
  );

  await signInWithToken(page, owner.email, owner.password);
  // The dashboard's recent tickets and the ticket list cut subjects, and give the whole one as a title.
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Tickets' }).locator('a[title]');
  await expect(recent.first()).toBeVisible();
  expectCutSubjects(await linkTexts(recent), subjects);
  await watch.expectNothingRan('dashboard');

  await page.goto('/support');
  await showAllRows(page);
  const links = page.getByRole('table', { name: 'Support tickets' }).getByRole('link');
  await expect(links).toHaveCount(tickets.length);
  const listed = await linkTexts(links);
  expectCutSubjects(listed, subjects);
  expect(listed.map((link) => link.title).sort()).toEqual([...subjects].sort());
  await watch.expectNothingRan('ticket list');

  for (const [index, { tid, subject }] of tickets.entries()) {
    await page.goto(`/support/${tid}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);
    const shown = await page.getByRole('main').innerText();
    const expected = index === 0 ? xssPayloads : xssPayloads.filter((payload) => subject.includes(payload));
    expect(expected.filter((payload) => !shown.includes(payload))).toEqual([]);
    await watch.expectNothingRan(`ticket ${tid}`);
  }
});

test('API token descriptions show as text on the tokens tab', async ({ page, request }) => {
  const watch = watchForScriptInjection(page);
  const headers = await as(request, owner);
  const descriptions = packed(TEXT_MAX);
  for (const description of descriptions) {
    const created = await request.post('/api/api-tokens', { headers, data: { description, scope: 'read' } });
    expect(created.status(), await created.text()).toBe(201);
  }
  console.log(`XSS journey: ${xssPayloads.length} payloads in ${descriptions.length} token descriptions`);

  await signInWithToken(page, owner.email, owner.password);
  await page.goto('/account/api-tokens');
  await showAllRows(page);
  const table = page.getByRole('table', { name: 'API tokens' });
  await expect(table.getByRole('row')).toHaveCount(descriptions.length + 1);
  const shown = await table.innerText();
  expect(descriptions.filter((description) => !shown.includes(description))).toEqual([]);
  await watch.expectNothingRan('API tokens tab');
});

test('sub-account names show as text on the sub-accounts tab', async ({ page, request }) => {
  const watch = watchForScriptInjection(page);
  const headers = await as(request, owner);
  // A payload as the first name and the next as the last: the list shows both.
  const names: string[] = [];
  for (let index = 0; index < xssPayloads.length; index += 2) {
    const [firstname, lastname = 'Last'] = xssPayloads.slice(index, index + 2);
    const email = `xss-${index}-${owner.email}`;
    const created = await request.post('/api/sub-accounts', {
      headers,
      data: { ...subAccountFields(email, {}, { firstname, lastname }), password: 'sub-account-password-1' },
    });
    expect(created.status(), await created.text()).toBe(201);
    names.push(firstname!, lastname);
  }
  console.log(`XSS journey: ${xssPayloads.length} payloads in ${names.length / 2} sub-accounts' names`);

  await signInWithToken(page, owner.email, owner.password);
  await page.goto('/account/sub-accounts');
  await showAllRows(page);
  const table = page.getByRole('table', { name: 'Sub-accounts' });
  await expect(table.getByRole('row')).toHaveCount(names.length / 2 + 1);
  const shown = await table.innerText();
  expect(xssPayloads.filter((payload) => !shown.includes(payload))).toEqual([]);
  await watch.expectNothingRan('sub-accounts tab');
});

test("a dedicated server's nickname shows as text in its page's header", async ({ page, request }) => {
  const watch = watchForScriptInjection(page);
  const id = await serviceIdByDomain(request, 'ny-dedi-custom.demo.example');
  const headers = await ownerHeaders(request);
  const read = await request.get(`/api/services/dedicated/${id}`, { headers });
  const original = ((await read.json()) as { server: { nickname: string } }).server.nickname;
  const nicknames = packed(TEXT_MAX);
  console.log(`XSS journey: ${xssPayloads.length} payloads in ${nicknames.length} nicknames`);

  await signInWithToken(page, demo.email, demo.password);
  try {
    for (const nickname of nicknames) {
      const set = await request.patch(`/api/services/dedicated/${id}`, {
        headers,
        data: { hostname: nickname },
      });
      expect(set.status(), await set.text()).toBe(200);
      await page.goto(`/services/dedicated/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(nickname);
      await watch.expectNothingRan(`dedicated server page, nickname ${nicknames.indexOf(nickname) + 1}`);
    }
  } finally {
    const restored = await request.patch(`/api/services/dedicated/${id}`, {
      headers,
      data: { hostname: original },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
