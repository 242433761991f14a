import { Anchor } from '@mantine/core';
import { DEFAULT_INVOICE_PAGE_SIZE, INVOICE_PAGE_SIZES, type InvoiceSummary } from '@rackdesk/contract';
import { Link, useNavigate } from '../../../lib/routing.tsx';
import { type DataColumn, DataTable, type ServerPage } from '../../../components/data-table/data-table.tsx';
import { displayDate } from '../../../components/data-table/sorting.ts';
import { paths } from '../../../lib/paths.ts';
import { formatMoney } from '../utils/money.ts';
import { InvoiceStatusTag } from './invoice-status-tag.tsx';

const columns: DataColumn<InvoiceSummary>[] = [
  {
    id: 'number',
    header: 'Invoice #',
    sortBy: { kind: 'number', value: (invoice) => invoice.id },
    cell: (invoice) => (
      // The row opens the invoice on a click; the link is the way in for keyboards and readers.
      <Anchor component={Link} to={paths.invoice(invoice.id)} fw={600} onClick={(e) => e.stopPropagation()}>
        #{invoice.invoicenum}
      </Anchor>
    ),
  },
  {
    id: 'date',
    header: 'Invoice Date',
    sortBy: { kind: 'date', value: (invoice) => invoice.date },
    cell: (invoice) => displayDate(invoice.date),
  },
  {
    id: 'duedate',
    header: 'Due Date',
    sortBy: { kind: 'date', value: (invoice) => invoice.duedate },
    cell: (invoice) => displayDate(invoice.duedate),
  },
  {
    id: 'total',
    header: 'Total',
    sortBy: { kind: 'number', value: (invoice) => invoice.total },
    cell: (invoice) => formatMoney(invoice.total, invoice),
  },
  {
    id: 'status',
    header: 'Status',
    sortBy: { kind: 'string', value: (invoice) => invoice.status },
    cell: (invoice) => <InvoiceStatusTag status={invoice.status} />,
  },
];

interface InvoicesTableProps {
  /** One page of the list, as the server gave it. */
  invoices: InvoiceSummary[];
  page: ServerPage;
  emptyText: string;
}

export function InvoicesTable({ invoices, page, emptyText }: InvoicesTableProps) {
  const navigate = useNavigate();
  return (
    <DataTable
      caption="Invoices"
      data={invoices}
      columns={columns}
      rowKey={(invoice) => invoice.id}
      emptyText={emptyText}
      noMatchText={emptyText}
      pageSizes={INVOICE_PAGE_SIZES}
      defaultPageSize={DEFAULT_INVOICE_PAGE_SIZE}
      onRowClick={(invoice) => navigate(paths.invoice(invoice.id))}
      serverPage={page}
    />
  );
}
