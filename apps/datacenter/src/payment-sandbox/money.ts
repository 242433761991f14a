/** A decimal amount as gateways write it ('20', '20.5', '20.00') in cents; undefined if it is not one. */
export function parseAmountCents(text: string | number | undefined): number | undefined {
  const value = typeof text === 'number' ? String(text) : text;
  if (value === undefined || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return undefined;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const formatCents = (cents: number) => (cents / 100).toFixed(2);
