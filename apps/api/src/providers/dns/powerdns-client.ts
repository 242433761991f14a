import { RDNS_TTL, type RdnsEntry, RdnsText } from '@rackdesk/contract';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { UpstreamHttp, type UpstreamRequest } from '../http-client.ts';
import { UpstreamError } from '../upstream-error.ts';
import {
  type AnswerMeaning,
  errorOfAnswer,
  ReverseDnsText,
  UPSTREAM,
  unexpectedAnswer,
} from './powerdns-errors.ts';
import {
  type PdnsRrset,
  type PdnsRrsetChange,
  type PdnsZoneSummary,
  pdnsZoneSchema,
  pdnsZoneSummarySchema,
} from './powerdns-schemas.ts';
import { normalizedHost } from './ptr-hostname.ts';
import { DEFAULT_PTR_TTL, ptrChange, ptrRestore, toRdnsEntry } from './ptr-mapper.ts';
import type { PtrChange, ReverseDnsProvider } from './reverse-dns-provider.ts';
import { reverseNameOf, zoneHolding } from './reverse-names.ts';

export interface PowerDnsClientOptions {
  /** The PowerDNS webserver, e.g. http://dns-api.example.net:8081 (the API lives under /api/v1). */
  baseUrl: string;
  apiKey: string;
  /** The server in API paths; a PowerDNS Authoritative server answers to 'localhost' only. */
  serverId?: string;
  /** Per attempt. */
  timeoutMs: number;
}

const READ_ATTEMPTS = 3;

/** An address of the request, with its PTR owner name and the reverse zone holding it. */
interface Placed {
  index: number;
  ip: string;
  name: string;
  zone: PdnsZoneSummary;
}

/** A change ready to send: the host normalized ('' removes) and the TTL decided. */
interface Planned extends Placed {
  host: string;
  ttl: number;
}

function checkedChange(change: PtrChange, index: number): { host: string; ttl: number | undefined } {
  const host = normalizedHost(change.host);
  if (host === undefined) throw AppError.invalid(`hostname_list.${index}`, RdnsText.invalidHostname);
  const { ttl } = change;
  if (ttl !== undefined && !(Number.isInteger(ttl) && ttl >= RDNS_TTL.min && ttl <= RDNS_TTL.max)) {
    const message = `The TTL must be between ${RDNS_TTL.min} and ${RDNS_TTL.max} seconds.`;
    throw AppError.invalid(`ttl_list.${index}`, message);
  }
  return { host, ttl };
}

function byZone<T extends Placed>(items: readonly T[]): { zone: PdnsZoneSummary; items: T[] }[] {
  const groups = new Map<string, { zone: PdnsZoneSummary; items: T[] }>();
  for (const item of items) {
    const group = groups.get(item.zone.id) ?? { zone: item.zone, items: [] };
    group.items.push(item);
    groups.set(item.zone.id, group);
  }
  return [...groups.values()];
}

/**
 * Reverse DNS over the PowerDNS Authoritative HTTP API (`X-API-Key`). An address's PTR record
 * lives in the reverse zone whose name is the longest suffix of the address's reverse name; it
 * is read from the zone's RRsets and changed by a PATCH of that zone (REPLACE, or DELETE for an
 * empty host). Vendor shapes stop here: answers are checked against powerdns-schemas.ts and
 * mapped to the contract's entries by ptr-mapper.ts.
 */
export class PowerDnsClient implements ReverseDnsProvider {
  readonly #http: UpstreamHttp;
  readonly #serverPath: string;

  constructor(options: PowerDnsClientOptions) {
    this.#http = new UpstreamHttp({
      upstream: UPSTREAM,
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      readRetries: READ_ATTEMPTS - 1,
      headers: { 'x-api-key': options.apiKey },
    });
    this.#serverPath = `/api/v1/servers/${encodeURIComponent(options.serverId ?? 'localhost')}`;
  }

  async getPtr(ips: readonly string[]): Promise<RdnsEntry[]> {
    if (ips.length === 0) return [];
    const placed = await this.#place(ips);
    const current = await this.#readPtrs(placed);
    return placed.map(({ ip, name }) => toRdnsEntry(ip, current.get(name)));
  }

  async setPtr(changes: readonly PtrChange[]): Promise<RdnsEntry[]> {
    if (changes.length === 0) return [];
    const checked = changes.map(checkedChange);
    const placed = await this.#place(
      changes.map((change) => change.ip),
      { distinct: true },
    );
    // Read first: a change without a TTL keeps the record's own, and a failure puts back what was there.
    const current = await this.#readPtrs(placed);
    const planned: Planned[] = placed.map((target) => {
      const { host, ttl } = checked[target.index]!;
      return { ...target, host, ttl: ttl ?? current.get(target.name)?.ttl ?? DEFAULT_PTR_TTL };
    });
    await this.#writeAllOrNothing(planned, current);
    return planned.map(({ ip, host, ttl }) => (host === '' ? toRdnsEntry(ip, undefined) : { ip, host, ttl }));
  }

  /** Names each address's PTR owner and finds its zone; refuses bad ones before any change is sent. */
  async #place(ips: readonly string[], options: { distinct?: boolean } = {}): Promise<Placed[]> {
    const names = ips.map((ip, index) => {
      const name = reverseNameOf(ip.trim());
      if (!name) throw AppError.invalid(`ip_list.${index}`, RdnsText.invalidIp);
      return name;
    });
    const repeated = names.findIndex((name, index) => names.indexOf(name) !== index);
    if (options.distinct && repeated !== -1)
      throw AppError.invalid(`ip_list.${repeated}`, RdnsText.duplicateIp);
    const zones = await this.#call(
      { method: 'GET', path: `${this.#serverPath}/zones`, query: { dnssec: false } },
      z.array(pdnsZoneSummarySchema),
      {},
    );
    return names.map((name, index) => {
      const zone = zoneHolding(name, zones);
      if (!zone) throw AppError.invalid(`ip_list.${index}`, ReverseDnsText.noReverseZone);
      return { index, ip: ips[index]!, name, zone };
    });
  }

  /** The PTR RRsets of the addresses' names, by name: one read per zone, the zones at once. */
  async #readPtrs(placed: readonly Placed[]): Promise<Map<string, PdnsRrset>> {
    const perZone = await Promise.all(
      byZone(placed).map(({ zone, items }) =>
        this.#readZonePtrs(
          zone,
          items.map((item) => item.name),
        ),
      ),
    );
    return new Map(perZone.flat().map((rrset) => [rrset.name.toLowerCase(), rrset]));
  }

  async #readZonePtrs(zone: PdnsZoneSummary, names: readonly string[]): Promise<PdnsRrset[]> {
    // One name: let the server narrow its answer. Several: one read of the whole zone beats many.
    const query = names.length === 1 ? { rrset_name: names[0], rrset_type: 'PTR' } : undefined;
    const { rrsets } = await this.#call(
      { method: 'GET', path: this.#zonePath(zone), ...(query ? { query } : {}) },
      pdnsZoneSchema,
      { notFound: ReverseDnsText.noReverseZone },
    );
    // Servers before 4.8 ignore the filters, so the answer is narrowed here as well.
    return rrsets.filter((rrset) => rrset.type === 'PTR' && names.includes(rrset.name.toLowerCase()));
  }

  /**
   * One PATCH per zone (each is a transaction in PowerDNS). When one fails after others went
   * through, those are put back as they were read, so the request changes all or nothing; a zone
   * whose PATCH timed out may have been changed too, so it is put back as well.
   */
  async #writeAllOrNothing(planned: readonly Planned[], current: Map<string, PdnsRrset>): Promise<void> {
    const attempted: ReturnType<typeof byZone<Planned>> = [];
    try {
      for (const group of byZone(planned)) {
        attempted.push(group);
        const field = group.items.length === 1 ? `hostname_list.${group.items[0]!.index}` : 'hostname_list';
        await this.#patch(
          group.zone,
          group.items.map((item) => ptrChange(item.name, item.host, item.ttl)),
          field,
        );
      }
    } catch (error) {
      const outcomeUnknown = error instanceof UpstreamError && error.statusCode === 504;
      const undo = outcomeUnknown ? attempted : attempted.slice(0, -1);
      await Promise.allSettled(
        undo.map(({ zone, items }) =>
          this.#patch(
            zone,
            items.map((item) => ptrRestore(item.name, current.get(item.name))),
            'hostname_list',
          ),
        ),
      );
      throw error;
    }
  }

  async #patch(zone: PdnsZoneSummary, rrsets: PdnsRrsetChange[], refusedField: string): Promise<void> {
    await this.#call(
      { method: 'PATCH', path: this.#zonePath(zone), json: { rrsets }, idempotent: false },
      z.unknown(),
      { notFound: ReverseDnsText.noReverseZone, refusedField },
    );
  }

  #zonePath(zone: PdnsZoneSummary): string {
    return `${this.#serverPath}/zones/${zone.id}`;
  }

  /** One call: refusals become AppError or UpstreamError, and the answer must match its schema. */
  async #call<T extends z.ZodType>(
    request: UpstreamRequest,
    schema: T,
    meaning: AnswerMeaning,
  ): Promise<z.output<T>> {
    const response = await this.#http.request(request);
    if (response.status < 200 || response.status >= 300) throw errorOfAnswer(request, response, meaning);
    const parsed = schema.safeParse(response.body);
    if (!parsed.success) throw unexpectedAnswer(request, z.prettifyError(parsed.error));
    return parsed.data;
  }
}
