import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { fastifySSE } from '@fastify/sse';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type AppContext, createAppContext } from './app-context.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAccessRules } from './http/access-rules.ts';
import { registerApiDocument } from './http/api-document.ts';
import { registerAuthentication } from './http/authenticate.ts';
import { registerApiCacheControl } from './http/cache-control.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { registerMultipart } from './http/multipart.ts';
import { serializerCompiler } from './http/response-serializer.ts';
import { registerRouteTable } from './http/route-table.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import { registerStrictInput } from './http/strict-input.ts';
import { registerTokenAccess } from './http/token-access.ts';
import { registerJobs } from './jobs/index.ts';
import { accountSessionsRoutes } from './modules/account/account-sessions.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { gatewayPaymentsRoutes } from './modules/billing/gateways/gateway-payments.routes.ts';
import { registerPaypalReturn } from './modules/billing/gateways/paypal/paypal-return.ts';
import { cardsRoutes } from './modules/billing/stripe/cards.routes.ts';
import { gatewayFormTargets } from './modules/billing/gateways/gateway-registry.ts';
import { stripeBrowserSources } from './modules/billing/stripe/stripe-gateway.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { dedicatedRoutes } from './modules/dedicated/dedicated.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { operatorOrdersRoutes } from './modules/orders/operator-orders.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { rdnsRoutes } from './modules/rdns/rdns.routes.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { sshKeysRoutes } from './modules/ssh-keys/ssh-keys.routes.ts';
import { storageRoutes } from './modules/storage/storage.routes.ts';
import { subAccountsRoutes } from './modules/sub-accounts/sub-accounts.routes.ts';
import { guestSupportRoutes } from './modules/support/guest-support.routes.ts';
import { operatorProvisioningRoutes } from './modules/provisioning/operator-provisioning.routes.ts';
import { operatorSupportRoutes } from './modules/support/operator-support.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { vpsRoutes } from './modules/vps/vps.routes.ts';
import { vps2Routes } from './modules/vps2/vps2.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Builds the whole API (and the SPA host) from a configuration and an open database. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.password2',
          '*.password_confirmation',
          '*.token',
          '*.captchaToken',
          '*.rootpw',
        ],
        censor: '[redacted]',
      },
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Open SSE streams would otherwise keep close() waiting forever.
    forceCloseConnections: true,
    bodyLimit: 1024 * 1024,
    // A guest's ticket travels in the query string (portal spec §7: PUT guest/support); Node's
    // default 16 KB of headers would cut a long message with a bare 431 before the API reads it.
    http: { maxHeaderSize: 256 * 1024 },
  });
  registerRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(config.responseSerializer));
  // Hooks on every answer take the callback form: an async one costs each request a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const ctx = createAppContext(config, database, app.log);
  app.decorate('ctx', ctx);
  await ctx.events.start();
  app.addHook('onClose', () => ctx.events.stop());

  registerErrorHandler(app);
  registerStrictInput(app);
  await registerCompression(app);
  await registerMultipart(app);
  registerSecurityHeaders(app, {
    ...stripeBrowserSources(config.payments.stripe),
    form: gatewayFormTargets(config.payments),
  });
  await app.register(fastifySSE, { heartbeatInterval: 20_000 });
  await registerApiDocument(app);
  registerAuthentication(app, ctx.authenticate);
  registerAccessRules(app);
  registerTokenAccess(app);
  registerIdempotency(app, ctx.idempotencyKeys);

  await app.register(
    async (api) => {
      registerApiCacheControl(api);
      // A coarse per-address guard for every API call; the sensitive endpoints have their own
      // database-backed limits that hold across instances.
      await api.register(rateLimit, {
        max: config.rateLimitPerMinute,
        timeWindow: '1 minute',
        errorResponseBuilder: (_request, context) => ({
          statusCode: 429,
          message: 'Too many attempts, please try again later.',
          retryAfter: context.after,
        }),
      });
      for (const routes of [
        healthRoutes,
        captchaRoutes,
        authRoutes,
        accountRoutes,
        accountSessionsRoutes,
        twoFactorRoutes,
        eventsRoutes,
        servicesRoutes,
        dedicatedRoutes,
        rdnsRoutes,
        vpsRoutes,
        vps2Routes,
        storageRoutes,
        sshKeysRoutes,
        apiTokensRoutes,
        subAccountsRoutes,
        catalogRoutes,
        ordersRoutes,
        billingRoutes,
        gatewayPaymentsRoutes,
        cardsRoutes,
        supportRoutes,
        guestSupportRoutes,
        operatorSupportRoutes,
        operatorOrdersRoutes,
        operatorProvisioningRoutes,
        newsRoutes,
      ]) {
        await api.register(routes(ctx));
      }
    },
    { prefix: '/api' },
  );

  await app.register(registerPaypalReturn);
  await registerSpa(app, config.webDistDir);

  // Last, so that a failure above leaves no workers running behind an app nobody will close.
  await registerJobs(ctx);
  await ctx.jobs.start();
  app.addHook('onClose', () => ctx.jobs.stop());
  return app;
}
