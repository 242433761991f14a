import { useQuery } from '@tanstack/react-query';
import { requestFile } from '../../../lib/api-file.ts';
import { supportApiPaths, supportKeys } from './keys.ts';

/**
 * `GET support/{tid}/reply/{replyid}/image/{name}`: the image needs the bearer token, so it is
 * fetched as a blob (an <img src> could not send the header). Images never change, so one fetch
 * serves the thumbnail and the full view for the life of the page.
 */
export function useReplyImage(tid: string, replyid: number, name: string) {
  return useQuery({
    queryKey: supportKeys.image(tid, replyid, name),
    queryFn: async ({ signal }) =>
      (await requestFile(supportApiPaths.image(tid, replyid, name), { signal })).blob,
    staleTime: Infinity,
    retry: 1,
  });
}
