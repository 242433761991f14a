import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';

/** The simulated Virtualizor API. */
export function registerVirtualizor(_app: FastifyInstance, _ctx: SimContext): void {}
