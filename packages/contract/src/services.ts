import { z } from 'zod';
import { idParam } from './input.ts';
import { flagParam, pageFieldsSchema, pagingParams, sortParams } from './list-query.ts';
import { serviceSortColumns } from './lists.ts';

export const serviceStatuses = [
  'Active',
  'Cancelled',
  'Fraud',
  'Suspended',
  'Terminated',
  'Pending',
] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];

export const cancellationTypes = ['Immediate', 'End of Billing Period'] as const;
export type CancellationType = (typeof cancellationTypes)[number];

/** A cancellation request can be made only in these states (servers spec §4). */
export const cancellableStatuses: readonly ServiceStatus[] = ['Active', 'Pending', 'Suspended'];
/** A pending request can be voided only in these states. */
export const voidableStatuses: readonly ServiceStatus[] = ['Active', 'Suspended'];
/** The service list shows these unless 'Show all services (including inactive)' is ticked. */
export const activeListStatuses: readonly ServiceStatus[] = ['Active', 'Pending', 'Suspended'];

export const DEFAULT_SUSPENSION_REASON = 'Overdue on Payment';

const configOptionSchema = z.object({
  id: z.number().int(),
  option: z.string(),
  type: z.string(),
  value: z.string(),
});
const customFieldSchema = z.object({ id: z.number().int(), name: z.string(), value: z.string() });

export const cancellationSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  type: z.enum(cancellationTypes),
  date: z.string(),
});

/** One service of `GET services`, in the billing system's `products.product[]` shape (servers spec §3). */
export const serviceListItemSchema = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  name: z.string(),
  groupname: z.string(),
  domain: z.string(),
  dedicatedip: z.string(),
  assignedips: z.string(),
  regdate: z.string(),
  firstpaymentamount: z.string(),
  recurringamount: z.string(),
  billingcycle: z.string(),
  /** 'YYYY-MM-DD', or '0000-00-00' when there is none (free or one-time services). */
  nextduedate: z.string(),
  status: z.enum(serviceStatuses),
  suspensionreason: z.string(),
  /** The unpaid invoice of this service, if any. */
  invoice_id: z.number().int().nullable(),
  cancellation: cancellationSchema.nullable(),
  configoptions: z.object({ configoption: z.array(configOptionSchema) }),
  customfields: z.object({ customfield: z.array(customFieldSchema) }),
});
export type ServiceListItem = z.infer<typeof serviceListItemSchema>;

/**
 * `GET services`: every service (the ticket form's choice, the storage attach list…) in id order,
 * or one page of them. `show_all` is the list's 'Show all services (including inactive)': a page
 * holds only Active, Pending and Suspended services unless it is `true`; the whole list holds
 * every service unless it is `false`. `q` matches the search box's fields: domain, product, IP
 * address, status and product group.
 */
export const serviceListQuerySchema = z.object({
  ...pagingParams(),
  ...sortParams(serviceSortColumns),
  show_all: flagParam('show_all').optional(),
});
export type ServiceListQuery = z.infer<typeof serviceListQuerySchema>;

export const serviceListResponseSchema = pageFieldsSchema.partial().extend({
  totalresults: z.number().int(),
  products: z.object({ product: z.array(serviceListItemSchema) }),
});
export type ServiceListResponse = z.infer<typeof serviceListResponseSchema>;

export const provisioningStatuses = ['waiting', 'running', 'done', 'failed', 'held'] as const;

/**
 * How far the setup of an ordered service is: waiting for its payment (or its attempt's retry),
 * running, done, failed (the service stays Pending; `reason` says why), or held for review.
 */
export const serviceProvisioningSchema = z.object({
  status: z.enum(provisioningStatuses),
  /** Why the setup failed, for the customer; empty unless failed. */
  reason: z.string(),
});
export type ServiceProvisioningStatus = z.infer<typeof serviceProvisioningSchema>;

export const serviceDetailResponseSchema = z.object({
  billing: serviceListItemSchema,
  /** Null for a service that was not set up through an order (or before orders existed). */
  provisioning: serviceProvisioningSchema.nullable(),
});
export type ServiceDetailResponse = z.infer<typeof serviceDetailResponseSchema>;

export const serviceIdParamsSchema = z.object({
  id: idParam('Unknown service.'),
});

export const CANCELLATION_REASON_REQUIRED = 'Please provide a reason for cancellation.';

export const cancelServiceRequestSchema = z.object({
  type: z
    .enum(cancellationTypes, { error: 'The type must be Immediate or End of Billing Period.' })
    .default('Immediate'),
  reason: z
    .string({ error: CANCELLATION_REASON_REQUIRED })
    .trim()
    .min(1, CANCELLATION_REASON_REQUIRED)
    .max(2000, 'The reason may not be greater than 2000 characters.'),
});
export type CancelServiceRequest = z.input<typeof cancelServiceRequestSchema>;
