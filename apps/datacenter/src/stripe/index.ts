import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { registerStripeBrowser } from './browser.ts';
import { registerStripeApi } from './routes.ts';
import { Sandbox } from './sandbox.ts';
import { WebhookDispatcher } from './webhooks.ts';

export { STRIPE_JS_PATH } from './browser.ts';
export { signPayload } from './webhooks.ts';

/**
 * The Stripe payment sandbox (test mode, not a payment processor): the `/v1` subset of Stripe's
 * API the panel's official `stripe` SDK and Stripe.js use, signed webhooks to the endpoints
 * registered through `POST /v1/webhook_endpoints`, the stand-in Stripe.js and its 3-D Secure
 * page, and `POST /_control/stripe/webhooks/flush` (retry queued deliveries now). See
 * docs/stripe.md.
 */
export function registerStripe(app: FastifyInstance, ctx: SimContext): void {
  const sandbox = new Sandbox(ctx);
  const dispatcher = new WebhookDispatcher(sandbox, ctx.credentials.stripe.webhookSecret);
  registerStripeApi(app, sandbox, ctx.credentials.stripe.webhookSecret);
  registerStripeBrowser(app, sandbox);
  app.post('/_control/stripe/webhooks/flush', async () => {
    await dispatcher.flush(true);
    return { pending: sandbox.state.deliveries.length };
  });
  // Deliveries left from before a restart go out again.
  app.addHook('onReady', async () => void dispatcher.flush());
  app.addHook('onClose', async () => dispatcher.close());
}
