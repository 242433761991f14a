import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { SupportText } from '@rackdesk/contract';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useTicket } from '../api/get-ticket.ts';
import { useLiveTicketUpdates } from '../hooks/use-live-ticket-updates.ts';
import { CloseTicketButton } from './close-ticket-button.tsx';
import { TicketAccessDenied } from './ticket-access-denied.tsx';
import { TicketHeader } from './ticket-header.tsx';
import { TicketReplyForm } from './ticket-reply-form.tsx';
import { TicketSkeleton } from './ticket-skeleton.tsx';
import { TicketThread } from './ticket-thread.tsx';

interface TicketPageProps {
  tid: string;
  /** A guest's access key (`?c=`), or null to read the ticket as the signed-in user. */
  guestKey: string | null;
  signedIn: boolean;
}

/** /support/{tid} (portal spec §2 Support, §4, §8): the thread, the reply form, Close Ticket. */
export function TicketPage({ tid, guestKey, signedIn }: TicketPageProps) {
  const query = useTicket(tid, guestKey);
  useLiveTicketUpdates(tid, signedIn && guestKey === null);
  useDocumentTitle(`Ticket #${tid} · Rackdesk`);

  const status = isApiError(query.error) ? query.error.status : undefined;
  if (status === 404) {
    return <NotFound title={SupportText.notFound} description="There is no ticket with this number." />;
  }
  if (status === 403) return <TicketAccessDenied signedIn={signedIn} guestLink={guestKey !== null} />;
  if (query.isPending) return <TicketSkeleton />;
  if (query.isError && query.data === undefined) {
    return <ErrorPanel context="We could not load this ticket." onRetry={() => void query.refetch()} />;
  }

  const ticket = query.data!;
  return (
    <Stack gap="lg">
      <TicketHeader
        ticket={ticket}
        signedIn={signedIn && guestKey === null}
        actions={ticket.status === 'Closed' ? null : <CloseTicketButton tid={tid} guestKey={guestKey} />}
      />
      <TicketThread tid={tid} replies={ticket.replies.reply} canSeeImages={guestKey === null} />
      <TicketReplyForm tid={tid} guestKey={guestKey} status={ticket.status} canAttach={ticket.can_attach} />
    </Stack>
  );
}
