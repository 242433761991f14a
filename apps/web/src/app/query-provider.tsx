import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * The query cache of every page but /login, loaded with the first of them: the sign-in form sends
 * one call and needs no cache, so the query library stays off the page a visitor lands on.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
