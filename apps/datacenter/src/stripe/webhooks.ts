import { createHmac } from 'node:crypto';
import type { Sandbox } from './sandbox.ts';
import type { Delivery } from './state.ts';

/** `Stripe-Signature` of a payload, as Stripe signs webhooks: `t=<unix>,v1=HMAC-SHA256(secret, "t.payload")`. */
export function signPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Delay before the next attempt of a delivery that failed `attempts` times: 0.5 s doubling to 1 min. */
const retryDelayMs = (attempts: number) => Math.min(60_000, 500 * 2 ** (attempts - 1));
/** After this many failed attempts a delivery is given up (Stripe retries for three days). */
const MAX_ATTEMPTS = 12;
const TIMEOUT_MS = 10_000;

/**
 * Posts queued events to their webhook endpoints, signed with the endpoint's secret, and retries
 * failures with a growing delay. The queue lives in the sandbox state, so a restart resumes it;
 * a timer only wakes the dispatcher (the one place the simulator runs on real time: the panel it
 * calls does not follow the simulated clock).
 */
export class WebhookDispatcher {
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #closed = false;

  constructor(
    private readonly sandbox: Sandbox,
    private readonly secret: string,
  ) {
    sandbox.onEmit(() => void this.flush());
  }

  /** Delivers every due delivery now (`force`: the waiting ones too). */
  async flush(force = false): Promise<void> {
    if (this.#running || this.#closed) return;
    this.#running = true;
    try {
      const now = Date.now();
      const due = this.sandbox.state.deliveries.filter((d) => force || d.nextAttemptAt <= now);
      await Promise.all(due.map((delivery) => this.#attempt(delivery)));
      this.sandbox.save();
    } finally {
      this.#running = false;
    }
    this.#schedule();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  async #attempt(delivery: Delivery): Promise<void> {
    const { state } = this.sandbox;
    const event = state.events[delivery.eventId];
    const endpoint = state.webhookEndpoints[delivery.endpointId];
    if (!event || !endpoint) return this.#drop(delivery);
    const payload = JSON.stringify(event, null, 2);
    delivery.attempts += 1;
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signPayload(payload, this.secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (response.ok) {
        event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
        return this.#drop(delivery);
      }
      delivery.lastError = `HTTP ${response.status}`;
    } catch (error) {
      delivery.lastError = (error as Error).message;
    }
    if (delivery.attempts >= MAX_ATTEMPTS) {
      this.sandbox.ctx.log.warn({ event: event.id, url: endpoint.url }, 'stripe sandbox: webhook given up');
      return this.#drop(delivery);
    }
    delivery.nextAttemptAt = Date.now() + retryDelayMs(delivery.attempts);
  }

  #drop(delivery: Delivery): void {
    const list = this.sandbox.state.deliveries;
    const index = list.indexOf(delivery);
    if (index >= 0) list.splice(index, 1);
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    if (this.#closed || this.sandbox.state.deliveries.length === 0) return;
    const next = Math.min(...this.sandbox.state.deliveries.map((d) => d.nextAttemptAt));
    this.#timer = setTimeout(() => void this.flush(), Math.max(0, next - Date.now()));
    this.#timer.unref();
  }
}
