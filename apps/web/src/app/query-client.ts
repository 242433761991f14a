import { QueryClient } from '@tanstack/react-query';
import { onSessionUserChange, getSessionUser } from '../lib/session-user.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// A session that ends (logout, a 401, a closed account) leaves no answer of it for the next visitor.
onSessionUserChange(() => {
  if (getSessionUser() === null) queryClient.clear();
});
