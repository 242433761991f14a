import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';

/** The simulated Proxmox API. */
export function registerProxmox(_app: FastifyInstance, _ctx: SimContext): void {}
