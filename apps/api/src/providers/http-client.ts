import { setTimeout as sleep } from 'node:timers/promises';
import { UpstreamError } from './upstream-error.ts';

export interface UpstreamHttpOptions {
  /** Name used in logs and errors: 'proxmox', 'tenantos', 'virtualizor'. */
  upstream: string;
  baseUrl: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Extra attempts for idempotent reads after a network error, timeout or 5xx. */
  readRetries?: number;
  /** Headers every call carries (authentication). */
  headers?: Record<string, string>;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended to the base URL as is (the caller encodes path segments). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as a form (Proxmox, Virtualizor) or JSON (Tenantos). */
  form?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /**
   * Whether sending it twice is harmless, so it may be retried. Defaults to GET only; some
   * upstreams read by POST (Tenantos statistics) or act by GET (Tenantos power), and say so here.
   */
  idempotent?: boolean;
}

export interface UpstreamResponse {
  status: number;
  body: unknown;
}

const RETRY_DELAY_MS = 200;

/**
 * The one HTTP client of the provider adapters: timeouts on every call, a bounded retry for
 * reads only (a write sent twice could reboot a server twice), and every failure turned into
 * an UpstreamError. Answers of 4xx are returned to the adapter, which knows what they mean.
 */
export class UpstreamHttp {
  readonly #options: Required<UpstreamHttpOptions>;

  constructor(options: UpstreamHttpOptions) {
    this.#options = {
      ...options,
      readRetries: options.readRetries ?? 2,
      headers: options.headers ?? {},
      baseUrl: options.baseUrl.replace(/\/$/, ''),
    };
  }

  async request(request: UpstreamRequest): Promise<UpstreamResponse> {
    const idempotent = request.idempotent ?? request.method === 'GET';
    const attempts = idempotent ? 1 + this.#options.readRetries : 1;
    let lastError: UpstreamError | undefined;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        const response = await this.#send(request);
        if (response.status < 500) return response;
        lastError = new UpstreamError(
          this.#options.upstream,
          502,
          `${request.method} ${request.path} answered ${response.status}: ${preview(response.body)}`,
        );
      } catch (error) {
        lastError = this.#failure(request, error);
      }
      if (attempt < attempts) await sleep(RETRY_DELAY_MS * attempt);
    }
    throw lastError!;
  }

  async #send(request: UpstreamRequest): Promise<UpstreamResponse> {
    const url = new URL(`${this.#options.baseUrl}${request.path}`);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...this.#options.headers };
    let body: string | undefined;
    if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = formBody(request.form);
    } else if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    const response = await fetch(url, {
      method: request.method,
      headers,
      body,
      signal: AbortSignal.timeout(this.#options.timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, body: parseJson(text) };
  }

  #failure(request: UpstreamRequest, error: unknown): UpstreamError {
    const name = (error as Error | undefined)?.name;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    return new UpstreamError(
      this.#options.upstream,
      timedOut ? 504 : 502,
      `${request.method} ${request.path}: ${timedOut ? 'timed out' : (error as Error).message}`,
    );
  }
}

function formBody(form: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value !== undefined)
      params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return params.toString();
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function preview(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return (text ?? '').slice(0, 200);
}
