import { z } from 'zod';

export const ticketStatuses = [
  'Open',
  'Answered',
  'Customer-Reply',
  'Awaiting Reply',
  'On Hold',
  'In Progress',
  'Closed',
] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketPriorities = ['Low', 'Medium', 'High'] as const;

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  tid: z.string(),
  deptid: z.number().int(),
  deptname: z.string(),
  subject: z.string(),
  status: z.string(),
  priority: z.enum(ticketPriorities),
  /** 'YYYY-MM-DD HH:mm:ss' in New York time, as the billing system gives ticket times. */
  date: z.string(),
  lastreply: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const departmentSchema = z.object({ id: z.number().int(), name: z.string() });

export const ticketListResponseSchema = z.object({
  tickets: z.object({
    totalresults: z.number().int(),
    tickets: z.object({ ticket: z.array(ticketSummarySchema) }),
  }),
  departments: z.object({ department: z.array(departmentSchema) }),
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;
