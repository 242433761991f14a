import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useSearchParams } from '../../lib/routing.tsx';
import { useParams } from '../../lib/route-params.ts';
import { TicketAccessDenied } from '../../features/support/components/ticket-access-denied.tsx';
import { TicketPage } from '../../features/support/components/ticket-page.tsx';
import { useCurrentUser } from '../../lib/auth.ts';

/**
 * /support/{tid}: public (portal spec §2, §6). A mailed guest link (`?c=`) opens the ticket with
 * its key, whoever is signed in; otherwise a signed-in user reads it as their account's, and a
 * guest without a key is not authorized.
 */
export function SupportTicketRoute() {
  const tid = useParams().tid ?? '';
  const guestKey = useSearchParams()[0].get('c');
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  if (guestKey === null && !signedIn) return <TicketAccessDenied signedIn={false} guestLink={false} />;
  return <TicketPage key={`${tid}:${guestKey ?? ''}`} tid={tid} guestKey={guestKey} signedIn={signedIn} />;
}
