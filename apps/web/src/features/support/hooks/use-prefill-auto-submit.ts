import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../../lib/routing.tsx';
import { parsePrefill, type TicketPrefill } from '../utils/new-ticket.ts';

/** The prefill of /support/new from its query parameters, read once when the page opens. */
export function useTicketPrefill(): TicketPrefill | null {
  const [searchParams] = useSearchParams();
  const [prefill] = useState(() => parsePrefill(searchParams));
  return prefill;
}

/**
 * The prefilled form sends itself (portal spec §2 Support): once `ready` (departments loaded, or a
 * guest's captcha solved), `submit` runs a single time and the URL is replaced by the bare path,
 * so that a reload or Back does not send the ticket again.
 */
export function useAutoSubmit(prefill: TicketPrefill | null, ready: boolean, submit: () => void) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const done = useRef(false);
  // The latest submit, so that the effect runs when the form becomes ready, not on every render.
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });

  useEffect(() => {
    if (!prefill || !ready || done.current) return;
    done.current = true;
    navigate({ pathname }, { replace: true });
    submitRef.current();
  }, [prefill, ready, navigate, pathname]);
}
