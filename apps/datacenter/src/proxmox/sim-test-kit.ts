import type { FastifyInstance } from 'fastify';
import { defaultCredentials } from '../context.ts';
import { buildDatacenter, type DatacenterOptions } from '../server.ts';
import type { VmSpec } from './control.ts';

/** What the simulator's own tests use to talk to it: Proxmox calls with the token, control calls. */
export interface SimulatorKit {
  app: FastifyInstance;
  /** A Proxmox API call with the default token; the body goes as a form, like real clients send it. */
  pve(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    form?: Record<string, string | number>,
  ): Promise<PveAnswer>;
  control(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }>;
  advance(ms: number): Promise<void>;
  createVm(spec: VmSpec): Promise<void>;
  close(): Promise<void>;
}

export interface PveAnswer {
  status: number;
  // The tests read fields of Proxmox answers freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  body: unknown;
}

const { tokenId, secret } = defaultCredentials.proxmox;
export const AUTHORIZATION = `PVEAPIToken=${tokenId}=${secret}`;

export async function startSimulator(options: DatacenterOptions = {}): Promise<SimulatorKit> {
  const app = await buildDatacenter({ timeScale: 1, ...options });
  const kit: SimulatorKit = {
    app,
    async pve(method, path, form) {
      const response = await app.inject({
        method,
        url: `/api2/json${path}`,
        headers: {
          authorization: AUTHORIZATION,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { payload: new URLSearchParams(stringify(form)).toString() } : {}),
      });
      const body = response.body ? (JSON.parse(response.body) as { data?: unknown }) : undefined;
      return { status: response.statusCode, data: body?.data, body };
    },
    async control(method, path, body) {
      const response = await app.inject({
        method,
        url: `/_control${path}`,
        ...(body ? { payload: body as object } : {}),
      });
      return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined };
    },
    async advance(ms) {
      await app.inject({ method: 'POST', url: '/_control/clock/advance', payload: { ms } });
    },
    async createVm(spec) {
      const { status, body } = await kit.control('POST', '/proxmox/vms', spec);
      if (status !== 201) throw new Error(`createVm: ${status} ${JSON.stringify(body)}`);
    },
    close: () => app.close(),
  };
  return kit;
}

function stringify(form: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
}
