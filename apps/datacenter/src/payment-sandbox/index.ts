import type { FastifyInstance } from 'fastify';
import { registerBitpay } from '../bitpay/index.ts';
import type { SimContext } from '../context.ts';
import { registerCryptomus } from '../cryptomus/index.ts';
import { registerPaypal } from '../paypal/index.ts';
import { CallbackSender } from './callbacks.ts';

/** How often (real time) callbacks the merchant refused are looked at again. */
const RETRY_SWEEP_MS = 15_000;

/**
 * The payment sandboxes (PayPal Standard, Cryptomus, BitPay) with their shared callback sender,
 * and its control endpoints: the callbacks sent so far, and a sweep of those due again (tests
 * move the clock, then sweep, instead of waiting).
 */
export async function registerPaymentSandbox(app: FastifyInstance, ctx: SimContext): Promise<void> {
  const callbacks = new CallbackSender(ctx);
  await registerPaypal(app, ctx, callbacks);
  await registerCryptomus(app, ctx, callbacks);
  registerBitpay(app, ctx, callbacks);

  app.get('/_control/payments/callbacks', async () => ({ callbacks: callbacks.list() }));
  app.post('/_control/payments/callbacks/deliver', async () => ({ attempted: await callbacks.deliverDue() }));

  const sweep = setInterval(() => {
    callbacks.deliverDue().catch((error: unknown) => ctx.log.warn({ err: error }, 'callback retry failed'));
  }, RETRY_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
