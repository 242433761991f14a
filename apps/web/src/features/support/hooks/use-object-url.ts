import { useEffect, useState } from 'react';

/**
 * An address for a blob held in memory (an image fetched with the bearer token), revoked when
 * the blob changes or the component goes, so thumbnails leave nothing behind.
 */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const address = URL.createObjectURL(blob);
    setUrl(address);
    return () => {
      URL.revokeObjectURL(address);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}
