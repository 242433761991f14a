import { Table } from '@mantine/core';
import { type InvoiceDetail, isPaymentGateway, PAYMENT_GATEWAYS } from '@rackdesk/contract';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMoney } from '../utils/money.ts';
import { EmptyRow } from './empty-row.tsx';
import { TableScroll } from './table-scroll.tsx';

const gatewayName = (module: string) => (isPaymentGateway(module) ? PAYMENT_GATEWAYS[module] : module);

/** The payments taken for the invoice (portal spec §2 Invoices). */
export function InvoiceTransactionsTable({ invoice }: { invoice: InvoiceDetail }) {
  const transactions = invoice.transactions.transaction;
  return (
    <SectionCard title="Transactions">
      <TableScroll minWidth={560} label="Transactions">
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Transaction date</Table.Th>
              <Table.Th>Gateway</Table.Th>
              <Table.Th>Transaction ID</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {transactions.length === 0 ? (
              <EmptyRow columns={4} text="No transactions found" />
            ) : (
              transactions.map((transaction) => (
                <Table.Tr key={transaction.id}>
                  <Table.Td>{transaction.date}</Table.Td>
                  <Table.Td>{gatewayName(transaction.gateway)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{transaction.transid}</Table.Td>
                  <Table.Td ta="right">{formatMoney(transaction.amountin, invoice)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </SectionCard>
  );
}
