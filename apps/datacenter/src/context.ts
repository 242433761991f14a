import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Store } from './store.ts';

/** Credentials each simulated upstream accepts, in that upstream's own form. */
export interface Credentials {
  /**
   * Proxmox VE: an API token (header `Authorization: PVEAPIToken=<tokenId>=<secret>`, the secret a
   * UUID as Proxmox generates them) and a user who signs in with a password (`POST /access/ticket`).
   */
  proxmox: { tokenId: string; secret: string; login: { username: string; password: string } };
  /** Tenantos: header `Authorization: Bearer <apiKey>`. */
  tenantos: { apiKey: string };
  /**
   * Virtualizor: the end-user API takes query `apikey` and `apipass`; the admin API (creating and
   * deleting VPSs) query `adminapikey` and `adminapipass`.
   */
  virtualizor: { apiKey: string; apiPass: string; adminApiKey: string; adminApiPass: string };
  /** PowerDNS Authoritative HTTP API: header `X-API-Key: <apiKey>`. */
  powerdns: { apiKey: string };
  /** PayPal Standard needs no API credentials: this is the sandbox's merchant (`business`). */
  paypal: { businessEmail: string };
  /** Cryptomus: headers `merchant: <merchantId>` and `sign` (md5 of the base64 body and the key). */
  cryptomus: { merchantId: string; apiKey: string };
  /** BitPay: the POS facade's token, sent as `token` with every invoice call. */
  bitpay: { token: string };
  /**
   * Stripe's test mode: any `sk_test_…` / `pk_test_…` key is accepted; these are the ones the panel
   * uses when it plays Stripe here. Webhook events are signed with `webhookSecret` (the panel's
   * STRIPE_WEBHOOK_SECRET when it sets one), the `secret` of every webhook endpoint.
   */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string };
  /**
   * The S3-compatible object store: requests signed with AWS Signature Version 4 by this key
   * pair, on these buckets (path-style, `/s3/{bucket}/{key}`).
   */
  s3: { accessKeyId: string; secretAccessKey: string; buckets: string[] };
}

/**
 * What every simulated upstream gets: the persistent store (take a section named after the
 * upstream and call `save()` after each change), the simulated clock, the credentials to check,
 * and `timeScale` (durations of simulated operations are multiplied by it: 1 for demos, smaller
 * for quick runs).
 */
export interface SimContext {
  store: Store;
  clock: Clock;
  credentials: Credentials;
  timeScale: number;
  log: FastifyBaseLogger;
}

/** Written like `DATACENTER_PROXMOX_TOKEN` and `DATACENTER_PROXMOX_LOGIN` take them. */
export const DEFAULT_PROXMOX_TOKEN = 'rackdesk@pve!panel=5b0e6f2c-8d1a-4c3e-9f47-2a6d8c1e3b90';
export const DEFAULT_PROXMOX_LOGIN = 'root@pam:datacenter-simulator-password';

const PROXMOX_TOKEN =
  /^([^\s@!=]+@[A-Za-z][\w.-]*)!([A-Za-z][\w.-]*)=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const PROXMOX_LOGIN = /^([^\s@!:]+@[A-Za-z][\w.-]*):(.+)$/;

/** `USER@REALM!TOKENID=UUID` (a Proxmox API token and its secret); undefined when malformed. */
export function parseProxmoxToken(text: string): { tokenId: string; secret: string } | undefined {
  const match = PROXMOX_TOKEN.exec(text.trim());
  return match ? { tokenId: `${match[1]}!${match[2]}`, secret: match[3]! } : undefined;
}

/** `USER@REALM:PASSWORD`; undefined when malformed. */
export function parseProxmoxLogin(text: string): { username: string; password: string } | undefined {
  const match = PROXMOX_LOGIN.exec(text);
  return match ? { username: match[1]!, password: match[2]! } : undefined;
}

/**
 * The Proxmox credentials from their two settings (unset: the defaults above); throws on a
 * malformed value, naming the setting.
 */
export function proxmoxCredentials(
  token: string | undefined,
  login: string | undefined,
): Credentials['proxmox'] {
  const parsedToken = parseProxmoxToken(token || DEFAULT_PROXMOX_TOKEN);
  if (!parsedToken) throw new Error('DATACENTER_PROXMOX_TOKEN must look like USER@REALM!TOKENID=UUID');
  const parsedLogin = parseProxmoxLogin(login || DEFAULT_PROXMOX_LOGIN);
  if (!parsedLogin) throw new Error('DATACENTER_PROXMOX_LOGIN must look like USER@REALM:PASSWORD');
  return { ...parsedToken, login: parsedLogin };
}

export const defaultCredentials: Credentials = {
  proxmox: proxmoxCredentials(undefined, undefined),
  tenantos: { apiKey: 'datacenter-simulator-key' },
  virtualizor: {
    apiKey: 'datacentersimulatorkey',
    apiPass: 'datacentersimulatorpass',
    adminApiKey: 'datacenteradminkey',
    adminApiPass: 'datacenteradminpass',
  },
  powerdns: { apiKey: 'datacenter-simulator-dns-key' },
  paypal: { businessEmail: 'billing@sandbox.rackdesk.test' },
  cryptomus: { merchantId: '8b03432e-385b-4670-8d06-064591096795', apiKey: 'sandbox-cryptomus-payment-key' },
  bitpay: { token: 'SandboxPosToken7rQ2mXc9Lk4Vb' },
  stripe: {
    secretKey: 'sk_test_datacenter_simulator',
    publishableKey: 'pk_test_datacenter_simulator',
    webhookSecret: 'whsec_datacenter_simulator_signing_secret',
  },
  s3: {
    accessKeyId: 'RACKDESKSIMULATOR0S3',
    secretAccessKey: 'datacenter-simulator-s3-secret-access-key',
    buckets: ['rackdesk-attachments'],
  },
};
