import { randomUUID } from 'node:crypto';
import type { SimContext } from '../context.ts';

export const sandboxGateways = ['paypal', 'cryptomus', 'bitpay'] as const;
export type SandboxGateway = (typeof sandboxGateways)[number];

/** A notification a gateway owes the merchant: sent at once, then again until it is accepted. */
export interface PendingCallback {
  id: string;
  gateway: SandboxGateway;
  url: string;
  contentType: string;
  body: string;
  attempts: number;
  /** Simulated time of the next attempt; null once accepted or given up. */
  nextAttemptAt: number | null;
  delivered: boolean;
  lastResult: string;
}

interface CallbackState {
  callbacks: PendingCallback[];
}

/**
 * How often each gateway tries, and how long it waits between tries. PayPal resends an IPN up
 * to 15 times over about four days with growing gaps; Cryptomus and BitPay retry a webhook a
 * handful of times. The gaps here follow that shape, in simulated time.
 */
const retryPolicy: Record<SandboxGateway, { attempts: number; firstGapMs: number }> = {
  paypal: { attempts: 16, firstGapMs: 60_000 },
  cryptomus: { attempts: 10, firstGapMs: 60_000 },
  bitpay: { attempts: 10, firstGapMs: 60_000 },
};
const MAX_GAP_MS = 8 * 3_600_000;
const KEEP_DELIVERED = 200;
const ATTEMPT_TIMEOUT_MS = 10_000;

const callbackState = (ctx: SimContext) =>
  ctx.store.section<CallbackState>('payment-callbacks', () => ({ callbacks: [] }));

/**
 * The callbacks the sandbox gateways send to the merchant (PayPal IPN, Cryptomus webhook, BitPay
 * IPN). Each is tried when it is raised; one the merchant did not accept (network error or a
 * status other than 2xx) is tried again once its gap has passed in simulated time, when
 * `deliverDue` runs: on a slow timer, and at once through the control API after the clock moves.
 */
export class CallbackSender {
  constructor(private readonly ctx: SimContext) {}

  /** Raises a callback and makes its first attempt; resolves with whether it was accepted. */
  async send(gateway: SandboxGateway, url: string, contentType: string, body: string): Promise<boolean> {
    const callback: PendingCallback = {
      id: randomUUID(),
      gateway,
      url,
      contentType,
      body,
      attempts: 0,
      nextAttemptAt: this.ctx.clock.now(),
      delivered: false,
      lastResult: 'not sent yet',
    };
    const state = callbackState(this.ctx);
    state.callbacks.push(callback);
    this.#prune(state);
    this.ctx.store.save();
    return this.#attempt(callback);
  }

  /** Tries every callback whose next attempt is due; returns how many were tried. */
  async deliverDue(): Promise<number> {
    const now = this.ctx.clock.now();
    const due = callbackState(this.ctx).callbacks.filter(
      (callback) => callback.nextAttemptAt !== null && callback.nextAttemptAt <= now,
    );
    for (const callback of due) await this.#attempt(callback);
    return due.length;
  }

  list(): readonly PendingCallback[] {
    return callbackState(this.ctx).callbacks;
  }

  async #attempt(callback: PendingCallback): Promise<boolean> {
    callback.attempts += 1;
    try {
      const response = await fetch(callback.url, {
        method: 'POST',
        headers: { 'content-type': callback.contentType, 'user-agent': `${callback.gateway}-sandbox` },
        body: callback.body,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      callback.delivered = response.ok;
      callback.lastResult = `HTTP ${response.status}`;
    } catch (error) {
      callback.lastResult = (error as Error).message;
    }
    const policy = retryPolicy[callback.gateway];
    callback.nextAttemptAt =
      callback.delivered || callback.attempts >= policy.attempts
        ? null
        : this.ctx.clock.now() + Math.min(MAX_GAP_MS, policy.firstGapMs * 2 ** (callback.attempts - 1));
    this.ctx.store.save();
    return callback.delivered;
  }

  #prune(state: CallbackState): void {
    const finished = state.callbacks.filter((callback) => callback.nextAttemptAt === null);
    const excess = finished.length - KEEP_DELIVERED;
    if (excess <= 0) return;
    const dropped = new Set(finished.slice(0, excess));
    state.callbacks = state.callbacks.filter((callback) => !dropped.has(callback));
  }
}
