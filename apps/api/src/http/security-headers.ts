import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Origins outside the app that the pages need (payment gateways' scripts, frames and APIs). */
export interface ExtraSources {
  script: string[];
  frame: string[];
  connect: string[];
  /** Sites the pages post forms to (PayPal Standard's checkout). */
  form: string[];
}

const noExtraSources: ExtraSources = { script: [], frame: [], connect: [], form: [] };

/**
 * Strict headers for the API and the SPA. The CSP allows what the app really loads: its own
 * scripts, inline styles (the component library sets CSS variables inline), data/blob images and
 * blob workers (the captcha solves its proof of work in workers), and the `extra` origins of the
 * configured payment gateways (Stripe.js, its 3-D Secure frames and API; PayPal's checkout form).
 */
export async function registerSecurityHeaders(app: FastifyInstance, extra: ExtraSources = noExtraSources) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra.connect],
        frameSrc: ["'self'", ...extra.frame],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...extra.form],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The same as the CSP's frame-ancestors 'none', for browsers that only know this header.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
}
