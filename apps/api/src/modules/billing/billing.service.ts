import type { InvoiceListResponse } from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../http/policy.ts';
import type { ServicesService } from '../services/services.service.ts';
import { toInvoiceSummary } from './invoices.mapper.ts';
import { InvoicesRepository } from './invoices.repository.ts';

/** Invoices (the billing issue adds payments, credit and funds). */
export class BillingService {
  private readonly invoices: InvoicesRepository;

  constructor(
    database: Database,
    private readonly services: ServicesService,
  ) {
    this.invoices = new InvoicesRepository(database.db);
  }

  async listInvoices(auth: AuthContext, serviceId?: number): Promise<InvoiceListResponse> {
    // Filtering by service is subject to the service's ownership and the sub-account whitelist.
    if (serviceId !== undefined) await this.services.requireAccessible(auth, serviceId);
    const rows = await this.invoices.listForAccount(auth.account.id, serviceId);
    const invoice = rows.map((row) => toInvoiceSummary(row));
    return { totalresults: invoice.length, invoices: { invoice } };
  }
}
