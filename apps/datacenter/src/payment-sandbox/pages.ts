import type { FastifyInstance, FastifyReply } from 'fastify';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A checkout page of a sandbox gateway; it says plainly that no money moves. */
export function checkoutPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<style>body{font:15px system-ui,sans-serif;background:#f4f5f7;color:#222;margin:0;display:grid;place-items:center;min-height:100vh}
main{max-width:30rem;padding:2rem;border:1px solid #ccd;border-radius:8px;background:#fff}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#667}dd{margin:0;font-weight:600}
form{display:inline-block;margin-right:.5rem}button{font:inherit;padding:.5rem 1.2rem;border-radius:4px;border:1px solid #889;cursor:pointer}
button.primary{background:#1c64f2;color:#fff;border-color:#1c64f2}.note{color:#667;font-size:13px}</style></head>
<body><main>${body}
<p class="note">Payment sandbox of the Rackdesk datacenter simulator, for demos and tests: no money moves.</p>
</main></body></html>`;
}

/** `label: value` lines of a checkout page. */
export const detailList = (entries: [string, string][]) =>
  `<dl>${entries.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;

/** A button that POSTs to `action` (with hidden `fields`). */
export function postButton(
  action: string,
  label: string,
  fields: Record<string, string> = {},
  primary = false,
) {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${hidden}<button type="submit"${primary ? ' class="primary"' : ''}>${escapeHtml(label)}</button></form>`;
}

export function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(checkoutPage(title, body));
}

/** The sandbox's public address as the caller reached it, for the checkout URLs it hands out. */
export function originOf(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Keeps the raw body of JSON and form requests of one (encapsulated) scope as a string, for the
 * gateways that sign or echo exact bytes: Cryptomus signs the body, PayPal verifies an IPN sent back
 * byte for byte.
 */
export function keepRawBodies(scope: FastifyInstance): void {
  scope.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded']);
  scope.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
}

/** The fields of a form body or a query string, the last value of a repeated name winning. */
export function formFields(raw: unknown): Record<string, string> {
  if (typeof raw === 'string') return Object.fromEntries(new URLSearchParams(raw));
  if (raw && typeof raw === 'object') {
    return Object.fromEntries(Object.entries(raw).filter(([, value]) => typeof value === 'string')) as Record<
      string,
      string
    >;
  }
  return {};
}
