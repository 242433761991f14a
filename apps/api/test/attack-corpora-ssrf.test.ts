import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vpsIsos } from '../src/db/schema/index.ts';
import { DemoProduct } from '../src/seed/catalog.ts';
import { ssrfCorpus, type SsrfCase } from './support/corpora/ssrf.ts';
import { bearer, createService, createUser, eventually, loginToken } from './support/fixtures.ts';
import { completeProfile, createListeningApp, sentCallbacks } from './support/gateways.ts';
import { createInvoice } from './support/invoices.ts';
import { listenOnLoopback, type LoopbackListener } from './support/loopback-listener.ts';
import { addVirtualizorVps, startSimulator, type TestSimulator } from './support/simulator.ts';
import type { TestApp } from './support/test-app.ts';
import { createVps2Service } from './support/vps2-servers.ts';

/**
 * The SSRF corpus (issue 19 §5) on every input that takes a URL: the ISO libraries of both VPS
 * generations, which hand the URL to the platform to download, and the return and system URLs a
 * payment request may carry, which the server ignores. Every URL is refused with a 422 naming
 * the field (ISOs) or has no effect (payments), and none is fetched: nothing connects to the
 * loopback listener the corpus aims at, and the simulator, which plays every platform and
 * gateway, never records one.
 */

let sim: TestSimulator;
let t: TestApp & { url: string };
let listener: LoopbackListener;
let corpus: SsrfCase[];
let owner: { id: number; token: string };

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(owner.token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  sim = await startSimulator();
  // A corpus through every input is more calls a minute than the per-address guard lets through.
  t = await createListeningApp(sim, { RATE_LIMIT_PER_MINUTE: '100000' });
  listener = await listenOnLoopback();
  corpus = ssrfCorpus({ port: listener.port, simulatorUrl: sim.url });
  const user = await createUser(t, completeProfile);
  owner = { id: user.id, token: await loginToken(t.app, user.email, user.password) };

  // The listener counts what reaches it (else its zero below would prove nothing); then it starts over.
  connect(listener.port, '127.0.0.1').on('error', () => undefined);
  await eventually(() => listener.connections.length === 1);
  listener.connections.length = 0;

  // An active VPS of each generation: the ISO libraries are open only to their holders.
  await addVirtualizorVps(sim, 7300);
  await createService(t, owner.id, {
    productId: DemoProduct.ddosVps2G,
    provider: 'virtualizor',
    upstreamId: '7300',
  });
  await createVps2Service(t, sim, owner.id, 7301);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await listener?.close();
});

describe('SSRF corpus', () => {
  it('holds at least 30 URLs, all different', () => {
    console.log(`SSRF corpus: ${corpus.length} URLs`);
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    expect(new Set(corpus.map((c) => c.url)).size).toBe(corpus.length);
  });

  for (const [generation, library] of [
    ['VPS', '/services/vps/iso'],
    ['VPS v2', '/services/vps/v2/iso'],
  ] as const) {
    it(`${generation}: every URL is refused as an ISO source with a 422 on url, and no ISO is added`, async () => {
      const before = (await call('GET', library)).json().isos;
      const answers = [];
      for (const { label, url } of corpus) {
        const response = await call('POST', `${library}/add`, { url });
        answers.push({
          label,
          status: response.statusCode,
          fields: Object.keys(response.json().errors ?? {}),
        });
      }
      console.log(
        `${generation} ISO add: ${answers.filter((a) => a.status === 422).length} of ${corpus.length} refused`,
      );
      expect(answers).toEqual(corpus.map(({ label }) => ({ label, status: 422, fields: ['url'] })));
      expect((await call('GET', library)).json().isos).toEqual(before);
    });
  }

  it('the first generation records none of them', async () => {
    expect(await t.database.db.select().from(vpsIsos).where(eq(vpsIsos.userId, owner.id))).toEqual([]);
  });

  it('payments: return and system URLs in a request are ignored; the gateways get only the server’s', async () => {
    const checkouts: string[] = [];
    for (const { url } of corpus) {
      const invoiceid = await createInvoice(t, owner.id, { cents: 1500 });
      const body = { invoiceid, returnurl: url, systemurl: url };
      for (const route of ['/billing/cryptomus/pay', '/billing/bitcoin/pay']) {
        const response = await call('POST', route, body);
        expect(response.statusCode, `${route} ${url}`).toBe(200);
        expect(response.body).not.toContain(url);
        checkouts.push(response.json().url);
      }
      const paypal = await call('POST', '/billing/paypal/pay', { invoiceid });
      expect(paypal.statusCode).toBe(200);
    }
    console.log(`payment requests with a hostile return URL: ${checkouts.length}, every one ignored`);
    for (const checkout of checkouts) expect(checkout.startsWith(`${sim.url}/`), checkout).toBe(true);

    // The gateways call back where the server said: cancel one checkout of each crypto gateway.
    const cryptomus = checkouts[0]!.split('/').at(-1)!;
    const bitpay = checkouts[1]!.split('/').at(-1)!;
    await sim.control('POST', `/cryptomus/payments/${cryptomus}/status`, { status: 'cancel' });
    await sim.control('POST', `/bitpay/invoices/${bitpay}/status`, { status: 'expired' });
    const callbacks = await sentCallbacks(sim);
    expect(callbacks.length).toBeGreaterThanOrEqual(2);
    for (const callback of callbacks) expect(callback.url.startsWith(`${t.url}/api/billing/`)).toBe(true);
  });

  // Last: after every input above has had the whole corpus.
  it('nothing was fetched: no connection reached the listener, and the simulator holds no corpus URL', async () => {
    const state = JSON.stringify(await sim.control('GET', '/state'));
    const recorded = corpus.filter(({ url }) => state.includes(JSON.stringify(url).slice(1, -1)));
    console.log(
      `SSRF: ${listener.connections.length} connections to the listener, ${recorded.length} URLs in the simulator`,
    );
    expect(recorded).toEqual([]);
    expect(state).not.toContain(`:${listener.port}/`);
    expect(listener.connections).toEqual([]);
  });
});
