import { attachmentName } from './attachment-name.ts';
import { type RequestOptions, send } from './api-client.ts';

/**
 * A file answer of the API (a PDF, say), with the name the server gives it. Apart from the JSON
 * client so that the sign-in page's scripts do not carry it.
 */
export async function requestFile(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<{ blob: Blob; name: string | undefined }> {
  const response = await send(path, { ...options, method: 'GET' }, '*/*');
  return { blob: await response.blob(), name: attachmentName(response.headers.get('content-disposition')) };
}
