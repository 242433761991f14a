/**
 * The root of every cached invoice list, whichever feature reads it (the invoice pages, the
 * dashboard's Due Invoices card): a credit change, a deposit or a payment invalidates them all at once.
 */
export const invoiceListsKey = ['invoices', 'list'] as const;
