import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';

const CHANNEL = 'rackdesk_events';

export interface UserEvent {
  name: string;
  data: unknown;
}

type Subscriber = (event: UserEvent) => void;

/**
 * Per-account events for the SSE stream. A publish is a PostgreSQL NOTIFY, so an event raised by
 * one API instance reaches browsers connected to any other; each instance LISTENs once and hands
 * events to its own subscribers.
 */
export class EventBus {
  private readonly subscribers = new Map<number, Set<Subscriber>>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(CHANNEL, (payload) => this.dispatch(payload));
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.subscribers.clear();
  }

  async publish(accountId: number, name: string, data: unknown = {}): Promise<void> {
    const payload = JSON.stringify({ accountId, name, data });
    await this.database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  }

  subscribe(accountId: number, subscriber: Subscriber): () => void {
    const set = this.subscribers.get(accountId) ?? new Set();
    set.add(subscriber);
    this.subscribers.set(accountId, set);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(accountId);
    };
  }

  private dispatch(payload: string) {
    try {
      const { accountId, name, data } = JSON.parse(payload) as {
        accountId: number;
        name: string;
        data: unknown;
      };
      for (const subscriber of this.subscribers.get(accountId) ?? []) subscriber({ name, data });
    } catch (error) {
      this.log.warn({ err: error }, 'dropped a malformed event');
    }
  }
}
