/**
 * A dollar amount typed by the user (a number input's value: a number, or the text while it is
 * empty or unfinished) as integer cents; null for anything that is not a positive amount with at
 * most two decimals.
 */
export function amountInputCents(value: number | string): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

/** Cents as the JSON number of dollars the API takes (`12.5` for 1250). */
export const centsToAmount = (cents: number): number => cents / 100;

export const isEmptyInput = (value: number | string): boolean =>
  typeof value === 'string' && value.trim() === '';
