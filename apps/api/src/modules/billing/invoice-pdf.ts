import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type InvoiceDetail, PAYMENT_GATEWAYS } from '@rackdesk/contract';
import PDFDocument from 'pdfkit';
import type { UserRow } from '../../db/schema/index.ts';

// A full Unicode font: the standard PDF fonts cover Latin-1 only, and names and addresses are not.
const fontFile = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const fonts = {
  regular: readFileSync(fontFile),
  bold: readFileSync(fontFile.replace('DejaVuSans.ttf', 'DejaVuSans-Bold.ttf')),
};

const page = { left: 50, right: 545, width: 495 };
const colour = { text: '#1a1b1e', muted: '#5c5f66', rule: '#ced4da', paid: '#2b8a3e', unpaid: '#c92a2a' };
const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** The lines of the 'Invoiced To' block: the account's name, company and address. */
export function invoicedToLines(account: UserRow): string[] {
  const place = [account.city, [account.state, account.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const country = account.country ? (regions.of(account.country) ?? account.country) : '';
  return [
    [account.firstname, account.lastname].filter(Boolean).join(' '),
    account.companyname,
    account.address1,
    account.address2,
    place,
    country,
    account.email,
  ].filter((line) => line.trim() !== '');
}

const usd = (amount: string) => `$${amount} USD`;

/**
 * The invoice as a PDF (portal spec §2 Invoices, Download): number, dates, status, Invoiced To,
 * Pay To, items with their totals, and transactions, laid out like the invoice page.
 */
export function renderInvoicePdf(invoice: InvoiceDetail, invoicedTo: string[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: page.left,
    info: { Title: `Invoice #${invoice.invoicenum}`, Author: invoice.payto.split('\n')[0] ?? '' },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(20).fillColor(colour.text).text(`Invoice #${invoice.invoicenum}`);
  doc
    .fontSize(14)
    .fillColor(invoice.status === 'Paid' ? colour.paid : colour.unpaid)
    .text(invoice.status.toUpperCase());
  doc.moveDown(0.5).font('regular').fontSize(10).fillColor(colour.text);
  doc.text(`Invoice Date: ${invoice.date}`);
  doc.text(`Due Date: ${invoice.duedate}`);
  if (invoice.status === 'Paid') doc.text(`Date Paid: ${invoice.datepaid}`);
  doc.moveDown();

  const top = doc.y;
  addressBlock(doc, 'Invoiced To', invoicedTo, page.left, top);
  const leftBottom = doc.y;
  addressBlock(doc, 'Pay To', invoice.payto.split('\n'), page.left + page.width / 2, top);
  doc.x = page.left;
  doc.y = Math.max(leftBottom, doc.y) + 20;

  table(
    doc,
    ['Description', 'Amount'],
    [page.width - 120, 120],
    invoice.items.item.map((item) => [item.description, usd(item.amount)]),
    'No items found',
  );
  for (const [label, amount] of [
    ['Sub Total', invoice.subtotal],
    ['Credit', invoice.credit],
    ['Total', invoice.total],
    ['Balance', invoice.balance],
  ] as const) {
    row(doc, [label, usd(amount)], [page.width - 120, 120], { bold: label === 'Total', alignLast: true });
  }
  doc.moveDown(1.5);

  doc.font('bold').fontSize(12).fillColor(colour.text).text('Transactions', page.left);
  doc.moveDown(0.3);
  table(
    doc,
    ['Transaction Date', 'Gateway', 'Transaction ID', 'Amount'],
    [130, 110, 155, 100],
    invoice.transactions.transaction.map((transaction) => [
      transaction.date,
      PAYMENT_GATEWAYS[transaction.gateway as keyof typeof PAYMENT_GATEWAYS] ?? transaction.gateway,
      transaction.transid,
      usd(transaction.amountin),
    ]),
    'No transactions found',
  );

  doc.end();
  return done;
}

function addressBlock(doc: PDFKit.PDFDocument, title: string, lines: string[], x: number, y: number) {
  const width = page.width / 2 - 10;
  doc.font('bold').fontSize(11).fillColor(colour.text).text(title, x, y, { width });
  doc.font('regular').fontSize(10);
  for (const line of lines) doc.text(line, x, doc.y, { width });
}

function table(
  doc: PDFKit.PDFDocument,
  headers: string[],
  widths: number[],
  rows: string[][],
  empty: string,
) {
  row(doc, headers, widths, { bold: true, alignLast: true });
  rule(doc);
  if (rows.length === 0) row(doc, [empty], [page.width], {});
  for (const cells of rows) row(doc, cells, widths, { alignLast: true });
  rule(doc);
}

/** One line of a table: cells side by side, the row as tall as its tallest cell. */
function row(
  doc: PDFKit.PDFDocument,
  cells: readonly string[],
  widths: number[],
  style: { bold?: boolean; alignLast?: boolean },
) {
  doc
    .font(style.bold ? 'bold' : 'regular')
    .fontSize(10)
    .fillColor(colour.text);
  const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 8 })));
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const y = doc.y + 3;
  let x = page.left;
  cells.forEach((cell, i) => {
    const align = style.alignLast && i === cells.length - 1 && cells.length > 1 ? 'right' : 'left';
    doc.text(cell, x + 4, y, { width: widths[i]! - 8, align });
    x += widths[i]!;
  });
  doc.x = page.left;
  doc.y = y + height + 3;
}

function rule(doc: PDFKit.PDFDocument) {
  doc.moveTo(page.left, doc.y).lineTo(page.right, doc.y).strokeColor(colour.rule).lineWidth(0.5).stroke();
}
