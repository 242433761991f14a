const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as the panel shows prices it computes (plan upgrades, the order summary): 1234 → '$12.34 USD'. */
export const formatUsd = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${usd.format(Math.abs(cents) / 100)} USD`;
