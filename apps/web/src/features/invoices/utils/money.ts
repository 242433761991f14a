import type { InvoiceSummary } from '@rackdesk/contract';

type Currency = Pick<InvoiceSummary, 'currencyprefix' | 'currencysuffix'>;

/** An amount string of an invoice ('12.50') in the invoice's currency: '$12.50 USD'. */
export const formatMoney = (amount: string, currency: Currency): string =>
  `${currency.currencyprefix}${amount}${currency.currencysuffix}`;
