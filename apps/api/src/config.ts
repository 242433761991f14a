import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Credentials,
  parseProxmoxLogin,
  parseProxmoxToken,
  proxmoxCredentials,
} from '@rackdesk/datacenter/credentials';
import { z } from 'zod';
import type { ResponseSerializer } from './http/response-serializer.ts';

/**
 * Every setting of the API server, read from the environment in one place.
 * Defaults suit the embedded mode: `npm start` on a fresh machine needs none of them.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Rackdesk <no-reply@rackdesk.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_SECRET: z.string().min(32).optional(),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: z.string().default(''),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  IDEMPOTENCY_CLAIM_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  RESPONSE_SERIALIZER: z.enum(['auto', 'zod', 'compiled', 'checked']).default('auto'),
  NODE_ENV: z.string().default(''),
  LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  REGISTER_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  CAPTCHA_COST: z.coerce.number().int().positive().default(5000),
  CAPTCHA_COUNTER_MAX: z.coerce.number().int().positive().default(1500),
  WEB_DIST_DIR: z.string().optional(),
  DATACENTER_SIMULATOR: z.enum(['auto', 'off']).default('auto'),
  DATACENTER_PORT: z.coerce.number().int().min(0).max(65535).default(8190),
  DATACENTER_TIME_SCALE: z.coerce.number().positive().max(100).default(1),
  DATACENTER_URL: z.string().url().optional().or(z.literal('')),
  DATACENTER_PROXMOX_TOKEN: z
    .string()
    .refine((v) => !v || parseProxmoxToken(v), 'must look like USER@REALM!TOKENID=UUID (a lower-case UUID)')
    .optional(),
  DATACENTER_PROXMOX_LOGIN: z
    .string()
    .refine((v) => !v || parseProxmoxLogin(v), 'must look like USER@REALM:PASSWORD')
    .optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  PROXMOX_URL: z.string().url().optional().or(z.literal('')),
  PROXMOX_TOKEN_ID: z.string().default(''),
  PROXMOX_TOKEN_SECRET: z.string().default(''),
  TENANTOS_URL: z.string().url().optional().or(z.literal('')),
  TENANTOS_API_KEY: z.string().default(''),
  VIRTUALIZOR_URL: z.string().url().optional().or(z.literal('')),
  VIRTUALIZOR_API_KEY: z.string().default(''),
  VIRTUALIZOR_API_PASS: z.string().default(''),
  VIRTUALIZOR_ADMIN_URL: z.string().url().optional().or(z.literal('')),
  VIRTUALIZOR_ADMIN_API_KEY: z.string().default(''),
  VIRTUALIZOR_ADMIN_API_PASS: z.string().default(''),
  VIRTUALIZOR_USER_ID: z.coerce.number().int().nonnegative().default(0),
  POWERDNS_URL: z.string().url().optional().or(z.literal('')),
  POWERDNS_API_KEY: z.string().default(''),
  POWERDNS_SERVER_ID: z.string().min(1).default('localhost'),
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_PUBLISHABLE_KEY: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  STRIPE_API_URL: z.string().url().optional().or(z.literal('')),
  PAYPAL_BUSINESS_EMAIL: z.string().default(''),
  PAYPAL_URL: z.string().url().optional().or(z.literal('')),
  CRYPTOMUS_MERCHANT_ID: z.string().default(''),
  CRYPTOMUS_API_KEY: z.string().default(''),
  CRYPTOMUS_API_URL: z.string().url().optional().or(z.literal('')),
  BITPAY_TOKEN: z.string().default(''),
  BITPAY_PRIVATE_KEY: z.string().default(''),
  BITPAY_API_URL: z.string().url().optional().or(z.literal('')),
  PAYMENT_CALLBACK_URL: z.string().url().optional().or(z.literal('')),
  BILLING_PAY_TO: z
    .string()
    .default('Rackdesk Hosting\n350 Fifth Avenue, Suite 4200\nNew York, NY 10118\nUnited States'),
  BILLING_RENEWAL_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  BILLING_SUSPEND_AFTER_DAYS: z.coerce.number().int().min(0).max(90).default(3),
  BILLING_CYCLE_CRON: z
    .string()
    .trim()
    .regex(/^(off|\S+( \S+){4})$/, 'must be a cron expression of five fields, or off')
    .default('*/10 * * * *'),
  FRAUD_CHECK: z.enum(['on', 'off']).default('on'),
  FRAUD_SCORE_LIMIT: z.coerce.number().int().min(1).max(1000).default(70),
  FRAUD_ACCOUNT_ORDERS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  FRAUD_ACCOUNT_VELOCITY_SCORE: z.coerce.number().int().min(0).max(1000).default(60),
  FRAUD_ADDRESS_ORDERS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  FRAUD_ADDRESS_VELOCITY_SCORE: z.coerce.number().int().min(0).max(1000).default(40),
  FRAUD_DISPOSABLE_DOMAINS: z.string().default(''),
  FRAUD_DISPOSABLE_EMAIL_SCORE: z.coerce.number().int().min(0).max(1000).default(100),
  FRAUD_FIRST_ORDER_LIMIT_USD: z.coerce.number().int().min(0).default(1000),
  FRAUD_FIRST_ORDER_SCORE: z.coerce.number().int().min(0).max(1000).default(40),
  FRAUD_INCOMPLETE_DETAILS_SCORE: z.coerce.number().int().min(0).max(1000).default(30),
  PROVISIONING_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  PROVISIONING_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  PROVISIONING_ATTEMPT_SECONDS: z.coerce.number().int().min(30).max(7200).default(1800),
  ATTACHMENTS_S3_URL: z.string().url().optional().or(z.literal('')),
  ATTACHMENTS_S3_BUCKET: z.string().default(''),
  ATTACHMENTS_S3_ACCESS_KEY_ID: z.string().default(''),
  ATTACHMENTS_S3_SECRET_ACCESS_KEY: z.string().default(''),
  ATTACHMENTS_S3_REGION: z.string().min(1).default('us-east-1'),
  JOBS_ENABLED: z.enum(['true', 'false']).default('true'),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  JOBS_CRON_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).default(30),
  JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
});

export interface UpstreamsConfig {
  /** Per attempt, for every upstream call. */
  timeoutMs: number;
  /** Proxmox VE: base URL such as https://pve.example.com:8006 and an API token. */
  proxmox: { url: string | undefined; tokenId: string; tokenSecret: string };
  /** Tenantos: panel URL such as https://panel.example.com and an API key. */
  tenantos: { url: string | undefined; apiKey: string };
  /**
   * Virtualizor: the end-user API (panel URL such as https://vps.example.com:4083, key and pass)
   * manages VPSs; the admin API (https://vps.example.com:4085, admin key and pass) creates and
   * deletes them, for the user `userId` whose end-user key the panel holds.
   */
  virtualizor: {
    url: string | undefined;
    apiKey: string;
    apiPass: string;
    adminUrl: string | undefined;
    adminApiKey: string;
    adminApiPass: string;
    userId: number;
  };
  /** PowerDNS Authoritative API (reverse DNS of VPS addresses): webserver URL, API key, server id. */
  powerdns: { url: string | undefined; apiKey: string; serverId: string };
}

/**
 * The payment gateways. A gateway whose credentials are unset is played by the datacenter
 * simulator's payment sandbox (when the simulator runs); `url` undefined means the provider's
 * own production address once credentials are set.
 */
export interface PaymentsConfig {
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; url: string | undefined };
  paypal: { businessEmail: string; url: string | undefined };
  cryptomus: { merchantId: string; apiKey: string; url: string | undefined };
  bitpay: { token: string; privateKey: string; url: string | undefined };
  /** Base URL the gateways send callbacks to (the API's public address); PUBLIC_URL when unset. */
  callbackUrl: string;
}

export interface BillingConfig {
  /** The provider's name and address for the invoice's 'Pay To' block, lines split by \n. */
  payTo: string;
  /** Days before a service's next due date its renewal invoice is raised. */
  renewalDays: number;
  /** Days after an unpaid invoice's due date its services are suspended. */
  suspendAfterDays: number;
  /** When the billing cycle (renewals, overdue notices, suspensions) runs, UTC; undefined: never by itself. */
  cycleCron: string | undefined;
}

/**
 * The fraud check of new orders (modules/orders/fraud-check.ts): each rule that matches adds its
 * score, and an order whose score reaches `scoreLimit` is held for manual review.
 */
export interface FraudConfig {
  enabled: boolean;
  scoreLimit: number;
  /** Orders one account placed in the last hour, beyond which the next one scores. */
  accountOrdersPerHour: number;
  accountVelocityScore: number;
  /** Orders placed from one address in the last hour, beyond which the next one scores. */
  addressOrdersPerHour: number;
  addressVelocityScore: number;
  /** E-mail domains of throwaway mailboxes (lower case; a subdomain matches its domain). */
  disposableDomains: string[];
  disposableEmailScore: number;
  /** A customer's first order (nothing paid before) above this amount scores. */
  firstOrderLimitCents: number;
  firstOrderScore: number;
  /** An account whose profile details are incomplete (user_details_ok false) scores. */
  incompleteDetailsScore: number;
}

/** An S3-compatible bucket for ticket images, addressed path-style at `url`. */
export interface AttachmentsS3Config {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server URL; undefined means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDir: string;
  logLevel: string;
  /** Signs captcha challenges; shared by every instance behind one database. */
  appSecret: string;
  seedDemo: 'auto' | 'always' | 'never';
  trustProxy: string[];
  rateLimitPerMinute: number;
  /** An unfinished Idempotency-Key claim older than this, with no change made, may be taken over. */
  idempotencyClaimSeconds: number;
  /** How answers are written (http/response-serializer.ts): compiled in production, checked by zod elsewhere. */
  responseSerializer: ResponseSerializer;
  /** Sign-in attempts one address may make per 15 minutes (offices behind one NAT may need more). */
  loginLimitPerAddress: number;
  registerLimitPerAddress: number;
  captcha: { cost: number; counterMax: number };
  /** The built SPA; served with history fallback when the folder exists. */
  webDistDir: string;
  upstreams: UpstreamsConfig;
  payments: PaymentsConfig;
  billing: BillingConfig;
  fraud: FraudConfig;
  /**
   * The datacenter simulator stands in for every upstream whose URL is not set ('auto'), on
   * a loopback port; 'off' in production, where every upstream must be configured.
   */
  simulator: {
    enabled: boolean;
    port: number;
    timeScale: number;
    stateFile: string;
    /** The API token and the password sign-in the simulated Proxmox VE accepts (and the panel uses). */
    proxmox: Credentials['proxmox'];
    /**
     * Where a running simulator's control API answers (demo seeding; the billing cycle's clock
     * follows its clock): set when the panel starts it, or DATACENTER_URL for one started apart.
     */
    url?: string | undefined;
  };
  /** Ticket images: in `dir` (DATA_DIR/attachments), or in the bucket when one is configured. */
  attachments: { dir: string; s3: AttachmentsS3Config | undefined };
  /** The provisioning job of an ordered service (jobs/provision-service.ts). */
  provisioning: {
    /** Attempts after the first before the service is left Pending with the reason. */
    retryLimit: number;
    /** Wait before the first retry; it doubles with each further one. */
    retryDelaySeconds: number;
    /** Longest one attempt may run (a clone, an install) before it counts as lost and runs again. */
    attemptSeconds: number;
  };
  jobs: {
    /** Off: this instance only enqueues, and other instances run the jobs and the schedules. */
    workersEnabled: boolean;
    /** How long an idle worker waits before looking for new jobs. */
    pollSeconds: number;
    /** How often schedules are checked for a due tick (one instance checks per interval). */
    cronCheckSeconds: number;
    /**
     * A running job refreshes its heartbeat this often (half of it); one silent this long was
     * running on an instance that died, and is retried.
     */
    heartbeatSeconds: number;
    /** How often running jobs are checked for a lost heartbeat or an expired attempt. */
    superviseSeconds: number;
  };
}

/** Reads the configuration from an environment (tests pass their own object). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    publicUrl,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailDir: path.join(dataDir, 'mail'),
    logLevel: e.LOG_LEVEL,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    seedDemo: e.SEED_DEMO === 'true' ? 'always' : e.SEED_DEMO === 'false' ? 'never' : 'auto',
    trustProxy: e.TRUST_PROXY.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    idempotencyClaimSeconds: e.IDEMPOTENCY_CLAIM_SECONDS,
    responseSerializer:
      e.RESPONSE_SERIALIZER !== 'auto'
        ? e.RESPONSE_SERIALIZER
        : e.NODE_ENV === 'production'
          ? 'compiled'
          : 'zod',
    loginLimitPerAddress: e.LOGIN_LIMIT_PER_ADDRESS,
    registerLimitPerAddress: e.REGISTER_LIMIT_PER_ADDRESS,
    captcha: { cost: e.CAPTCHA_COST, counterMax: e.CAPTCHA_COUNTER_MAX },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    upstreams: {
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
      proxmox: {
        url: e.PROXMOX_URL || undefined,
        tokenId: e.PROXMOX_TOKEN_ID,
        tokenSecret: e.PROXMOX_TOKEN_SECRET,
      },
      tenantos: { url: e.TENANTOS_URL || undefined, apiKey: e.TENANTOS_API_KEY },
      virtualizor: {
        url: e.VIRTUALIZOR_URL || undefined,
        apiKey: e.VIRTUALIZOR_API_KEY,
        apiPass: e.VIRTUALIZOR_API_PASS,
        adminUrl: e.VIRTUALIZOR_ADMIN_URL || undefined,
        adminApiKey: e.VIRTUALIZOR_ADMIN_API_KEY,
        adminApiPass: e.VIRTUALIZOR_ADMIN_API_PASS,
        userId: e.VIRTUALIZOR_USER_ID,
      },
      powerdns: {
        url: e.POWERDNS_URL || undefined,
        apiKey: e.POWERDNS_API_KEY,
        serverId: e.POWERDNS_SERVER_ID,
      },
    },
    payments: {
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        url: e.STRIPE_API_URL || undefined,
      },
      paypal: { businessEmail: e.PAYPAL_BUSINESS_EMAIL, url: e.PAYPAL_URL || undefined },
      cryptomus: {
        merchantId: e.CRYPTOMUS_MERCHANT_ID,
        apiKey: e.CRYPTOMUS_API_KEY,
        url: e.CRYPTOMUS_API_URL || undefined,
      },
      bitpay: { token: e.BITPAY_TOKEN, privateKey: e.BITPAY_PRIVATE_KEY, url: e.BITPAY_API_URL || undefined },
      callbackUrl: (e.PAYMENT_CALLBACK_URL || publicUrl).replace(/\/$/, ''),
    },
    billing: {
      payTo: e.BILLING_PAY_TO.replace(/\\n/g, '\n'),
      renewalDays: e.BILLING_RENEWAL_DAYS,
      suspendAfterDays: e.BILLING_SUSPEND_AFTER_DAYS,
      cycleCron: e.BILLING_CYCLE_CRON === 'off' ? undefined : e.BILLING_CYCLE_CRON,
    },
    fraud: {
      enabled: e.FRAUD_CHECK === 'on',
      scoreLimit: e.FRAUD_SCORE_LIMIT,
      accountOrdersPerHour: e.FRAUD_ACCOUNT_ORDERS_PER_HOUR,
      accountVelocityScore: e.FRAUD_ACCOUNT_VELOCITY_SCORE,
      addressOrdersPerHour: e.FRAUD_ADDRESS_ORDERS_PER_HOUR,
      addressVelocityScore: e.FRAUD_ADDRESS_VELOCITY_SCORE,
      disposableDomains: e.FRAUD_DISPOSABLE_DOMAINS.split(',')
        .map((domain) => domain.trim().toLowerCase())
        .filter(Boolean),
      disposableEmailScore: e.FRAUD_DISPOSABLE_EMAIL_SCORE,
      firstOrderLimitCents: e.FRAUD_FIRST_ORDER_LIMIT_USD * 100,
      firstOrderScore: e.FRAUD_FIRST_ORDER_SCORE,
      incompleteDetailsScore: e.FRAUD_INCOMPLETE_DETAILS_SCORE,
    },
    simulator: {
      enabled: e.DATACENTER_SIMULATOR === 'auto',
      port: e.DATACENTER_PORT,
      timeScale: e.DATACENTER_TIME_SCALE,
      stateFile: path.join(dataDir, 'datacenter', 'state.json'),
      proxmox: proxmoxCredentials(e.DATACENTER_PROXMOX_TOKEN, e.DATACENTER_PROXMOX_LOGIN),
      url: e.DATACENTER_URL ? e.DATACENTER_URL.replace(/\/$/, '') : undefined,
    },
    attachments: { dir: path.join(dataDir, 'attachments'), s3: attachmentsBucket(e) },
    provisioning: {
      retryLimit: e.PROVISIONING_RETRY_LIMIT,
      retryDelaySeconds: e.PROVISIONING_RETRY_DELAY_SECONDS,
      attemptSeconds: e.PROVISIONING_ATTEMPT_SECONDS,
    },
    jobs: {
      workersEnabled: e.JOBS_ENABLED === 'true',
      pollSeconds: e.JOBS_POLL_SECONDS,
      cronCheckSeconds: e.JOBS_CRON_CHECK_SECONDS,
      heartbeatSeconds: e.JOBS_HEARTBEAT_SECONDS,
      superviseSeconds: e.JOBS_SUPERVISE_SECONDS,
    },
  };
}

/** The bucket settings when ATTACHMENTS_S3_URL is set; then the bucket and both keys are required. */
function attachmentsBucket(e: z.infer<typeof envSchema>): AttachmentsS3Config | undefined {
  if (!e.ATTACHMENTS_S3_URL) return undefined;
  const missing = (
    ['ATTACHMENTS_S3_BUCKET', 'ATTACHMENTS_S3_ACCESS_KEY_ID', 'ATTACHMENTS_S3_SECRET_ACCESS_KEY'] as const
  ).filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new Error(`Invalid configuration: ATTACHMENTS_S3_URL is set, so ${missing.join(', ')} must be too`);
  }
  return {
    url: e.ATTACHMENTS_S3_URL.replace(/\/$/, ''),
    bucket: e.ATTACHMENTS_S3_BUCKET,
    accessKeyId: e.ATTACHMENTS_S3_ACCESS_KEY_ID,
    secretAccessKey: e.ATTACHMENTS_S3_SECRET_ACCESS_KEY,
    region: e.ATTACHMENTS_S3_REGION,
  };
}

/** In embedded mode a generated secret is kept beside the data so restarts keep signatures valid. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
