import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { notFound } from './replies.ts';
import { settleServer } from './settle.ts';
import { type SimServer, tenantosState, type TenantosState } from './state.ts';

export interface ServerCall {
  server: SimServer;
  state: TenantosState;
  now: number;
  /** Persists what the handler changed. */
  save(): void;
}

type ServerHandler = (call: ServerCall, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Wraps a handler of `/api/servers/{id}/...`: finds the server (404 in the upstream's shape
 * otherwise) and settles it to the simulated now before the handler reads or changes it.
 */
export function onServer(ctx: SimContext, handle: ServerHandler) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const state = tenantosState(ctx);
    const server = /^[1-9]\d{0,9}$/.test(id) ? state.servers[id] : undefined;
    if (!server) return notFound(reply);
    const now = ctx.clock.now();
    if (settleServer(server, now)) ctx.store.save();
    return handle({ server, state, now, save: () => ctx.store.save() }, request, reply);
  };
}
