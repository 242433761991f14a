import { Table } from '@mantine/core';
import { amountStringToCents, type InvoiceDetail } from '@rackdesk/contract';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMoney } from '../utils/money.ts';
import { EmptyRow } from './empty-row.tsx';
import { TableScroll } from './table-scroll.tsx';

/** The invoice's items with Sub Total, Credit and Total (portal spec §2 Invoices). */
export function InvoiceItemsTable({ invoice }: { invoice: InvoiceDetail }) {
  const items = invoice.items.item;
  const money = (amount: string) => formatMoney(amount, invoice);
  const total = (label: string, amount: string) => (
    <Table.Tr>
      <Table.Th scope="row" ta="right">
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={600}>
        {money(amount)}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <SectionCard title="Invoice Items">
      <TableScroll minWidth={300} label="Invoice items">
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.length === 0 ? (
              <EmptyRow columns={2} text="No items found" />
            ) : (
              items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ whiteSpace: 'pre-line' }}>{item.description}</Table.Td>
                  <Table.Td ta="right">{money(item.amount)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
          <Table.Tfoot>
            {total('Sub Total', invoice.subtotal)}
            {amountStringToCents(invoice.tax) > 0 ? total('Tax', invoice.tax) : null}
            {total('Credit', invoice.credit)}
            {total('Total', invoice.total)}
          </Table.Tfoot>
        </Table>
      </TableScroll>
    </SectionCard>
  );
}
