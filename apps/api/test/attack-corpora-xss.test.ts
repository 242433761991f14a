import { API_TOKEN_LIMIT } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoProduct } from '../src/seed/catalog.ts';
import { XSS_PAYLOAD_MAX_LENGTH, xssCorpus, xssPayloads } from './support/corpora/xss.ts';
import { createDedicatedService, resetServer } from './support/dedicated-servers.ts';
import { bearer, createService, subAccountBody } from './support/fixtures.ts';
import { createOrderTestApp, orderingOwner, placeOrder, vpsOrder } from './support/orders.ts';
import { addVirtualizorVps, type TestSimulator } from './support/simulator.ts';
import type { TestApp } from './support/test-app.ts';
import { createVps2Service } from './support/vps2-servers.ts';

/**
 * The XSS corpus (issue 19 §5) through every text a user sets that another page shows, besides
 * ticket subjects and messages (tickets/ticket-xss.test.ts): each payload is stored and answered
 * byte for byte as a JSON string, never rewritten, stripped or escaped into HTML, or refused
 * whole where the field allows only a hostname. Showing them inert is the pages' job; the
 * attack-corpora journey checks that in Chromium.
 */

let close: () => Promise<void>;
let t: TestApp;
let sim: TestSimulator;
let token: string;
let ids: { dedicated: number; vps: number; vps2: number };

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  // A corpus through every field is more calls a minute than the per-address guard lets through.
  ({ t, sim, close } = await createOrderTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }));
  const owner = await orderingOwner(t);
  token = owner.token;
  await resetServer(sim, 21);
  await addVirtualizorVps(sim, 7400);
  ids = {
    dedicated: (await createDedicatedService(t, owner.user.id, 21)).id,
    vps: (
      await createService(t, owner.user.id, {
        productId: DemoProduct.ddosVps2G,
        provider: 'virtualizor',
        upstreamId: '7400',
      })
    ).id,
    vps2: (await createVps2Service(t, sim, owner.user.id, 7401)).id,
  };
});
afterAll(() => close?.());

describe('XSS corpus', () => {
  it('holds at least 100 different payloads, each one line that fits every field', () => {
    const families = new Map<string, number>();
    for (const { family } of xssCorpus) families.set(family, (families.get(family) ?? 0) + 1);
    console.log(
      `XSS corpus: ${xssPayloads.length} payloads (${[...families].map(([f, n]) => `${f} ${n}`).join(', ')})`,
    );
    expect(xssPayloads.length).toBeGreaterThanOrEqual(100);
    expect(new Set(xssPayloads).size).toBe(xssPayloads.length);
    for (const payload of xssPayloads) {
      expect(payload.length, payload).toBeLessThanOrEqual(XSS_PAYLOAD_MAX_LENGTH);
      expect(payload.trim(), payload).toBe(payload);
      expect(payload, payload).not.toMatch(/\p{Cc}/u);
    }
  });

  it('a dedicated server keeps each payload as its nickname, as written', async () => {
    const kept: string[] = [];
    for (const payload of xssPayloads) {
      const set = await call('PATCH', `/services/dedicated/${ids.dedicated}`, { hostname: payload });
      expect(set.statusCode, payload).toBe(200);
      expect(set.json().nickname).toBe(payload);
      kept.push((await call('GET', `/services/dedicated/${ids.dedicated}`)).json().server.nickname);
    }
    console.log(`XSS nicknames: ${kept.filter((k, i) => k === xssPayloads[i]).length} kept as written`);
    expect(kept).toEqual(xssPayloads);
  });

  it('hostnames of both VPS generations and of an order refuse every payload, changing nothing', async () => {
    const hostnames = async () => [
      (await call('GET', `/services/vps/${ids.vps}`)).json().vps.hostname,
      (await call('GET', `/services/vps/v2/${ids.vps2}`)).json().vps.hostname,
    ];
    const before = await hostnames();
    const order = await vpsOrder(t);
    const answers = [];
    for (const payload of xssPayloads) {
      const vps = await call('PATCH', `/services/vps/${ids.vps}/hostname`, { hostname: payload });
      const vps2 = await call('PATCH', `/services/vps/v2/${ids.vps2}/hostname`, { hostname: payload });
      const ordered = await placeOrder(t, token, { ...order, domain: payload });
      answers.push({
        payload,
        vps: [vps.statusCode, Object.keys(vps.json().errors ?? {})],
        vps2: [vps2.statusCode, Object.keys(vps2.json().errors ?? {})],
        order: [ordered.statusCode, Object.keys(ordered.json().errors ?? {})],
      });
    }
    console.log(`XSS hostnames: ${answers.length * 3} attempts, every one a 422`);
    expect(answers).toEqual(
      xssPayloads.map((payload) => ({
        payload,
        vps: [422, ['hostname']],
        vps2: [422, ['hostname']],
        order: [422, ['domain']],
      })),
    );
    expect(await hostnames()).toEqual(before);
    expect((await call('GET', '/services')).json().products.product).toHaveLength(3);
  });

  it('API tokens keep each payload as their description, as written', async () => {
    const listed: string[] = [];
    // At most API_TOKEN_LIMIT at a time: create a batch, read the list, delete them.
    for (let start = 0; start < xssPayloads.length; start += API_TOKEN_LIMIT) {
      const batch = xssPayloads.slice(start, start + API_TOKEN_LIMIT);
      for (const description of batch) {
        const created = await call('POST', '/api-tokens', { description, scope: 'read' });
        expect(created.statusCode, description).toBe(201);
        expect(created.json().api_token.description).toBe(description);
      }
      const tokens = (await call('GET', '/api-tokens')).json().tokens as {
        id: number;
        description: string;
      }[];
      listed.push(...tokens.map((t) => t.description).reverse());
      for (const { id } of tokens) expect((await call('DELETE', `/api-tokens/${id}`)).statusCode).toBe(200);
    }
    console.log(`XSS token descriptions: ${listed.length} listed as written`);
    expect([...listed].sort()).toEqual([...xssPayloads].sort());
  });

  it('sub-accounts keep each payload as their first, last and company name, as written', async () => {
    const emails: string[] = [];
    for (const payload of xssPayloads) {
      const body = subAccountBody({ firstname: payload, lastname: payload, companyname: payload });
      const created = await call('POST', '/sub-accounts', body);
      expect(created.statusCode, `${payload}: ${created.body}`).toBe(201);
      emails.push(body.email);
    }
    const listed = (await call('GET', '/sub-accounts')).json().sub_accounts as {
      email: string;
      firstname: string;
      lastname: string;
      companyname: string;
    }[];
    const names = emails.map((email) => {
      const found = listed.find((account) => account.email === email);
      return found && [found.firstname, found.lastname, found.companyname];
    });
    console.log(`XSS sub-account names: ${names.filter(Boolean).length} sub-accounts listed`);
    expect(names).toEqual(xssPayloads.map((payload) => [payload, payload, payload]));
  });
});
