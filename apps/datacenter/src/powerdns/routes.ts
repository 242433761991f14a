import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { parseApiName, zoneNameOfId } from './dns-names.ts';
import { presentZone, presentZoneSummary, SERVER_ID, server } from './presenter.ts';
import { checkType } from './record-rules.ts';
import { badRequest, notFound, unprocessable } from './replies.ts';
import { isObject } from './rrset-json.ts';
import { searchData } from './search.ts';
import { powerDnsState, type SimZone } from './state.ts';
import { createdZone, zoneKindOf } from './zone-create.ts';
import { exportZone } from './zone-export.ts';
import { recordChange, settleZone } from './zone-serial.ts';
import { patchedRrsets } from './zone-patch.ts';

type ServerParams = { Params: { serverId: string } };
type ZoneParams = { Params: { serverId: string; zoneId: string } };
type Query = Record<string, string | undefined>;

/** PowerDNS's `true`/`false` query flags; another value is refused. */
function flag(query: Query, key: string, fallback: boolean): boolean {
  const value = query[key];
  if (value === undefined) return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw unprocessable(`'${key}' request parameter value '${value}' is not supported`);
}

function requireServer(serverId: string): void {
  // Only one server exists: `localhost`, as in every PowerDNS Authoritative.
  if (serverId !== SERVER_ID) throw notFound();
}

/**
 * PowerDNS answers JSON when the client accepts it (`application/json` or any type), or, without
 * an Accept header, when it sent JSON itself; otherwise plain text.
 */
function acceptsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (accept !== undefined) return accept.includes('*/*') || accept.includes('application/json');
  return (request.headers['content-type'] ?? '').includes('application/json');
}

/**
 * The zone part of the PowerDNS Authoritative HTTP API: servers, zones (list, create, detail with
 * RRsets, settings, delete, export), RRset changes (PATCH) and search. Registered under `/api/v1`.
 */
export function registerZoneRoutes(api: FastifyInstance, ctx: SimContext): void {
  // Looked up per request, like every handler of the simulator reads its section of the store.
  const zones = () => powerDnsState(ctx).zones;
  /** Settles the zones a handler is about to show, and saves when that changed any. */
  const settled = (zones: SimZone[]) => {
    const now = ctx.clock.now();
    if (zones.map((zone) => settleZone(zone, now)).some(Boolean)) ctx.store.save();
    return zones;
  };
  const zoneOf = (request: FastifyRequest<ZoneParams>): SimZone => {
    requireServer(request.params.serverId);
    const name = zoneNameOfId(request.params.zoneId);
    const zone = zones()[name];
    if (!zone) throw notFound(`Could not find domain '${name}'`);
    return settled([zone])[0]!;
  };

  api.get('/servers', async () => [server]);

  api.get<ServerParams>('/servers/:serverId', async (request) => {
    requireServer(request.params.serverId);
    return server;
  });

  api.get<ServerParams & { Querystring: Query }>('/servers/:serverId/zones', async (request) => {
    requireServer(request.params.serverId);
    const dnssec = flag(request.query, 'dnssec', true);
    const only = request.query.zone;
    const wanted = only === undefined ? undefined : parseApiName(only.endsWith('.') ? only : `${only}.`);
    const listed = Object.values(zones()).filter((zone) => !wanted || zone.name === wanted);
    return settled(listed).map((zone) => presentZoneSummary(zone, { dnssec }));
  });

  api.post<ServerParams & { Querystring: Query }>('/servers/:serverId/zones', async (request, reply) => {
    requireServer(request.params.serverId);
    const rrsets = flag(request.query, 'rrsets', true);
    const zone = createdZone(request.body, zones(), ctx.clock.now(), ctx.timeScale);
    zones()[zone.name] = zone;
    ctx.store.save();
    return reply.code(201).send(presentZone(zone, { rrsets, includeDisabled: true }));
  });

  api.get<ZoneParams & { Querystring: Query }>('/servers/:serverId/zones/:zoneId', async (request) => {
    const zone = zoneOf(request);
    const { rrset_name: name, rrset_type: type } = request.query;
    if (type !== undefined && name === undefined) {
      throw unprocessable('Parameter rrset_type can only be used together with rrset_name');
    }
    const filterName = name === undefined ? undefined : parseApiName(name);
    return presentZone(zone, {
      rrsets: flag(request.query, 'rrsets', true),
      recordCount: flag(request.query, 'record_count', false),
      name: filterName,
      type: type === undefined || filterName === undefined ? undefined : checkType(filterName, type),
      includeDisabled: flag(request.query, 'include_disabled', true),
    });
  });

  api.patch<ZoneParams>('/servers/:serverId/zones/:zoneId', async (request, reply) => {
    const zone = zoneOf(request);
    const now = ctx.clock.now();
    zone.rrsets = patchedRrsets(zone, request.body, now);
    const oldSerial = zone.serial;
    recordChange(zone, now, ctx.timeScale);
    ctx.store.save();
    return reply
      .code(204)
      .header('x-pdns-old-serial', String(oldSerial))
      .header('x-pdns-new-serial', String(zone.serial))
      .send();
  });

  /** Only the kind and the account of a zone are simulated settings; other fields are ignored. */
  api.put<ZoneParams>('/servers/:serverId/zones/:zoneId', async (request, reply) => {
    const zone = zoneOf(request);
    const body = request.body;
    if (!isObject(body)) throw badRequest();
    if (typeof body.kind === 'string') {
      zone.kind = zoneKindOf(body.kind);
      if (zone.kind === 'Native') zone.notifyDoneAt = null;
    }
    if (typeof body.account === 'string') zone.account = body.account;
    ctx.store.save();
    return reply.code(204).send();
  });

  api.delete<ZoneParams>('/servers/:serverId/zones/:zoneId', async (request, reply) => {
    const zone = zoneOf(request);
    delete zones()[zone.name];
    ctx.store.save();
    return reply.code(204).send();
  });

  api.get<ZoneParams>('/servers/:serverId/zones/:zoneId/export', async (request, reply) => {
    const text = exportZone(zoneOf(request));
    if (acceptsJson(request)) return { zone: text };
    return reply.type('text/plain; charset=us-ascii').send(text);
  });

  api.get<ServerParams & { Querystring: Query }>('/servers/:serverId/search-data', async (request) => {
    requireServer(request.params.serverId);
    return searchData(settled(Object.values(zones())), request.query);
  });
}
