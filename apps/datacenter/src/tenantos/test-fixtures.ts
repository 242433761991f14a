import type { FastifyInstance } from 'fastify';
import { defaultCredentials } from '../context.ts';
import { buildDatacenter, type DatacenterOptions } from '../server.ts';
import type { ServerSpec } from './server-spec.ts';

type SpecInput = Partial<Omit<ServerSpec, 'id'>> & { id: number };

/** A server spec as the demo seed would send it: IPMI, two NVMe disks, v4, v6 and internal IPs. */
export function serverSpec(overrides: SpecInput): Record<string, unknown> {
  return {
    servername: `NYC-DED-${overrides.id}`,
    hostname: `ded${overrides.id}.example.net`,
    cpu: { model: 'AMD EPYC 7443P 24-Core Processor', cores: 24 },
    memoryMb: 65536,
    disks: [
      { sizeGb: 960, type: 'NVMe' },
      { sizeGb: 960, type: 'NVMe' },
    ],
    subnets: [
      {
        subnet: '203.0.113.8',
        cidr: 29,
        gw: '203.0.113.9',
        ips: ['203.0.113.10', '203.0.113.11', '203.0.113.12'],
      },
      { subnet: '2001:db8:42::', cidr: 64, gw: '2001:db8:42::1', ips: ['2001:db8:42::2'] },
      { subnet: '192.168.10.0', cidr: 24, gw: '192.168.10.1', ips: ['192.168.10.42'] },
    ],
    ...overrides,
  };
}

export interface TestSimulator {
  app: FastifyInstance;
  /** A Tenantos API call with the simulator's API key; returns status and parsed body (JSON.parse's type). */
  call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ): Promise<{ status: number; body: ReturnType<typeof JSON.parse> }>;
  createServer(spec: SpecInput): Promise<void>;
  advanceSeconds(seconds: number): Promise<void>;
}

export async function startSimulator(options: DatacenterOptions = {}): Promise<TestSimulator> {
  const app = await buildDatacenter(options);
  const authorization = `Bearer ${defaultCredentials.tenantos.apiKey}`;
  const call: TestSimulator['call'] = async (method, url, payload) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  return {
    app,
    call,
    async createServer(spec) {
      const response = await app.inject({
        method: 'POST',
        url: '/_control/tenantos/servers',
        payload: serverSpec(spec),
      });
      if (response.statusCode >= 300) throw new Error(`createServer: ${response.body}`);
    },
    async advanceSeconds(seconds) {
      const ms = Math.round(seconds * 1000);
      const response = await app.inject({ method: 'POST', url: '/_control/clock/advance', payload: { ms } });
      if (response.statusCode !== 200) throw new Error(`advance: ${response.body}`);
    },
  };
}
