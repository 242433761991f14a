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

/** Loopback load on the hot reads: the health check and the session lookup behind GET /api/user. */
export async function measureApiReads(server: BenchServer) {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password2: 'demo-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  return [
    await measure('GET /api/health', { url: `${server.url}/api/health` }),
    await measure('GET /api/user (session lookup)', {
      url: `${server.url}/api/user`,
      headers: { authorization: `Bearer ${token}` },
    }),
  ];
}
