import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';

/** The simulated Tenantos API. */
export function registerTenantos(_app: FastifyInstance, _ctx: SimContext): void {}
