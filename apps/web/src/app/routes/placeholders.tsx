import { PagePlaceholder } from '../../components/page-placeholder.tsx';

// Pages that later work fills in: each already shows its heading inside the shell.
export const SupportListRoute = () => <PagePlaceholder title="Support Tickets" />;
export const SupportNewRoute = () => <PagePlaceholder title="Open New Ticket" />;
export const SupportTicketRoute = () => <PagePlaceholder title="Support Ticket" />;
