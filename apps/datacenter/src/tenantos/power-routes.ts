import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import {
  isBmcResetting,
  type PowerMethod,
  powerMethods,
  powerStatus,
  startBmcReset,
  startPowerAction,
  supportedPowerMethods,
} from './power.ts';
import { conflict, notFound, result, unprocessable } from './replies.ts';
import { onServer } from './server-lookup.ts';
import type { SimServer } from './state.ts';

const isPowerMethod = (method: string): method is PowerMethod =>
  (powerMethods as readonly string[]).includes(method);

/** Tenantos's answer to a power command it passed on. */
const COMMAND_SENT = 'executed';

/** `GET /api/servers/{id}/power/{method}`: power status and chassis commands over the provider. */
export function registerPowerRoutes(app: FastifyInstance, ctx: SimContext): void {
  const run: Record<Exclude<PowerMethod, 'getPowerStatus'>, (server: SimServer, now: number) => void> = {
    setPowerOn: (server, now) => startPowerAction(server, 'on', now, ctx.timeScale),
    setPowerOff: (server, now) => startPowerAction(server, 'off', now, ctx.timeScale),
    setPowerReset: (server, now) => startPowerAction(server, 'reset', now, ctx.timeScale),
    // A power cycle (off, then on) reads like a reset from outside the chassis.
    setPowerCycle: (server, now) => startPowerAction(server, 'reset', now, ctx.timeScale),
    setBmcReset: (server, now) => startBmcReset(server, now, ctx.timeScale),
  };

  app.get(
    '/api/servers/:id/power/:method',
    onServer(ctx, ({ server, now, save }, request, reply) => {
      const { method } = request.params as { method: string };
      if (!isPowerMethod(method)) return notFound(reply, 'Unknown power method.');
      if (!server.powerProvider) return unprocessable(reply, 'No power provider is assigned to this server.');
      if (!supportedPowerMethods(server).includes(method)) {
        return unprocessable(reply, `The power provider of this server does not support ${method}.`);
      }
      if (method === 'getPowerStatus') return result(powerStatus(server));
      if (isBmcResetting(server)) {
        return conflict(
          reply,
          'The BMC is not responding (a BMC reset is in progress). Try again in a minute.',
        );
      }
      run[method](server, now);
      save();
      return result(COMMAND_SENT);
    }),
  );
}
