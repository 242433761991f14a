/**
 * A product's description as the card lists it (portal spec §2 "sanitized description lines"):
 * plain text lines, never markup. Descriptions are plain lines or simple HTML; line breaks and
 * block ends become line ends, and the browser's own parser turns what is left into text (its
 * tags dropped, its entities decoded) without running or loading anything.
 */
const LINE_BREAK = /<br\s*\/?>|<\/(?:p|div|li|h[1-6])>/gi;

export function descriptionLines(
  description: string,
  toText: (html: string) => string = htmlToText,
): string[] {
  return toText(description.replace(LINE_BREAK, '\n'))
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

/** The text of an HTML fragment, parsed inert (a parsed document runs no scripts, loads no images). */
function htmlToText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
