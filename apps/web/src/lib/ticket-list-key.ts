/**
 * The root of every cached ticket list, whichever feature reads it (the support list, the
 * dashboard's Recent Tickets card): opening, answering or closing a ticket invalidates them all.
 */
export const ticketListsKey = ['tickets', 'list'] as const;
