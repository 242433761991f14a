import { PagePlaceholder } from '../../components/page-placeholder.tsx';

// The support issue replaces this with the ticket thread.
export const SupportTicketRoute = () => <PagePlaceholder title="Support Ticket" />;
