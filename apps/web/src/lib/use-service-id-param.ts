import { useParams } from './route-params.ts';

/** The service id of the route, and 0 when the route's id cannot name a service. */
export function useServiceIdParam(): { id: number; raw: string } {
  const raw = useParams().id ?? '';
  const parsed = Number(raw);
  return { id: Number.isSafeInteger(parsed) && parsed > 0 ? parsed : 0, raw };
}
