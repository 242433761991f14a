import type { SimContext } from '../context.ts';
import { StripeError } from './errors.ts';
import { stripeId } from './ids.ts';
import { type StripeState, stripeState } from './state.ts';

/** The API version the sandbox's events are written in. */
export const SANDBOX_API_VERSION = '2025-01-27.acacia';

/**
 * What every part of the Stripe sandbox shares: the state (a Store section), the simulated clock
 * for `created` times, and `emit`, which records an event and queues it for every webhook
 * endpoint that listens to its type. Call `save()` after a change.
 */
export class Sandbox {
  readonly state: StripeState;
  #onEmit: () => void = () => {};

  constructor(readonly ctx: SimContext) {
    this.state = stripeState(ctx);
  }

  now(): number {
    return this.ctx.clock.nowSeconds();
  }

  save(): void {
    this.ctx.store.save();
  }

  /** Called after events were queued, so the dispatcher delivers them. */
  onEmit(listener: () => void): void {
    this.#onEmit = listener;
  }

  emit(type: string, object: unknown): void {
    const endpoints = Object.values(this.state.webhookEndpoints).filter(
      (endpoint) =>
        endpoint.status === 'enabled' &&
        (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type)),
    );
    const event = {
      id: stripeId('evt'),
      object: 'event' as const,
      api_version: SANDBOX_API_VERSION,
      created: this.now(),
      type,
      data: { object: structuredClone(object) },
      livemode: false as const,
      pending_webhooks: endpoints.length,
      request: { id: null, idempotency_key: null },
    };
    this.state.events[event.id] = event;
    for (const endpoint of endpoints) {
      this.state.deliveries.push({
        eventId: event.id,
        endpointId: endpoint.id,
        attempts: 0,
        nextAttemptAt: Date.now(),
        lastError: null,
      });
    }
    if (endpoints.length > 0) queueMicrotask(() => this.#onEmit());
  }

  /** One object of a kind by id, or Stripe's 404. */
  find<K extends keyof StripeState>(
    kind: K,
    id: string,
    name: string,
    param = 'id',
  ): NonNullable<StripeState[K] extends Record<string, infer V> ? V : never> {
    const record = this.state[kind] as Record<string, unknown>;
    const found = Object.hasOwn(record, id) ? record[id] : undefined;
    if (!found) throw StripeError.missing(name, id, param);
    return found as never;
  }
}
