/**
 * Remembers the results of a pure function of a string for its `capacity` most recently added
 * inputs, forgetting the oldest first, so that memory stays bounded whatever the inputs.
 */
export function boundedMemo<T>(compute: (key: string) => T, capacity: number): (key: string) => T {
  const results = new Map<string, T>();
  return (key) => {
    if (results.has(key)) return results.get(key) as T;
    const result = compute(key);
    if (results.size >= capacity) results.delete(results.keys().next().value as string);
    results.set(key, result);
    return result;
  };
}
