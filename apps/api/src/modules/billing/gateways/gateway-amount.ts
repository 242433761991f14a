/**
 * A decimal amount as a gateway writes it ('20', '20.5', '20.00', or a JSON number) in cents;
 * undefined for anything else (a sign, an exponent, more than two decimals, blanks), so a
 * malformed callback can never be read as some other amount.
 */
export function parseAmountCents(value: unknown): number | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
