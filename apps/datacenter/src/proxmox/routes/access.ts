import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../../context.ts';
import type { TicketAuthority } from '../auth.ts';
import { PVE_VERSION } from '../node-views.ts';
import { ok, params, PveError } from '../pve-http.ts';
import { pve } from '../pve-schema.ts';

const loginParams = z.object({
  username: pve.string({ maxLength: 64 }),
  realm: pve.string().optional(),
  password: pve.string(),
  otp: pve.string().optional(),
  'new-format': pve.boolean().optional(),
});

/** What the simulated user may do (`cap` of a ticket): everything, as root would. */
const ALL = 1;
const capabilities = {
  vms: Object.fromEntries(
    ['VM.Allocate', 'VM.Audit', 'VM.Backup', 'VM.Clone', 'VM.Config.Disk', 'VM.Console', 'VM.PowerMgmt'].map(
      (p) => [p, ALL],
    ),
  ),
  storage: { 'Datastore.Allocate': ALL, 'Datastore.AllocateSpace': ALL, 'Datastore.Audit': ALL },
  nodes: { 'Sys.Audit': ALL, 'Sys.Modify': ALL, 'Sys.PowerMgmt': ALL },
  access: { 'User.Modify': ALL, 'Permissions.Modify': ALL },
  dc: { 'Sys.Audit': ALL },
};

/** Sign-in (tickets), the realms to sign in with, and the version of the API server. */
export function registerAccessRoutes(app: FastifyInstance, ctx: SimContext, tickets: TicketAuthority): void {
  app.get('/', async () =>
    ok(['version', 'cluster', 'nodes', 'storage', 'access', 'pools'].map((subdir) => ({ subdir }))),
  );

  app.get('/version', async () => ok(PVE_VERSION));

  app.get('/access/domains', async () =>
    ok([
      { realm: 'pam', type: 'pam', comment: 'Linux PAM standard authentication' },
      { realm: 'pve', type: 'pve', comment: 'Proxmox VE authentication server' },
    ]),
  );

  // A placeholder Proxmox keeps for its login page.
  app.get('/access/ticket', async () => ok(null));

  app.post('/access/ticket', async (request) => {
    const input = params(request, loginParams);
    const username = input.realm ? `${input.username}@${input.realm}` : input.username;
    const login = ctx.credentials.proxmox.login;
    // The password may also be a valid ticket of the same user, which renews it.
    const valid =
      username === login.username &&
      (input.password === login.password || tickets.userOf(input.password) === username);
    // The same answer whatever was wrong, so that user names cannot be probed.
    if (!valid) throw new PveError(401, 'authentication failure');
    return ok({ username, ...tickets.issue(username), cap: capabilities });
  });
}
