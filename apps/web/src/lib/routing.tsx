import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import { Redirect, Router, Link as WouterLink } from 'wouter';
import {
  navigate as pushLocation,
  useHistoryState,
  usePathname,
  useSearch,
} from 'wouter/use-browser-location';

/*
 * The app's routing vocabulary on top of wouter (~2.5 KB gzip instead of react-router's ~28 KB
 * data router, which the /login budget of 100 KB cannot carry). Pages keep the words they used
 * with react-router: Link, useNavigate, useParams (route-params.ts), useSearchParams, useLocation,
 * Navigate.
 */
export { useSearchParams } from 'wouter';

/** A target: a path (with its query), or the parts of one; a missing pathname keeps the current one. */
export type To = string | { pathname?: string; search?: string };

export interface NavigateOptions {
  replace?: boolean;
  /** Kept in the history entry, read back with `useLocation().state` (the login's `{ from }`). */
  state?: unknown;
}

/** What each history entry holds: a key of its own (a new arrival, even at the same path) and the state. */
interface HistoryEntry {
  key: string;
  usr: unknown;
}

const hrefOf = (to: To) =>
  typeof to === 'string' ? to : `${to.pathname ?? window.location.pathname}${to.search ?? ''}`;

/** Goes to a path, or moves through the history by a number of entries (-1: back). */
export function navigate(to: To | number, options: NavigateOptions = {}) {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const entry: HistoryEntry = { key: Math.random().toString(36).slice(2, 10), usr: options.state ?? null };
  pushLocation(hrefOf(to), { replace: options.replace, state: entry });
}

/** The navigate function; it does not depend on the component, so it is always the same. */
export const useNavigate = () => navigate;

const useAppLocation = (): [string, typeof navigate] => [usePathname(), navigate];

/** Every link, redirect and search change goes through `navigate`, so each entry gets its key. */
export function AppRouter({ children }: { children: ReactNode }) {
  return <Router hook={useAppLocation}>{children}</Router>;
}

/** The current location; re-renders on every navigation. */
export function useLocation() {
  const pathname = usePathname();
  const search = useSearch();
  const entry = useHistoryState() as Partial<HistoryEntry> | null;
  return { pathname, search, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  NavigateOptions & { to: string; ref?: Ref<HTMLAnchorElement> };

/** An `<a href>` that navigates inside the app (modified clicks still open a new tab). */
export const Link = WouterLink as (props: LinkProps) => ReactNode;

/** Navigates when rendered (after the commit), like a redirect answer. */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions): ReactNode {
  return <Redirect to={hrefOf(to)} replace={replace} state={state} />;
}
