import { type APIRequestContext, expect } from '@playwright/test';
import { demo } from './env.ts';

const tokens = new Map<string, string>();

/**
 * An API session of `email`, one per worker: signing in for every look would hit the login rate
 * limit.
 */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    const login = await request.post('/api/login', { data: { email, password2: password } });
    expect(login.status(), await login.text()).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    tokens.set(email, token);
  }
  return token;
}

/** The demo owner's API session. */
export const ownerToken = (request: APIRequestContext) => apiToken(request, demo.email, demo.password);

/** The authorization header of the demo owner's API session. */
export async function ownerHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await ownerToken(request)}` };
}

/** The demo owner's service ids by domain, read through the API as the owner. */
export async function serviceIds(request: APIRequestContext): Promise<Map<string, number>> {
  const response = await request.get('/api/services', { headers: await ownerHeaders(request) });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { products: { product: { id: number; domain: string }[] } };
  return new Map(body.products.product.map((service) => [service.domain, service.id]));
}

/** The id of the demo owner's service behind `domain`. */
export async function serviceIdByDomain(request: APIRequestContext, domain: string): Promise<number> {
  const id = (await serviceIds(request)).get(domain);
  expect(id, `the demo owner has a service ${domain}`).toBeDefined();
  return id!;
}

/**
 * Calls the API as the demo owner and returns the parsed answer, failing on any error status.
 * A POST without `data` sends an empty object, as the panel does for calls without a payload.
 */
export async function ownerApi<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: await ownerHeaders(request),
    ...(method === 'POST' ? { data: data ?? {} } : data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}
