import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { StripeError } from './errors.ts';
import { completeChallenge, intentByClientSecret } from './intents.ts';
import type { Sandbox } from './sandbox.ts';

/** Where the stand-in Stripe.js is served; the panel hands this URL to the browser in sandbox mode. */
export const STRIPE_JS_PATH = '/stripe/v3/stripe.js';
const CHALLENGE_MESSAGE = 'stripe-sandbox-3ds-done';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1a1f36;background:#fff}
main{max-width:420px;margin:0 auto;text-align:center}
p{color:#4f566b}
button{font:inherit;padding:10px 24px;margin:8px;border-radius:6px;border:1px solid #635bff;cursor:pointer}
button[value=complete]{background:#635bff;color:#fff}
button[value=fail]{background:#fff;color:#635bff}
</style></head><body><main>${body}</main></body></html>`;

/**
 * What a browser needs of Stripe here: the stand-in Stripe.js (Stripe(pk), elements, a card
 * element, confirmCardSetup, confirmCardPayment, handleCardAction) and the 3-D Secure challenge
 * page it opens in a frame, with 'Complete' and 'Fail' buttons instead of a bank's check.
 */
export function registerStripeBrowser(app: FastifyInstance, sandbox: Sandbox): void {
  const script = readFileSync(path.join(import.meta.dirname, 'browser', 'stripe.js'), 'utf8');
  app.get(STRIPE_JS_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'no-cache')
      .send(script),
  );

  app.get<{ Params: { id: string }; Querystring: { client_secret?: string } }>(
    '/stripe/3ds/:id',
    async (request, reply) => {
      const intent = findIntent(sandbox, request.params.id, request.query.client_secret);
      if (!intent)
        return reply.code(404).type('text/html').send(page('Not found', '<h1>Unknown payment</h1>'));
      const amount =
        intent.object === 'payment_intent'
          ? `$${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}`
          : 'no charge (card setup)';
      return reply.type('text/html').send(
        page(
          '3D Secure authentication',
          `<h1>3D Secure 2 Test Page</h1>
<p>Payment sandbox of the datacenter simulator: this stands in for the card issuer's check.</p>
<p>Amount: <strong>${escapeHtml(amount)}</strong></p>
<form method="post">
<input type="hidden" name="client_secret" value="${escapeHtml(intent.client_secret)}">
<button type="submit" name="outcome" value="complete">Complete</button>
<button type="submit" name="outcome" value="fail">Fail</button>
</form>`,
        ),
      );
    },
  );

  app.post<{ Params: { id: string }; Body: { client_secret?: string; outcome?: string } }>(
    '/stripe/3ds/:id',
    async (request, reply) => {
      const intent = findIntent(sandbox, request.params.id, request.body?.client_secret);
      if (!intent)
        return reply.code(404).type('text/html').send(page('Not found', '<h1>Unknown payment</h1>'));
      const returnUrl = intent.next_action?.redirect_to_url?.return_url;
      const passed = request.body?.outcome === 'complete';
      completeChallenge(sandbox, intent, passed);
      sandbox.save();
      if (returnUrl) {
        const target = new URL(returnUrl);
        const kind = intent.object === 'payment_intent' ? 'payment_intent' : 'setup_intent';
        target.searchParams.set(kind, intent.id);
        target.searchParams.set(`${kind}_client_secret`, intent.client_secret);
        target.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
        return reply.redirect(target.toString(), 303);
      }
      const message = JSON.stringify({ type: CHALLENGE_MESSAGE, intent: intent.id });
      return reply.type('text/html').send(
        page(
          'Authentication finished',
          `<h1>${passed ? 'Authentication complete' : 'Authentication failed'}</h1>
<script>window.parent.postMessage(${message.replace(/</g, '\\u003c')}, '*');</script>`,
        ),
      );
    },
  );
}

function findIntent(sandbox: Sandbox, id: string, clientSecret: string | undefined) {
  try {
    return intentByClientSecret(sandbox, id, clientSecret);
  } catch (error) {
    if (error instanceof StripeError) return undefined;
    throw error;
  }
}
