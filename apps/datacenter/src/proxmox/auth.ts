import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { sendPveError } from './pve-http.ts';

/**
 * API-token authentication as Proxmox VE does it: `Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`.
 * Anything else is a 401 with an empty `data`, before any route runs.
 */
export function registerTokenAuth(app: FastifyInstance, ctx: SimContext): void {
  const expected = `PVEAPIToken=${ctx.credentials.proxmox.tokenId}=${ctx.credentials.proxmox.secret}`;
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization?.trim();
    if (header === expected) return;
    return sendPveError(reply, 401, header ? 'invalid token value!' : 'No ticket');
  });
}

/** The user a task runs as: the token's user, as Proxmox writes it into the UPID. */
export function taskUser(ctx: SimContext): string {
  return ctx.credentials.proxmox.tokenId;
}
