import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type BearerAuthenticator, bearerAuthenticator } from './http/authenticate.ts';
import { IdempotencyKeys } from './http/idempotency-keys.ts';
import { RateLimiter } from './http/rate-limiter.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { AccountService } from './modules/account/account.service.ts';
import { ApiTokensService } from './modules/api-tokens/api-tokens.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { BillingMailSender } from './modules/billing/billing-mail-sender.ts';
import { BillingService } from './modules/billing/billing.service.ts';
import { createBillingClock } from './modules/billing/cycle/billing-clock.ts';
import { BillingCycle } from './modules/billing/cycle/billing-cycle.ts';
import { createGateways } from './modules/billing/gateways/gateway-registry.ts';
import { GatewayPaymentsService } from './modules/billing/gateways/gateway-payments.service.ts';
import { InvoicePaidEffects } from './modules/billing/invoice-paid-effects.ts';
import { InvoiceSettlement } from './modules/billing/invoice-settlement.ts';
import { StripeGateway } from './modules/billing/stripe/stripe-gateway.ts';
import { CaptchaService } from './modules/captcha/captcha.service.ts';
import { EventBus } from './modules/events/event-bus.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { createDrivers } from './modules/provisioning/drivers/index.ts';
import { ProvisionServiceCommand } from './modules/provisioning/provision-service.command.ts';
import { ProvisioningRepository } from './modules/provisioning/provisioning.repository.ts';
import { ProvisioningService } from './modules/provisioning/provisioning.service.ts';
import { ServiceReadyMailSender } from './modules/provisioning/service-ready-mail.ts';
import { ServerWatch } from './modules/server-watch/server-watch.service.ts';
import { CatalogService } from './modules/catalog/catalog.service.ts';
import { OrderService } from './modules/orders/orders.service.ts';
import { followServer } from './modules/server-watch/follow-server.ts';
import { ServicesService } from './modules/services/services.service.ts';
import { SshKeysService } from './modules/ssh-keys/ssh-keys.service.ts';
import { Vps2Servers } from './modules/vps2/vps2-servers.ts';
import { Vps2UserTemplatesService } from './modules/vps2/vps2-user-templates.service.ts';
import {
  type AttachmentStore,
  createAttachmentStore,
} from './modules/support/attachments/attachment-store.ts';
import { GuestTicketsService } from './modules/support/guest-tickets.service.ts';
import { OperatorTicketsService } from './modules/support/operator-tickets.service.ts';
import { SupportMailSender } from './modules/support/support-mail.ts';
import { SupportService } from './modules/support/support.service.ts';
import { TicketThreads } from './modules/support/ticket-threads.ts';
import { TwoFactorService } from './modules/two-factor/two-factor.service.ts';
import { SecretBox } from './lib/secret-box.ts';
import { createProviders, type Providers } from './providers/index.ts';

/** The services of one API instance, built once from the configuration and the database. */
export interface AppContext {
  config: Config;
  database: Database;
  rateLimiter: RateLimiter;
  /** The answers of calls made with an Idempotency-Key (http/idempotency.ts). */
  idempotencyKeys: IdempotencyKeys;
  mailer: Mailer;
  events: EventBus;
  /** The upstream adapters (real HTTP clients; the simulator in demos and tests). */
  providers: Providers;
  /** Started and stopped with the app (buildApp); jobs/index.ts registers the workers. */
  jobs: JobQueue;
  /** Follows servers after actions and tells open pages (live events). */
  serverWatch: ServerWatch;
  captcha: CaptchaService;
  twoFactor: TwoFactorService;
  auth: AuthService;
  account: AccountService;
  apiTokens: ApiTokensService;
  /** Bearer token to caller: sessions (AuthService) and API tokens (ApiTokensService). */
  authenticate: BearerAuthenticator;
  services: ServicesService;
  /** Every write of money: gateway payments, credit, Paid (see InvoiceSettlement). */
  settlement: InvoiceSettlement;
  invoicePaid: InvoicePaidEffects;
  /** Sets ordered services up on their platforms once paid (the provision-service job). */
  provisioning: ProvisioningService;
  /** Sends 'your server is ready' (the service-ready-mail job). */
  serviceReadyMail: ServiceReadyMailSender;
  /** Renewals, overdue notices, suspensions (the billing-cycle job); its clock follows the simulator's. */
  billingCycle: BillingCycle;
  /** Sends the billing mails the billing-mail job carries. */
  billingMail: BillingMailSender;
  /** The card gateway (Stripe; the simulator's payment sandbox in demos and tests). */
  cardGateway: StripeGateway;
  billing: BillingService;
  /** Paying invoices by PayPal, Cryptomus and BitPay: checkouts and callbacks. */
  gatewayPayments: GatewayPaymentsService;
  /** Where ticket images are kept (DATA_DIR/attachments or an S3-compatible bucket). */
  attachments: AttachmentStore;
  support: SupportService;
  /** Guests' tickets, opened with a captcha and read with the mailed access key. */
  guestSupport: GuestTicketsService;
  /** The operator API: staff answers and statuses. */
  operatorSupport: OperatorTicketsService;
  /** Sends the support mails the support-mail job carries. */
  supportMail: SupportMailSender;
  /** Placing orders, and the review of those the fraud check held. */
  orders: OrderService;
}

export function createAppContext(config: Config, database: Database, log: FastifyBaseLogger): AppContext {
  const rateLimiter = new RateLimiter(database.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: config.mailDir,
    log,
  });
  const events = new EventBus(database, log);
  const providers = createProviders(config.upstreams);
  const jobs = new JobQueue(database, config.jobs, log);
  const serverWatch = new ServerWatch(jobs, providers, events, log);
  const captcha = new CaptchaService(database.db, config.appSecret, config.captcha);
  const twoFactor = new TwoFactorService({ database, rateLimiter, mailer, log });
  const auth = new AuthService({
    database,
    twoFactor,
    rateLimiter,
    captcha,
    mailer,
    events,
    publicUrl: config.publicUrl,
    loginLimitPerAddress: config.loginLimitPerAddress,
    registerLimitPerAddress: config.registerLimitPerAddress,
    log,
  });
  const account = new AccountService({ database, rateLimiter, twoFactor, mailer, log });
  const apiTokens = new ApiTokensService(database);
  const billingClock = createBillingClock(config);
  const provisioningRepository = new ProvisioningRepository(database);
  const provisioning = new ProvisioningService(
    provisioningRepository,
    new ProvisionServiceCommand({
      repository: provisioningRepository,
      drivers: createDrivers(providers),
      secrets: new SecretBox(config.appSecret),
      sshKeys: new SshKeysService(database),
      jobs,
      events,
      clock: billingClock,
      settings: config.provisioning,
      log,
    }),
    jobs,
  );
  const services = new ServicesService(database, events, provisioning);
  const settlement = new InvoiceSettlement(database, jobs);
  const billingCycle = new BillingCycle(
    { database, jobs, providers, settings: config.billing, log },
    billingClock,
  );
  const invoicePaid = new InvoicePaidEffects(database, billingCycle, provisioning);
  const billingMail = new BillingMailSender(database, mailer, config.publicUrl);
  const cardGateway = new StripeGateway(config.payments.stripe, log);
  const billing = new BillingService(database, services, settlement, config);
  const gatewayPayments = new GatewayPaymentsService({
    database,
    settlement,
    gateways: createGateways(config.payments, config.upstreams.timeoutMs),
    publicUrl: config.publicUrl,
    callbackUrl: config.payments.callbackUrl,
    log,
  });
  const secrets = new SecretBox(config.appSecret);
  const attachments = createAttachmentStore(config);
  const threads = new TicketThreads(database, attachments);
  const support = new SupportService(database, threads);
  const vps2Servers = new Vps2Servers(database, services);
  const orders = new OrderService({
    database,
    jobs,
    secrets: new SecretBox(config.appSecret),
    fraud: config.fraud,
    catalog: new CatalogService(database),
    sshKeys: new SshKeysService(database),
    userTemplates: new Vps2UserTemplatesService(
      database,
      providers.proxmox,
      vps2Servers,
      followServer(serverWatch, log, 'proxmox'),
    ),
    vps2Servers,
    proxmox: providers.proxmox,
    paymentMethods: () => billing.paymentMethods(),
  });
  return {
    config,
    database,
    rateLimiter,
    idempotencyKeys: new IdempotencyKeys(database.db, config.idempotencyClaimSeconds),
    mailer,
    events,
    providers,
    jobs,
    serverWatch,
    captcha,
    twoFactor,
    auth,
    account,
    apiTokens,
    authenticate: bearerAuthenticator(auth, apiTokens),
    services,
    settlement,
    invoicePaid,
    provisioning,
    serviceReadyMail: new ServiceReadyMailSender(database, mailer, config.publicUrl),
    billingCycle,
    billingMail,
    cardGateway,
    billing,
    gatewayPayments,
    attachments,
    support,
    guestSupport: new GuestTicketsService({ threads, captcha, rateLimiter, jobs, secrets }),
    operatorSupport: new OperatorTicketsService(database, { threads, jobs, events }),
    supportMail: new SupportMailSender(database, mailer, secrets, config.publicUrl),
    orders,
  };
}
