import type {
  DedicatedBandwidthRange,
  DedicatedBandwidthSample,
  DedicatedConsoleMode,
  DedicatedOsTemplate,
  DedicatedPowerAction,
  DedicatedPowerStatus,
  DedicatedRdnsEntry,
  DedicatedRebuildRequest,
  DedicatedRebuildStatus,
  DedicatedServer,
} from '@rackdesk/contract';
import { z } from 'zod';
import { UpstreamHttp, type UpstreamRequest } from '../http-client.ts';
import type {
  DedicatedInstallRequest,
  DedicatedInventoryServer,
  DedicatedProvider,
  DedicatedProvisioning,
  RdnsChange,
} from './dedicated-provider.ts';
import { errorOfAnswer, UPSTREAM, unexpectedAnswer } from './tenantos-errors.ts';
import {
  powerMethodOf,
  toBandwidthSamples,
  toDedicatedServer,
  toOsTemplate,
  toPowerState,
  toRdnsEntry,
  toRebuildStatus,
} from './tenantos-mapper.ts';
import {
  tenantosAckSchema,
  tenantosConsoleSchema,
  tenantosEnvelopeSchema,
  tenantosInstallStatusSchema,
  tenantosNetworkStatsSchema,
  tenantosPowerStatusSchema,
  tenantosProfileSchema,
  tenantosRdnsSchema,
  tenantosServerSchema,
} from './tenantos-schemas.ts';

export interface TenantosClientOptions {
  /** The Tenantos panel, e.g. https://panel.example.com (the API lives under /api). */
  baseUrl: string;
  apiKey: string;
  /** Per attempt. */
  timeoutMs: number;
}

const READ_ATTEMPTS = 3;
/** Tenantos' TTL for a PTR record when none is given. */
const DEFAULT_RDNS_TTL = 3600;
/** The statistics range covering the billing period, from the first of the month (UTC) to now. */
const BILLING_PERIOD = 'currentMonth';

const serverPath = (serverId: number) => `/api/servers/${encodeURIComponent(String(serverId))}`;

/**
 * The dedicated-server provider over the Tenantos API (`Authorization: Bearer <API key>`).
 * Vendor shapes stop here: answers are checked against the schemas of tenantos-schemas.ts and
 * mapped to the contract's shapes by tenantos-mapper.ts.
 */
export class TenantosClient implements DedicatedProvider, DedicatedProvisioning {
  readonly #http: UpstreamHttp;

  constructor(options: TenantosClientOptions) {
    this.#http = new UpstreamHttp({
      upstream: UPSTREAM,
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      readRetries: READ_ATTEMPTS - 1,
      headers: { authorization: `Bearer ${options.apiKey}` },
    });
  }

  async getServer(serverId: number): Promise<DedicatedServer> {
    return toDedicatedServer(await this.#read(serverPath(serverId), tenantosServerSchema));
  }

  async setNickname(serverId: number, nickname: string): Promise<void> {
    await this.#write({ method: 'PUT', path: serverPath(serverId), json: { nickname } });
  }

  async listTemplates(serverId: number): Promise<DedicatedOsTemplate[]> {
    const path = `${serverPath(serverId)}/provisioning/getProfiles`;
    return (await this.#read(path, z.array(tenantosProfileSchema))).map(toOsTemplate);
  }

  async startRebuild(serverId: number, request: DedicatedRebuildRequest): Promise<void> {
    await this.#write({
      method: 'POST',
      path: `${serverPath(serverId)}/provisioning/startReinstallation`,
      json: {
        profileId: request.template,
        disklayoutId: request.disk_layout,
        rootpassword: request.password,
      },
    });
  }

  async stopRebuild(serverId: number): Promise<void> {
    await this.#write({ method: 'GET', path: `${serverPath(serverId)}/provisioning/stopReinstallation` });
  }

  async getRebuildStatus(serverId: number): Promise<DedicatedRebuildStatus> {
    const path = `${serverPath(serverId)}/provisioning/getInstallStatus`;
    return toRebuildStatus(await this.#read(path, tenantosInstallStatusSchema));
  }

  async getPowerStatus(serverId: number): Promise<DedicatedPowerStatus> {
    const path = `${serverPath(serverId)}/power/${powerMethodOf.status}`;
    return { status: toPowerState(await this.#read(path, tenantosPowerStatusSchema)) };
  }

  powerOn(serverId: number): Promise<void> {
    return this.#power(serverId, 'powerOn');
  }

  powerOff(serverId: number): Promise<void> {
    return this.#power(serverId, 'powerOff');
  }

  powerReset(serverId: number): Promise<void> {
    return this.#power(serverId, 'powerReset');
  }

  resetBmc(serverId: number): Promise<void> {
    return this.#power(serverId, 'resetBmc');
  }

  async startConsole(serverId: number, mode: DedicatedConsoleMode): Promise<{ accessUrl: string }> {
    // Issuing a ticket twice is harmless, so this GET is retried like a read.
    const path = `${serverPath(serverId)}/console/start`;
    // Documented as body fields of this GET; Tenantos reads the query string alike.
    const { accessUrl } = await this.#read(path, tenantosConsoleSchema, { consoleMode: mode });
    return { accessUrl };
  }

  async getBandwidth(serverId: number, range: DedicatedBandwidthRange): Promise<DedicatedBandwidthSample[]> {
    // `graph` answers samples to chart over the predefined range.
    const path = `${serverPath(serverId)}/stats/network/graph`;
    return toBandwidthSamples(
      await this.#readByPost(path, tenantosNetworkStatsSchema, { predefined: range }),
    );
  }

  async getBandwidthSummary(serverId: number): Promise<{ total: number }> {
    // `text` answers a sample per day; only the summary of the period is needed.
    const path = `${serverPath(serverId)}/stats/network/text`;
    const body = { predefined: BILLING_PERIOD, summary: true };
    const { summary } = await this.#readByPost(path, tenantosNetworkStatsSchema, body);
    return { total: summary.total ?? summary.traffic_in + summary.traffic_out };
  }

  async getRdns(serverId: number, ips: readonly string[]): Promise<DedicatedRdnsEntry[]> {
    // Without a list Tenantos answers for every address; the panel asks for specific ones.
    if (ips.length === 0) return [];
    const path = `${serverPath(serverId)}/ipassignments/rdns`;
    const records = await this.#read(path, tenantosRdnsSchema, { ip_list: ips.join(',') });
    return records.map((record) => toRdnsEntry(record, DEFAULT_RDNS_TTL));
  }

  async saveRdns(serverId: number, changes: readonly RdnsChange[]): Promise<DedicatedRdnsEntry[]> {
    const request: UpstreamRequest = {
      method: 'POST',
      path: `${serverPath(serverId)}/ipassignments/rdns`,
      json: {
        ip_list: changes.map((change) => change.ip),
        hostname_list: changes.map((change) => change.host),
        ttl_list: changes.map((change) => change.ttl ?? DEFAULT_RDNS_TTL),
      },
    };
    const records = await this.#send(request, tenantosRdnsSchema);
    return records.map((record) => toRdnsEntry(record, DEFAULT_RDNS_TTL));
  }

  async listServersByTags(tags: readonly string[]): Promise<DedicatedInventoryServer[]> {
    // A search: sent again after a failure, it finds the same servers.
    const servers = await this.#readByPost('/api/servers/getByTags', z.array(tenantosServerSchema), {
      tags: [...tags],
    });
    return servers.map((server) => ({ id: server.id, tags: server.tags ?? [] })).sort((a, b) => a.id - b.id);
  }

  async addServerTag(serverId: number, tag: string): Promise<void> {
    const tags = await this.#tagsOf(serverId);
    if (!tags.includes(tag))
      await this.#write({ method: 'PUT', path: serverPath(serverId), json: { tags: [...tags, tag] } });
  }

  async removeServerTag(serverId: number, tag: string): Promise<void> {
    const tags = await this.#tagsOf(serverId);
    if (tags.includes(tag)) {
      await this.#write({
        method: 'PUT',
        path: serverPath(serverId),
        json: { tags: tags.filter((t) => t !== tag) },
      });
    }
  }

  async setHostname(serverId: number, hostname: string): Promise<void> {
    await this.#write({ method: 'PUT', path: serverPath(serverId), json: { hostname } });
  }

  async startInstall(serverId: number, request: DedicatedInstallRequest): Promise<void> {
    await this.#write({
      method: 'POST',
      path: `${serverPath(serverId)}/provisioning/startReinstallation`,
      json: {
        profileId: request.profileId,
        ...(request.disklayoutId === undefined ? {} : { disklayoutId: request.disklayoutId }),
        rootpassword: request.rootpassword,
        ...(request.sshkeys.length > 0 ? { sshkeys: request.sshkeys } : {}),
        hostname: request.hostname,
      },
    });
  }

  async #tagsOf(serverId: number): Promise<string[]> {
    return (await this.#read(serverPath(serverId), tenantosServerSchema)).tags ?? [];
  }

  async #power(serverId: number, action: DedicatedPowerAction): Promise<void> {
    await this.#write({ method: 'GET', path: `${serverPath(serverId)}/power/${powerMethodOf[action]}` });
  }

  #read<T extends z.ZodType>(
    path: string,
    schema: T,
    query?: UpstreamRequest['query'],
  ): Promise<z.output<T>> {
    return this.#send({ method: 'GET', path, ...(query ? { query } : {}) }, schema);
  }

  /** Tenantos serves statistics through POST although they change nothing: retried like reads. */
  #readByPost<T extends z.ZodType>(path: string, schema: T, json: object): Promise<z.output<T>> {
    return this.#send({ method: 'POST', path, json, idempotent: true }, schema);
  }

  /** Sent once, whatever the method: Tenantos takes power commands as GET. */
  async #write(request: UpstreamRequest): Promise<void> {
    await this.#send({ ...request, idempotent: false }, tenantosAckSchema);
  }

  /** One call: refusals become AppError or UpstreamError, and the answer must match its schema. */
  async #send<T extends z.ZodType>(request: UpstreamRequest, schema: T): Promise<z.output<T>> {
    const response = await this.#http.request(request);
    if (response.status < 200 || response.status >= 300) throw errorOfAnswer(request, response);
    const envelope = tenantosEnvelopeSchema.safeParse(response.body);
    if (!envelope.success) throw unexpectedAnswer(request, 'no result');
    const parsed = schema.safeParse(envelope.data.result);
    if (!parsed.success) throw unexpectedAnswer(request, z.prettifyError(parsed.error));
    return parsed.data;
  }
}
