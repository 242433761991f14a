import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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
export function securityHeaderOptions(extra: ExtraSources = noExtraSources): HelmetOptions {
  return {
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
    // Only over HTTPS (registerSecurityHeaders): on plain HTTP the header means nothing.
    strictTransportSecurity: false,
  };
}

/** helmet's own HSTS value (a year, subdomains included), sent on answers served over HTTPS. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The browser features no page of the panel uses, turned off for the pages and any frame in them:
 * a script that got in could not reach the camera, microphone, location or devices. Payment and
 * clipboard stay as browsers default them (Stripe's frames, the copy buttons).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The headers helmet writes for `options`, by name in lower case. None of the options depends on
 * the request (no nonces, no per-request directives), so one pass over a recording response
 * gives the header set of every answer.
 */
export function securityHeadersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    // helmet drops X-Powered-By, which Fastify never sets.
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * Adds the security headers to every answer (API, pages, assets, event streams, errors), with HSTS
 * on those served over HTTPS. They are worked out once here: building them per request (the CSP
 * parsed again each time) cost more than anything else the framework does for a small read.
 */
export function registerSecurityHeaders(app: FastifyInstance, extra: ExtraSources = noExtraSources) {
  const headers = {
    ...securityHeadersOf(securityHeaderOptions(extra)),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  // Behind a proxy that ends TLS, `protocol` is its X-Forwarded-Proto when TRUST_PROXY trusts it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
}
