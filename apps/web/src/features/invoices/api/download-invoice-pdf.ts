import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../lib/api-file.ts';
import { saveFile } from '../../../lib/download-file.ts';
import { invoiceApiPaths } from './keys.ts';

/** `GET invoices/{id}/pdf`, saved under the name the server gives it. */
export async function downloadInvoicePdf(id: number) {
  const { blob, name } = await requestFile(invoiceApiPaths.pdf(id));
  saveFile(name ?? `invoice-${id}.pdf`, blob);
}

export function useDownloadInvoicePdf(id: number) {
  return useMutation({ mutationFn: () => downloadInvoicePdf(id) });
}
