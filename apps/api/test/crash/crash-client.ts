import type { ApiProcess } from '../support/api-process.ts';

/** The steps of a cycle the harness kills the API in ('sign-in' and 'read' only retry), and counts per step. */
export type CrashStep =
  'sign-in' | 'read' | 'order' | 'funds' | 'payment-intent' | 'card-pay' | 'apply-credit' | 'provisioning';

export interface CrashCounts {
  cycles: number;
  kills: Partial<Record<CrashStep, number>>;
  retries: Partial<Record<CrashStep, number>>;
  checks: number;
  /** Seconds each cycle took from the order to its settled service, kills and restarts included. */
  seconds: number[];
}

/** Where the next kill lands: while a call of `step` is handled, `delayMs` after it was sent. */
export interface KillPlan {
  step: CrashStep;
  delayMs: number;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** How often one call is tried before the client gives up (a call that never succeeds is a bug). */
const MAX_ATTEMPTS = 40;

/**
 * A client as a real one behaves against an API that dies: it sends a call, and when the
 * connection breaks, or the answer is a fault (5xx) or "still in progress" (409), it sends the
 * same call again (the same Idempotency-Key) once the server is back. The harness's kill plan is
 * armed by the call of its step: the API is killed `delayMs` after that call went out.
 */
export class CrashClient {
  #plan: KillPlan | undefined;
  /** The armed kill's timer, until it has fired. */
  #pendingKill: Promise<void> | undefined;

  constructor(
    private readonly api: ApiProcess,
    private readonly counts: CrashCounts,
  ) {}

  arm(plan: KillPlan | undefined): void {
    this.#plan = plan;
  }

  /** Kills the API now if the plan names `step` (the provisioning step has no call of its own). */
  killDuring(step: CrashStep): void {
    const plan = this.#plan;
    if (plan?.step !== step) return;
    this.#plan = undefined;
    this.#pendingKill = new Promise((resolve) => {
      setTimeout(() => {
        this.counts.kills[step] = (this.counts.kills[step] ?? 0) + 1;
        void this.api.crash();
        resolve();
      }, plan.delayMs);
    });
  }

  /**
   * Waits for the armed kill to have happened: a cycle whose work ended before its kill's delay (a
   * quick provisioning) is checked after that kill and its restart, never with the kill still to come.
   */
  async killed(): Promise<void> {
    await this.#pendingKill;
    this.#pendingKill = undefined;
  }

  async call(
    step: CrashStep,
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string; body?: unknown; key?: string; accept?: number[] } = {},
  ): Promise<Answer> {
    const accept = options.accept ?? [200];
    let last = '';
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      if (attempt > 0) {
        this.counts.retries[step] = (this.counts.retries[step] ?? 0) + 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await this.api.ready();
      const request = fetch(`${this.api.url}/api${path}`, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.key ? { 'idempotency-key': options.key } : {}),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(30_000),
      });
      this.killDuring(step);
      let response: Response;
      try {
        response = await request;
      } catch (error) {
        last = `no answer (${(error as Error).message})`;
        continue;
      }
      const text = await response.text().catch(() => undefined);
      if (text === undefined) {
        last = `${response.status}, its body cut off`;
        continue;
      }
      last = `${response.status} ${text}`;
      if (response.status >= 500 || response.status === 409) continue;
      if (!accept.includes(response.status)) throw new Error(`${method} ${path}: ${last}`);
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    }
    throw new Error(`${method} ${path} never succeeded in ${MAX_ATTEMPTS} attempts; last: ${last}`);
  }
}
