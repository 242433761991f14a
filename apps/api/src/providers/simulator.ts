import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, UpstreamsConfig } from '../config.ts';
import { unsetGateways, withPaymentSandbox } from './payment-sandbox.ts';

export interface RunningSimulator {
  url: string;
  close: () => Promise<void>;
}

const missingUpstreams = (config: Config) => [
  ...(['proxmox', 'tenantos', 'virtualizor', 'powerdns'] as const).filter(
    (name) => !config.upstreams[name].url,
  ),
];

/**
 * Starts the datacenter simulator on a loopback port when it is enabled and some upstream (or
 * Stripe: no STRIPE_SECRET_KEY) is not configured, and points those at it; Stripe then uses the
 * sandbox's test keys, and STRIPE_WEBHOOK_SECRET (when set) is the secret the sandbox signs with. Imported lazily: production (simulator off)
 * never loads it.
 */
export async function startSimulatorIfNeeded(
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ config: Config; simulator: RunningSimulator | undefined }> {
  const missing = missingUpstreams(config);
  const gateways = unsetGateways(config.payments);
  if (missing.length === 0 && gateways.length === 0) return { config, simulator: undefined };
  if (!config.simulator.enabled) {
    if (missing.length > 0) {
      log.warn({ upstreams: missing }, 'upstreams not configured: managing those servers will answer 502');
    }
    if (gateways.length > 0) log.warn({ gateways }, 'payment gateways not configured: they are not offered');
    return { config, simulator: undefined };
  }

  const { buildDatacenter, defaultCredentials } = await import('@rackdesk/datacenter');
  const server = await buildDatacenter({
    stateFile: config.simulator.stateFile,
    credentials: {
      ...defaultCredentials,
      proxmox: config.simulator.proxmox,
      stripe: {
        ...defaultCredentials.stripe,
        webhookSecret: config.payments.stripe.webhookSecret || defaultCredentials.stripe.webhookSecret,
      },
    },
    timeScale: config.simulator.timeScale,
    logLevel: config.logLevel === 'silent' ? 'silent' : 'warn',
  });
  await server.listen({ host: '127.0.0.1', port: config.simulator.port });
  const { port } = server.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  log.info(
    { url, upstreams: missing, gateways },
    'datacenter simulator started (demo and test upstream, not a real host)',
  );

  const { proxmox, tenantos, virtualizor, powerdns } = config.upstreams;
  const upstreams: UpstreamsConfig = {
    ...config.upstreams,
    proxmox: proxmox.url
      ? proxmox
      : {
          url,
          tokenId: config.simulator.proxmox.tokenId,
          tokenSecret: config.simulator.proxmox.secret,
        },
    tenantos: tenantos.url ? tenantos : { url, apiKey: defaultCredentials.tenantos.apiKey },
    virtualizor: virtualizor.url
      ? virtualizor
      : {
          url,
          apiKey: defaultCredentials.virtualizor.apiKey,
          apiPass: defaultCredentials.virtualizor.apiPass,
          adminUrl: url,
          adminApiKey: defaultCredentials.virtualizor.adminApiKey,
          adminApiPass: defaultCredentials.virtualizor.adminApiPass,
          userId: virtualizor.userId,
        },
    powerdns: powerdns.url ? powerdns : { ...powerdns, url, apiKey: defaultCredentials.powerdns.apiKey },
  };
  const payments = withPaymentSandbox(config.payments, url, defaultCredentials);
  return {
    config: { ...config, upstreams, payments, simulator: { ...config.simulator, url } },
    simulator: { url, close: () => server.close() },
  };
}
