import { Anchor, Badge, Button, Text } from '@mantine/core';
import type { InvoiceSummary } from '@rackdesk/contract';
import { Link } from '../../../lib/routing.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatInvoiceTotal } from '../utils/format.ts';
import { DashboardCard, type DashboardCardState } from './dashboard-card.tsx';
import { DashboardItem } from './dashboard-item.tsx';

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <DashboardItem
      aside={
        <>
          <Badge color={invoice.status === 'Overdue' ? 'red.8' : 'yellow'} variant="filled" autoContrast>
            {invoice.status}
          </Badge>
          <Button component={Link} to={paths.invoice(invoice.id)} size="xs">
            Pay Now
          </Button>
        </>
      }
    >
      <Anchor component={Link} to={paths.invoice(invoice.id)} fw={600}>
        Invoice #{invoice.invoicenum}
      </Anchor>
      <Text size="sm" c="dimmed">
        Due {invoice.duedate} · {formatInvoiceTotal(invoice)}
      </Text>
    </DashboardItem>
  );
}

export function DueInvoicesCard(props: DashboardCardState<InvoiceSummary>) {
  return (
    <DashboardCard
      title="Due Invoices"
      {...props}
      emptyText="You have no invoices due."
      itemKey={(invoice) => invoice.id}
      renderItem={(invoice) => <InvoiceRow invoice={invoice} />}
      actions={
        <Button component={Link} to={paths.invoices} variant="light" size="xs">
          View All Invoices
        </Button>
      }
    />
  );
}
