import { Group, Stack, Text, Title } from '@mantine/core';
import type { InvoiceDetail } from '@rackdesk/contract';
import { displayDate } from '../../../components/data-table/sorting.ts';
import { formatMoney } from '../utils/money.ts';
import { InvoiceStatusTag } from './invoice-status-tag.tsx';

/** The invoice's number, dates, status and what is left to pay. */
export function InvoiceHeader({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={4}>
        <Title order={1}>Invoice #{invoice.invoicenum}</Title>
        <Text c="dimmed">
          Invoice Date: {displayDate(invoice.date)} · Due Date: {displayDate(invoice.duedate)}
        </Text>
      </Stack>
      <Stack gap={4} align="flex-end">
        <InvoiceStatusTag status={invoice.status} size="lg" />
        {invoice.status === 'Paid' ? (
          <Text size="sm">Paid on {displayDate(invoice.datepaid.slice(0, 10))}</Text>
        ) : (
          <Text size="sm" fw={600}>
            Balance: {formatMoney(invoice.balance, invoice)}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
