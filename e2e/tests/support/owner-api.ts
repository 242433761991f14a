import { type APIRequestContext, expect } from '@playwright/test';
import { demo } from './env.ts';

let cachedToken: string | undefined;

/**
 * The demo owner's API token, one session per worker: signing in for every look would hit the
 * login rate limit.
 */
export async function ownerToken(request: APIRequestContext): Promise<string> {
  if (!cachedToken) {
    const login = await request.post('/api/login', { data: { email: demo.email, password2: demo.password } });
    expect(login.status(), await login.text()).toBe(200);
    cachedToken = ((await login.json()) as { token: string }).token;
  }
  return cachedToken;
}

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
