import { useMemo } from 'react';
import { useParams as useRouteParams } from 'wouter';

// Apart from routing.tsx so that the sign-in page's scripts, which match no parameters, do not carry it.

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The matched route's parameters, decoded as the address bar shows them. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  const raw = useRouteParams();
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(raw).map(([key, value]) => [key, value === undefined ? value : decode(value)]),
      ),
    [raw],
  );
}
