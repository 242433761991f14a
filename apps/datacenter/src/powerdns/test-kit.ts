import type { FastifyInstance } from 'fastify';
import { defaultCredentials } from '../context.ts';
import { buildDatacenter, type DatacenterOptions } from '../server.ts';
import type { ZoneSpec } from './control.ts';

export const API_KEY = defaultCredentials.powerdns.apiKey;
export const ZONES = '/servers/localhost/zones';

export interface Answer {
  status: number;
  // The tests read fields of PowerDNS answers freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, unknown>;
}

/** What the simulator's own tests use: PowerDNS calls with the API key, control calls, the clock. */
export interface PowerDnsKit {
  app: FastifyInstance;
  /** A call under `/api/v1` with the default `X-API-Key`; the body goes as JSON. */
  api(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer>;
  control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Answer>;
  createZone(spec: ZoneSpec): Promise<void>;
  /** PATCHes one PTR RRset: a host sets it, null deletes it. */
  setPtr(zone: string, name: string, host: string | null, ttl?: number): Promise<Answer>;
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

function answerOf(response: { statusCode: number; body: string; headers: Record<string, unknown> }): Answer {
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: response.statusCode,
    body: response.body ? (json ? JSON.parse(response.body) : response.body) : undefined,
    headers: response.headers,
  };
}

export async function startSimulator(options: DatacenterOptions = {}): Promise<PowerDnsKit> {
  const app = await buildDatacenter({ timeScale: 1, ...options });
  const kit: PowerDnsKit = {
    app,
    async api(method, path, body, headers = {}) {
      const response = await app.inject({
        method,
        url: `/api/v1${path}`,
        headers: { 'x-api-key': API_KEY, ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return answerOf(response);
    },
    async control(method, path, body) {
      const response = await app.inject({
        method,
        url: `/_control/powerdns${path}`,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return answerOf(response);
    },
    async createZone(spec) {
      const { status, body } = await kit.control('POST', '/zones', spec);
      if (status >= 300) throw new Error(`createZone: ${status} ${JSON.stringify(body)}`);
    },
    setPtr(zone, name, host, ttl = 3600) {
      const rrset =
        host === null
          ? { name, type: 'PTR', changetype: 'DELETE' }
          : { name, type: 'PTR', ttl, changetype: 'REPLACE', records: [{ content: host, disabled: false }] };
      return kit.api('PATCH', `${ZONES}/${zone}`, { rrsets: [rrset] });
    },
    async advance(ms) {
      await app.inject({ method: 'POST', url: '/_control/clock/advance', payload: { ms } });
    },
    close: () => app.close(),
  };
  return kit;
}

/** The PTR RRsets of a zone as the API shows them. */
export async function ptrsOf(kit: PowerDnsKit, zone: string) {
  const { body } = await kit.api('GET', `${ZONES}/${zone}`);
  return (body.rrsets as { name: string; type: string; ttl: number; records: { content: string }[] }[])
    .filter((rrset) => rrset.type === 'PTR')
    .map(({ name, ttl, records }) => ({ name, ttl, contents: records.map((record) => record.content) }));
}
