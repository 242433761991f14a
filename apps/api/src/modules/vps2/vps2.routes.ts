import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

/** VPS v2 and storage routes (servers spec §7 VPS v2), filled in by issue 7. */
export function vps2Routes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
