import { PagePlaceholder } from '../../components/page-placeholder.tsx';

// The support issue replaces these with the ticket list and the new-ticket form.
export const SupportListRoute = () => <PagePlaceholder title="Support Tickets" />;
export const SupportNewRoute = () => <PagePlaceholder title="Open New Ticket" />;
