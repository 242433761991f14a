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

/** Signs in through the API and answers the bearer header of that session. */
export async function signIn(server: BenchServer, email: string, password: string) {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password2: password }),
  });
  if (!response.ok) throw new Error(`signing in as ${email} failed: ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** The hot reads of the panel, as the demo owner's pages call them. */
export async function hotReads(server: BenchServer) {
  const headers = await signIn(server, 'demo@example.com', 'demo-password');
  const services = (await (await fetch(`${server.url}/api/services`, { headers })).json()) as {
    products: { product: { id: number }[] };
  };
  const serviceId = services.products.product[0]?.id;
  if (serviceId === undefined) throw new Error('the demo owner has no services');
  const read = (title: string, path: string, auth = true) => ({
    title,
    options: { url: `${server.url}${path}`, ...(auth && { headers }) },
  });
  return [
    read('GET /api/health', '/api/health', false),
    read('GET /api/user', '/api/user'),
    read(`GET /api/services (${services.products.product.length} rows)`, '/api/services'),
    read('GET /api/services/{id}', `/api/services/${serviceId}`),
    read('GET /api/invoices (first page of 10)', '/api/invoices?limitstart=0&limitnum=10'),
    read('GET /api/support', '/api/support'),
  ];
}
