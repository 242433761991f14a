import type { FastifyInstance } from 'fastify';
import { defaultCredentials } from '../context.ts';
import { buildDatacenter, type DatacenterOptions } from '../server.ts';

/** The parts of the answers the tests read. */
export interface Answer {
  done?: { msg: string };
  error?: Record<string, string>;
  status?: number;
}

export interface ControlVps {
  vpsid: number;
  hostname: string;
  status: 0 | 1;
  locked: string;
  osid: number;
  rootPasswordSha256: string;
  pendingPower: unknown;
}

export interface VpsInfo {
  status: 0 | 1;
  uptime: number;
  vps: { hostname: string; osid: string; locked: string; boot: string; iso: string; sec_iso: string };
  cpu: { percent: number };
  bandwidth: { used_gb: number; limit_gb: number };
}

/** Calls of the simulated end-user API and its control endpoints for the simulator's own tests. */
export interface VirtualizorSim {
  app: FastifyInstance;
  /** GET /index.php with the default credentials. */
  get<T = Answer>(act: string, params?: Record<string, string | number>): Promise<T>;
  /** POST /index.php with a form body. */
  post<T = Answer>(
    act: string,
    params: Record<string, string | number>,
    form?: Record<string, string>,
  ): Promise<T>;
  createVps(spec: Record<string, unknown>): Promise<ControlVps>;
  control(vpsid: number): Promise<ControlVps>;
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

function url(act: string, params: Record<string, string | number>): string {
  const { apiKey, apiPass } = defaultCredentials.virtualizor;
  const query = new URLSearchParams({ act, api: 'json', apikey: apiKey, apipass: apiPass });
  for (const [key, value] of Object.entries(params)) query.set(key, String(value));
  return `/index.php?${query}`;
}

export async function startSim(options: DatacenterOptions = {}): Promise<VirtualizorSim> {
  const app = await buildDatacenter(options);
  return {
    app,
    async get<T>(act: string, params: Record<string, string | number> = {}) {
      return (await app.inject({ method: 'GET', url: url(act, params) })).json<T>();
    },
    async post<T>(act: string, params: Record<string, string | number>, form: Record<string, string> = {}) {
      const response = await app.inject({
        method: 'POST',
        url: url(act, params),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
      return response.json<T>();
    },
    async createVps(spec) {
      const response = await app.inject({ method: 'POST', url: '/_control/virtualizor/vps', payload: spec });
      return response.json().vps;
    },
    async control(vpsid) {
      return (await app.inject({ method: 'GET', url: `/_control/virtualizor/vps/${vpsid}` })).json().vps;
    },
    async advance(ms) {
      await app.inject({ method: 'POST', url: '/_control/clock/advance', payload: { ms } });
    },
    close: () => app.close(),
  };
}

/** `info` of `act=vpsmanage`. */
export async function vpsInfo(sim: VirtualizorSim, vpsid: number): Promise<VpsInfo> {
  return (await sim.get<{ info: VpsInfo }>('vpsmanage', { svs: vpsid })).info;
}
