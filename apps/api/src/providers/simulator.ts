import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, PaymentsConfig, UpstreamsConfig } from '../config.ts';

export interface RunningSimulator {
  url: string;
  close: () => Promise<void>;
}

const missingUpstreams = (config: Config) => [
  ...(['proxmox', 'tenantos', 'virtualizor', 'powerdns'] as const).filter(
    (name) => !config.upstreams[name].url,
  ),
  ...(config.payments.stripe.secretKey ? [] : ['stripe' as const]),
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
  if (missing.length === 0) return { config, simulator: undefined };
  if (!config.simulator.enabled) {
    log.warn({ upstreams: missing }, 'upstreams not configured: managing those servers will answer 502');
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
    { url, upstreams: missing },
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
        },
    powerdns: powerdns.url ? powerdns : { ...powerdns, url, apiKey: defaultCredentials.powerdns.apiKey },
  };
  const stripe: PaymentsConfig['stripe'] = config.payments.stripe.secretKey
    ? config.payments.stripe
    : {
        secretKey: defaultCredentials.stripe.secretKey,
        publishableKey: defaultCredentials.stripe.publishableKey,
        webhookSecret: config.payments.stripe.webhookSecret || defaultCredentials.stripe.webhookSecret,
        url,
      };
  return {
    config: {
      ...config,
      upstreams,
      payments: { ...config.payments, stripe },
      simulator: { ...config.simulator, url },
    },
    simulator: { url, close: () => server.close() },
  };
}
