import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import type { ActHandler, ActRequest } from './acts.ts';
import { addvs, vs } from './admin-acts.ts';
import { isAdmin, isAuthenticated } from './auth.ts';
import { changepassword, hostname, hvmsettings, ostemplate } from './config-acts.ts';
import { bandwidth, listvs, vnc, vpsmanage, vpsStats } from './info-acts.ts';
import { addiso, euiso } from './iso-acts.ts';
import { panelTime } from './panel-time.ts';
import { powerAct } from './power-acts.ts';
import type { VirtualizorState } from './state.ts';

const ACTS: Record<string, ActHandler> = {
  listvs,
  vpsmanage,
  start: powerAct('start'),
  stop: powerAct('stop'),
  restart: powerAct('restart'),
  poweroff: powerAct('poweroff'),
  hostname,
  changepassword,
  ostemplate,
  hvmsettings,
  addiso,
  euiso,
  vnc,
  bandwidth,
  vps_stats: vpsStats,
};

/** The admin API's acts (a real panel serves them on port 4085). */
const ADMIN_ACTS: Record<string, ActHandler> = { addvs, vs };

/** Query and form values as single strings: a repeated key keeps its last value, as PHP does. */
function flatten(values: unknown): Record<string, string> {
  const flat: Record<string, string> = {};
  if (!values || typeof values !== 'object') return flat;
  for (const [key, value] of Object.entries(values)) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last !== undefined && last !== null) flat[key] = String(last);
  }
  return flat;
}

/**
 * The end-user API: `GET|POST /index.php?act=…&svs=…&api=json&apikey=…&apipass=…`, and the admin
 * API on the same path with `adminapikey` and `adminapipass` instead (a real panel answers it on
 * another port). Every answer carries `act` and `timenow` like the real panel's; refusals are 200
 * with an `error` array.
 */
export function registerRoutes(app: FastifyInstance, ctx: SimContext, state: VirtualizorState): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/index.php',
    handler: async (request: FastifyRequest, reply) => {
      const query = flatten(request.query);
      const act = query.act ?? '';
      const now = ctx.clock.now();
      const common = { act, timenow: panelTime(now) };
      const admin = query.adminapikey !== undefined;
      if (
        admin
          ? !isAdmin(query, ctx.credentials.virtualizor)
          : !isAuthenticated(query, ctx.credentials.virtualizor)
      ) {
        const key = admin ? 'adminapikey' : 'apikey';
        return reply.code(401).send({ ...common, uid: -1, error: { [key]: 'Invalid API Key or API Pass' } });
      }
      if (query.api !== 'json') {
        return reply.code(400).send({ ...common, error: { api: 'This panel only answers api=json' } });
      }
      const handler = (admin ? ADMIN_ACTS : ACTS)[act];
      if (!handler) return reply.send({ ...common, error: { act: `Unknown act '${act}'` } });
      const actRequest: ActRequest = {
        act,
        method: request.method === 'POST' ? 'POST' : 'GET',
        query,
        form: flatten(request.body),
        now,
        ctx,
        state,
        changed: false,
      };
      const answer = handler(actRequest);
      if (actRequest.changed) ctx.store.save();
      return reply.send({ ...common, ...answer.body });
    },
  });
}
