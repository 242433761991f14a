import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { relativePath, sendAuthFailure } from './pve-http.ts';

/**
 * Authentication as Proxmox VE's API server does it, before any route runs:
 * - an API token, `Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`;
 * - or a ticket from `POST /access/ticket`, in the cookie `PVEAuthCookie` (or the header
 *   `Authorization: PVEAuthCookie=…`), with its `CSRFPreventionToken` header on every write.
 * Refusals are 401s whose reason is the status line: `No ticket`, `Authentication failed!` (any bad
 * token or ticket) and `Permission denied - invalid csrf token`.
 */
const TICKET_LIFETIME_S = 7_200;
/** Proxmox accepts tickets dated up to five minutes ahead (clock skew between nodes). */
const GRACE_S = 300;

/** Calls Proxmox answers without authentication. */
const OPEN = new Set(['GET /access/ticket', 'POST /access/ticket', 'GET /access/domains']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the call runs as: the token id (`USER@REALM!TOKENID`) or the signed-in user. */
    pveUser?: string;
  }
}

/** Issues and checks tickets and CSRF tokens, signed with a key of this simulator instance. */
export class TicketAuthority {
  readonly #key = randomBytes(32);

  constructor(private readonly ctx: SimContext) {}

  issue(username: string): { ticket: string; CSRFPreventionToken: string } {
    const stamp = this.#stamp();
    const plain = `PVE:${username.replace(/:/g, '%3A')}:${stamp}`;
    return {
      ticket: `${plain}::${this.#sign(`ticket:${plain}`, 'base64')}`,
      CSRFPreventionToken: `${stamp}:${this.#sign(`csrf:${stamp}:${username}`, 'base64').replace(/=+$/, '')}`,
    };
  }

  /** The user a valid, unexpired ticket belongs to. */
  userOf(ticket: string): string | undefined {
    const match = /^(PVE:([^:\s]+):([0-9A-F]{8}))::(\S+)$/.exec(ticket);
    if (
      !match ||
      !this.#fresh(match[3]!) ||
      !this.#same(match[4]!, this.#sign(`ticket:${match[1]}`, 'base64'))
    )
      return undefined;
    return match[2]!.replace(/%3A/gi, ':');
  }

  csrfValid(username: string, token: string | undefined): boolean {
    const match = /^([0-9A-F]{8}):(\S+)$/.exec(token ?? '');
    if (!match || !this.#fresh(match[1]!)) return false;
    const expected = this.#sign(`csrf:${match[1]}:${username}`, 'base64').replace(/=+$/, '');
    return this.#same(match[2]!, expected);
  }

  #stamp(): string {
    return this.ctx.clock.nowSeconds().toString(16).toUpperCase().padStart(8, '0');
  }

  #fresh(stamp: string): boolean {
    const age = this.ctx.clock.nowSeconds() - Number.parseInt(stamp, 16);
    return age > -GRACE_S && age < TICKET_LIFETIME_S;
  }

  #sign(text: string, encoding: 'base64'): string {
    return createHmac('sha256', this.#key).update(text).digest(encoding);
  }

  #same(a: string, b: string): boolean {
    return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  }
}

/** Proxmox's reading of `Cookie` and `Authorization`: `NAME=value` or `NAME value`, up to a `;`. */
export function authValue(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:=| )([^;]*)`).exec(header ?? '');
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

export function registerAuth(
  app: FastifyInstance,
  ctx: SimContext,
  tickets: TicketAuthority,
  prefix: string,
): void {
  const { tokenId, secret } = ctx.credentials.proxmox;
  app.addHook('onRequest', async (request, reply) => {
    if (OPEN.has(`${request.method} ${relativePath(request, prefix)}`)) return;
    const ticket =
      authValue(request.headers.cookie, 'PVEAuthCookie') ??
      authValue(request.headers.authorization, 'PVEAuthCookie');
    if (ticket) {
      const user = tickets.userOf(ticket);
      if (!user) return sendAuthFailure(reply, 'Authentication failed!');
      const csrf = request.headers.csrfpreventiontoken;
      if (request.method !== 'GET' && !tickets.csrfValid(user, Array.isArray(csrf) ? csrf[0] : csrf))
        return sendAuthFailure(reply, 'Permission denied - invalid csrf token');
      request.pveUser = user;
      return;
    }
    const token = authValue(request.headers.authorization, 'PVEAPIToken');
    if (!token) return sendAuthFailure(reply, 'No ticket');
    if (token !== `${tokenId}=${secret}`) return sendAuthFailure(reply, 'Authentication failed!');
    request.pveUser = tokenId;
  });
}

/** The user a task runs as: the caller, as Proxmox writes it into the UPID. */
export function taskUser(request: FastifyRequest, ctx: SimContext): string {
  return request.pveUser ?? ctx.credentials.proxmox.tokenId;
}
