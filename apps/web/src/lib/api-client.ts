import type { ErrorBody } from '@rackdesk/contract';
import { API_BASE } from './paths.ts';
import { clearToken, getToken } from './session.ts';

/** An error answer of the API, parsed from its body (API.md, "Error bodies"). */
export class ApiError extends Error {
  readonly status: number;
  /** The stable `error` code of 403 bodies, when present. */
  readonly code: string | undefined;
  readonly errors: Record<string, string[]>;
  readonly requiredPermission: string | undefined;

  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.message ?? '');
    this.name = 'ApiError';
    this.status = status;
    this.code = body.error;
    this.errors = body.errors ?? {};
    this.requiredPermission = body.required_permission;
  }

  /** The first message given for a field, if any. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/login');
};

/** The app registers here what a 401 on an authenticated call does (clear data, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart/form-data when it is a FormData (files attached). */
  body?: unknown;
  signal?: AbortSignal;
  /** Set to false where a 401 is an ordinary answer (the session check at start). */
  redirectOnUnauthorized?: boolean;
  /** Extra request headers (an `Idempotency-Key`, say). */
  headers?: Record<string, string>;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** The one fetch of the app: adds the bearer token, turns an error answer into an ApiError. */
export async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const token = getToken();
  const headers: Record<string, string> = { ...options.headers, accept };
  // A FormData body goes as multipart/form-data; fetch writes that type with its boundary.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  const response = await fetch(`${API_BASE}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: isForm
      ? (options.body as FormData)
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) {
    const body = await parseBody(response);
    const errorBody = typeof body === 'object' && body !== null ? (body as Partial<ErrorBody>) : {};
    const error = new ApiError(response.status, errorBody);
    if (response.status === 401 && token && options.redirectOnUnauthorized !== false) {
      clearToken();
      onUnauthorized();
    }
    throw error;
  }
  return response;
}

/** A JSON call of the API. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await parseBody(await send(path, options, 'application/json'))) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
