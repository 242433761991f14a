import autocannon from 'autocannon';
import type { BenchServer } from './server.ts';

const DURATION_SECONDS = 5;
const CONNECTIONS = 20;

export interface Measurement {
  title: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** Loads one request with autocannon for a few seconds on loopback. */
export async function measure(title: string, options: autocannon.Options): Promise<Measurement> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
  return {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Signs in through the API and answers the session's bearer token. */
export async function signIn(server: BenchServer, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password2: password }),
  });
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error(`${email} could not sign in (${response.status}): is the database seeded?`);
  return token;
}

/** A read of the panel; `token` is the caller's, or undefined for a guest's read. */
export interface HotRead {
  title: string;
  path: string;
  token: string | undefined;
}

/** The hot reads of the panel, as the demo owner's pages call them. */
export async function hotReads(server: BenchServer): Promise<HotRead[]> {
  const token = await signIn(server, 'demo@example.com', 'demo-password');
  const headers = { authorization: `Bearer ${token}` };
  const services = (await (await fetch(`${server.url}/api/services`, { headers })).json()) as {
    products: { product: { id: number }[] };
  };
  const serviceId = services.products.product[0]?.id;
  if (serviceId === undefined) throw new Error('the demo owner has no services');
  return [
    { title: 'GET /api/health', path: '/api/health', token: undefined },
    { title: 'GET /api/user', path: '/api/user', token },
    { title: `GET /api/services (${services.products.product.length} rows)`, path: '/api/services', token },
    { title: 'GET /api/services/{id}', path: `/api/services/${serviceId}`, token },
    { title: 'GET /api/invoices (first page of 10)', path: '/api/invoices?limitstart=0&limitnum=10', token },
    { title: 'GET /api/support', path: '/api/support', token },
  ];
}
