import { useEffect } from 'react';
import { notify } from './notify.ts';

interface WatchedQuery {
  isError: boolean;
  errorUpdatedAt: number;
  data?: unknown;
}

/**
 * Shows the spec's toast each time a query fails. With `onlyRefresh`, only failures of a refresh
 * count: a first load that fails shows its error panel instead.
 */
export function useFailureToast(query: WatchedQuery, message: string, { onlyRefresh = false } = {}) {
  const { isError, errorUpdatedAt } = query;
  const hasData = query.data !== undefined;
  useEffect(() => {
    if (!isError || (onlyRefresh && !hasData)) return;
    notify(message, 'error');
    // One toast per failure: errorUpdatedAt changes with each one, the other inputs do not matter.
  }, [errorUpdatedAt]);
}
