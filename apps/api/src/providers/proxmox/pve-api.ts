import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { UpstreamHttp, type UpstreamResponse } from '../http-client.ts';
import { UpstreamError } from '../upstream-error.ts';
import {
  type PveTaskEntry,
  type PveVmResource,
  taskEntrySchema,
  taskStatusSchema,
  upidSchema,
  vmResourceSchema,
} from './pve-types.ts';

export interface PveApiOptions {
  /** Such as https://pve.example.com:8006 (the `/api2/json` prefix is added). */
  baseUrl: string;
  /** `USER@REALM!TOKENID`. */
  tokenId: string;
  tokenSecret: string;
  /** Per attempt. */
  timeoutMs: number;
  readRetries?: number;
  /** How often task status is polled while the adapter waits for a short task. */
  taskPollMs?: number;
}

type Form = Record<string, string | number | boolean | undefined>;

/** A 400 of Proxmox: its parameter errors, for callers that can tell the user what was wrong. */
export class PveParameterError extends UpstreamError {
  constructor(
    detail: string,
    readonly errors: Record<string, string>,
  ) {
    super('proxmox', 502, detail);
    this.name = 'PveParameterError';
  }
}

/**
 * Proxmox's refusals while another task has the VM: its configuration lock ("VM 100 is locked
 * (backup)") or its lock file, which power changes hold while they work ("can't lock file
 * '/var/lock/qemu-server/lock-100.conf' - got timeout").
 */
const LOCKED = /is locked \(([\w-]+)\)|can't lock file '[^']*' - got timeout/;

/**
 * The Proxmox VE API over UpstreamHttp: API-token header, `{data}` unwrapping, every answer checked
 * against the shape the adapter expects. A 404 is AppError.notFound; a VM lock (Proxmox answers
 * 500 "VM n is locked (…)") is a 409 the user can act on; anything else unexpected is an
 * UpstreamError, never a 500 of ours.
 */
export class PveApi {
  readonly #http: UpstreamHttp;
  readonly #taskPollMs: number;

  constructor(options: PveApiOptions) {
    const base = options.baseUrl.replace(/\/+$/, '').replace(/\/api2\/json$/, '');
    this.#http = new UpstreamHttp({
      upstream: 'proxmox',
      baseUrl: `${base}/api2/json`,
      timeoutMs: options.timeoutMs,
      // UpstreamHttp's default applies only when the key is absent, not when it is undefined.
      readRetries: options.readRetries,
      headers: { authorization: `PVEAPIToken=${options.tokenId}=${options.tokenSecret}` },
    });
    this.#taskPollMs = options.taskPollMs ?? 250;
  }

  async get<S extends z.ZodType>(path: string, schema: S, query?: Form): Promise<z.infer<S>> {
    return this.#call({ method: 'GET', path, query }, schema);
  }

  /** A write; answers the task's UPID (or null for a write that needed no task). */
  async post(path: string, form: Form = {}): Promise<string | null> {
    return this.#call({ method: 'POST', path, form }, upidSchema);
  }

  /** A write that answers data rather than a task (vncproxy). */
  async postFor<S extends z.ZodType>(path: string, schema: S, form: Form = {}): Promise<z.infer<S>> {
    return this.#call({ method: 'POST', path, form }, schema);
  }

  async put(path: string, form: Form = {}): Promise<string | null> {
    return this.#call({ method: 'PUT', path, form }, upidSchema);
  }

  async delete(path: string, query?: Form): Promise<string | null> {
    return this.#call({ method: 'DELETE', path, query }, upidSchema);
  }

  /** The VM's entry in /cluster/resources (which node it is on, its tags); 404 when there is none. */
  async findVm(vmid: number): Promise<PveVmResource> {
    return this.pickVm(await this.listVms(), vmid);
  }

  /** A customer VM (not a template) out of a resource list; 404 when it is not there. */
  pickVm(vms: PveVmResource[], vmid: number): PveVmResource {
    const vm = vms.find((r) => r.vmid === vmid && r.template !== 1);
    if (!vm) throw AppError.notFound('This server was not found.');
    return vm;
  }

  /** Tasks of the VM that are running (or waiting for its lock), newest first. */
  async activeTasks(node: string, vmid: number): Promise<PveTaskEntry[]> {
    return this.get(`/nodes/${seg(node)}/tasks`, taskEntrySchema.array(), { vmid, source: 'active' });
  }

  async listVms(): Promise<PveVmResource[]> {
    const resources = await this.get('/cluster/resources', vmResourceSchema.array(), { type: 'vm' });
    return resources.filter((r) => r.type === 'qemu');
  }

  /** Waits for a short task (a power change) to end; a failed task is an UpstreamError. */
  async waitForTask(node: string, upid: string | null, timeoutMs: number): Promise<void> {
    if (!upid) return;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const task = await this.get(`/nodes/${seg(node)}/tasks/${seg(upid)}/status`, taskStatusSchema);
      if (task.status === 'stopped') {
        if (task.exitstatus === 'OK' || task.exitstatus === undefined) return;
        const failure = new UpstreamError('proxmox', 502, `task ${upid} failed: ${task.exitstatus}`);
        throw lockConflict(failure) ?? failure;
      }
      if (Date.now() > deadline) throw new UpstreamError('proxmox', 504, `task ${upid} still running`);
      await sleep(this.#taskPollMs);
    }
  }

  async #call<S extends z.ZodType>(
    request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; query?: Form; form?: Form },
    schema: S,
  ): Promise<z.infer<S>> {
    let response: UpstreamResponse;
    try {
      response = await this.#http.request(request);
    } catch (error) {
      throw lockConflict(error) ?? error;
    }
    const where = `${request.method} ${request.path}`;
    if (response.status >= 200 && response.status < 300) {
      const parsed = schema.safeParse((response.body as { data?: unknown } | undefined)?.data);
      if (parsed.success) return parsed.data;
      throw new UpstreamError(
        'proxmox',
        502,
        `${where}: unexpected answer: ${parsed.error.message.slice(0, 300)}`,
      );
    }
    const detail = `${where} answered ${response.status}: ${JSON.stringify(response.body)?.slice(0, 300)}`;
    if (response.status === 404) throw AppError.notFound();
    if (response.status === 401 || response.status === 403) {
      throw new UpstreamError('proxmox', 502, `authentication refused: ${detail}`);
    }
    if (response.status === 400) {
      const errors = (response.body as { errors?: Record<string, string> } | undefined)?.errors ?? {};
      throw new PveParameterError(detail, errors);
    }
    throw new UpstreamError('proxmox', 502, detail);
  }
}

/** Encodes one path segment (UPIDs and volids contain ':' and '/'). */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** A write refused because a task holds the VM: the user can retry once it is over. */
export function serverLockedError(): AppError {
  return new AppError(
    409,
    'The server is busy with another operation. Please try again when it has finished.',
    {
      error: 'server_locked',
    },
  );
}

function lockConflict(error: unknown): AppError | undefined {
  return error instanceof UpstreamError && LOCKED.test(error.detail) ? serverLockedError() : undefined;
}
