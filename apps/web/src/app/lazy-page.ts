import { type ComponentType, lazy } from 'react';

/** A lazily loaded page: `page(() => import(...), 'ExportName')`, fetched when first shown. */
export function page<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
