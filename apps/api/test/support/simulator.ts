import type { AddressInfo } from 'node:net';
import { buildDatacenter, defaultCredentials } from '@rackdesk/datacenter';
import type { UpstreamsConfig } from '../../src/config.ts';

export interface TestSimulator {
  url: string;
  /** Every upstream pointed at this simulator with its default credentials. */
  upstreams: UpstreamsConfig;
  /** The same (and Stripe played by the payment sandbox), as environment variables for createTestApp. */
  env: Record<string, string>;
  /** Calls the control API (`/_control{path}`) and returns the parsed answer. */
  control: (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => Promise<unknown>;
  /** Moves the simulated clock forward: operations progress without waiting. */
  advance: (ms: number) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * An in-memory datacenter simulator on a free loopback port, for one test file. `timeScale` below 1
 * makes its operations (clones, boots, installs) take that share of their time, for tests that wait
 * on them rather than move the clock.
 */
export async function startSimulator(
  options: { timeoutMs?: number; timeScale?: number } = {},
): Promise<TestSimulator> {
  const server = await buildDatacenter({ logLevel: 'silent', timeScale: options.timeScale ?? 1 });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const { proxmox, tenantos, virtualizor, powerdns, stripe } = defaultCredentials;

  const control: TestSimulator['control'] = async (method, path, body) => {
    const response = await fetch(`${url}/_control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.status === 204 ? undefined : response.json();
  };

  return {
    url,
    upstreams: {
      timeoutMs,
      proxmox: { url, tokenId: proxmox.tokenId, tokenSecret: proxmox.secret },
      tenantos: { url, apiKey: tenantos.apiKey },
      virtualizor: {
        url,
        apiKey: virtualizor.apiKey,
        apiPass: virtualizor.apiPass,
        adminUrl: url,
        adminApiKey: virtualizor.adminApiKey,
        adminApiPass: virtualizor.adminApiPass,
        userId: 0,
      },
      powerdns: { url, apiKey: powerdns.apiKey, serverId: 'localhost' },
    },
    env: {
      UPSTREAM_TIMEOUT_MS: String(timeoutMs),
      PROXMOX_URL: url,
      PROXMOX_TOKEN_ID: proxmox.tokenId,
      PROXMOX_TOKEN_SECRET: proxmox.secret,
      TENANTOS_URL: url,
      TENANTOS_API_KEY: tenantos.apiKey,
      VIRTUALIZOR_URL: url,
      VIRTUALIZOR_API_KEY: virtualizor.apiKey,
      VIRTUALIZOR_API_PASS: virtualizor.apiPass,
      VIRTUALIZOR_ADMIN_URL: url,
      VIRTUALIZOR_ADMIN_API_KEY: virtualizor.adminApiKey,
      VIRTUALIZOR_ADMIN_API_PASS: virtualizor.adminApiPass,
      POWERDNS_URL: url,
      POWERDNS_API_KEY: powerdns.apiKey,
      // The billing cycle's clock follows this simulator's.
      DATACENTER_URL: url,
      STRIPE_API_URL: url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    },
    control,
    advance: async (ms) => {
      await control('POST', '/clock/advance', { ms });
    },
    close: () => server.close(),
  };
}

/** A VPS on the simulator's Virtualizor as the tests' services run on it: 2 cores, 2 GB, 40 GB, osid 1011. */
export async function addVirtualizorVps(sim: TestSimulator, vpsid: number): Promise<void> {
  await sim.control('POST', '/virtualizor/vps', {
    vpsid,
    hostname: `vps${vpsid}.example.com`,
    cores: 2,
    ram: 2048,
    space: 40,
    osid: 1011,
  });
}
