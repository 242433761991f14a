import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { tenantosState, type SimServer, type TenantosState } from './state.ts';

/** Where console tickets open: outside `/api/`, since a browser opens it without the API key. */
export const CONSOLE_PATH = '/tenantos-console';
/** Lifetime of a ticket (simulated time): a browser opens it right away. */
const TICKET_LIFETIME_MS = 5 * 60_000;

/** Issues a console ticket (valid for a few minutes): its token, and its path on the simulator. */
export function issueConsoleTicket(
  state: TenantosState,
  server: SimServer,
  mode: 'web' | 'standard',
  now: number,
): { token: string; path: string } {
  for (const [ticket, entry] of Object.entries(state.consoleTickets)) {
    if (entry.expiresAt <= now) delete state.consoleTickets[ticket];
  }
  const ticket = randomBytes(18).toString('base64url');
  state.consoleTickets[ticket] = { serverId: server.id, mode, expiresAt: now + TICKET_LIFETIME_MS };
  return { token: ticket, path: `${CONSOLE_PATH}/${ticket}` };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:15px system-ui,sans-serif;background:#111;color:#ddd;margin:0;display:grid;place-items:center;height:100vh}
main{max-width:36rem;padding:2rem;border:1px solid #444;border-radius:8px;background:#1b1b1b}
pre{background:#000;color:#8f8;padding:1rem;border-radius:4px}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The page a console ticket opens: it says plainly that no real machine is behind it. */
export function registerConsolePage(app: FastifyInstance, ctx: SimContext): void {
  app.get<{ Params: { ticket: string } }>(`${CONSOLE_PATH}/:ticket`, async (request, reply) => {
    const state = tenantosState(ctx);
    const entry = state.consoleTickets[request.params.ticket];
    const server = entry ? state.servers[String(entry.serverId)] : undefined;
    reply.type('text/html; charset=utf-8');
    if (!entry || !server || entry.expiresAt <= ctx.clock.now()) {
      return reply
        .code(404)
        .send(
          page('Console session expired', '<h1>Console session expired</h1><p>Launch the console again.</p>'),
        );
    }
    const viewer = entry.mode === 'web' ? 'HTML5 KVM viewer' : 'Java KVM viewer';
    return reply.send(
      page(
        `Console: ${server.servername}`,
        `<h1>Simulated console</h1>
<p>This is the Rackdesk datacenter simulator, for demos and tests. No real server is behind this ${viewer}.</p>
<pre>${escape(server.hostname)} login: _</pre>
<p>Server ${server.id} (${escape(server.servername)}), ${escape(server.os)}.</p>`,
      ),
    );
  });
}
