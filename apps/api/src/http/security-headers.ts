import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict headers for the API and the SPA. The CSP allows what the app really loads: its own
 * scripts, inline styles (the component library sets CSS variables inline), data/blob images and
 * blob workers (the captcha solves its proof of work in workers).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
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
