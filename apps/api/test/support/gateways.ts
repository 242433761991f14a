import { createServer } from 'node:net';
import { defaultCredentials } from '@rackdesk/datacenter';
import { eq } from 'drizzle-orm';
import { gatewayPayments, transactions } from '../../src/db/schema/index.ts';
import type { TestSimulator } from './simulator.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Every detail non-crypto payments need (`user_details_ok`). */
export const completeProfile = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  address1: '12 Analytical Row',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
  phonenumber: '+1.2175550100',
};

/** PayPal, Cryptomus and BitPay pointed at the simulator's sandbox, with its test credentials. */
export function gatewayEnv(simulatorUrl: string): Record<string, string> {
  const { paypal, cryptomus, bitpay } = defaultCredentials;
  return {
    PAYPAL_URL: simulatorUrl,
    PAYPAL_BUSINESS_EMAIL: paypal.businessEmail,
    CRYPTOMUS_API_URL: simulatorUrl,
    CRYPTOMUS_MERCHANT_ID: cryptomus.merchantId,
    CRYPTOMUS_API_KEY: cryptomus.apiKey,
    BITPAY_API_URL: simulatorUrl,
    BITPAY_TOKEN: bitpay.token,
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The app listening on a loopback port that the sandbox's callbacks reach (PAYMENT_CALLBACK_URL),
 * with every sandbox gateway configured.
 */
export async function createListeningApp(
  simulator: TestSimulator,
  env: Record<string, string> = {},
): Promise<TestApp & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    ...simulator.env,
    ...gatewayEnv(simulator.url),
    PAYMENT_CALLBACK_URL: url,
    ...env,
  });
  await t.app.listen({ host: '127.0.0.1', port });
  return { ...t, url };
}

export async function transactionsOf(t: TestApp, invoiceId: number) {
  return t.database.db.select().from(transactions).where(eq(transactions.invoiceId, invoiceId));
}

export async function checkoutsOf(t: TestApp, invoiceId: number) {
  return t.database.db.select().from(gatewayPayments).where(eq(gatewayPayments.invoiceId, invoiceId));
}

/** The callbacks the sandbox has sent so far, newest last. */
export async function sentCallbacks(simulator: TestSimulator) {
  const { callbacks } = (await simulator.control('GET', '/payments/callbacks')) as {
    callbacks: { gateway: string; url: string; contentType: string; body: string; attempts: number }[];
  };
  return callbacks;
}
