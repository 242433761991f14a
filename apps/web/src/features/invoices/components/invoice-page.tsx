import { Card, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isPayable, type User } from '@rackdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from '../../../lib/routing.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { invoiceKeys } from '../api/keys.ts';
import { reportsPayment } from '../utils/invoice-banners.ts';
import { paymentPollMs } from '../utils/payment-poll.ts';
import { CreditButtons } from './credit-buttons.tsx';
import { InvoiceActions } from './invoice-actions.tsx';
import { InvoiceBanners } from './invoice-banners.tsx';
import { InvoiceHeader } from './invoice-header.tsx';
import { InvoiceItemsTable } from './invoice-items-table.tsx';
import { InvoiceParties } from './invoice-parties.tsx';
import { InvoiceTransactionsTable } from './invoice-transactions-table.tsx';
import { PaymentPanel } from './payment-panel.tsx';

interface InvoicePageProps {
  /** The invoice's id; 0 for an address that cannot name one. */
  id: number;
  user: User;
  /** The account's details form, for the 'Add Required Info' modal. */
  profileForm: ReactNode;
}

/** /invoices/{id} (portal spec §2 Invoices, §4, §8). */
export function InvoicePage({ id, user, profileForm }: InvoicePageProps) {
  const reportedSuccess = reportsPayment(useSearchParams()[0]);
  const [openedAt] = useState(() => Date.now());
  const query = useInvoice(id, (invoice) =>
    paymentPollMs(invoice?.status, reportedSuccess, Date.now() - openedAt),
  );
  useFailureToast(query, 'Unable to get invoice!');
  useDocumentTitle(`Invoice #${query.data?.invoicenum ?? id} · Rackdesk`);

  if (id === 0 || (isApiError(query.error) && query.error.status === 404)) {
    return (
      <NotFound
        title="Invoice Not Found"
        description="The invoice you are looking for does not exist or is not on your account."
      />
    );
  }
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return <ErrorPanel context="We could not load this invoice." onRetry={() => void query.refetch()} />;
  }

  const invoice = query.data;
  const queryClient = useQueryClient();
  // A payment changes the lists too (the Due Invoices card, /invoices), not only this page.
  const reload = () => {
    void query.refetch();
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() });
  };
  return (
    <Stack gap="lg">
      <InvoiceBanners status={invoice.status} />
      <InvoiceHeader invoice={invoice} />
      {isPayable(invoice.status) || invoice.status === 'Refunded' ? (
        <Card withBorder radius="md" padding="lg" data-no-print>
          <Group justify="space-between" align="flex-end" gap="md">
            {isPayable(invoice.status) ? (
              <PaymentPanel invoice={invoice} user={user} onPaid={reload} profileForm={profileForm} />
            ) : null}
            <CreditButtons invoice={invoice} accountCredit={user.credit} />
          </Group>
        </Card>
      ) : null}
      <InvoiceParties invoice={invoice} user={user} />
      <InvoiceItemsTable invoice={invoice} />
      <InvoiceTransactionsTable invoice={invoice} />
      <InvoiceActions invoiceId={invoice.id} />
    </Stack>
  );
}
