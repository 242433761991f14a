import { isApiError } from '../../../lib/api-client.ts';

/**
 * What a refused billing call shows (portal spec §8): the server's own words for a 4xx that gives
 * some (an HTML body reduced to its text), else the spec's fallback.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status >= 500) return fallback;
  const text = plainText(error.message);
  return text || fallback;
}

/** A body that came as HTML, as the text a reader would see; other text unchanged. */
export function plainText(body: string): string {
  if (!/<[a-z!/][^>]*>/i.test(body)) return body.trim();
  return body
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
