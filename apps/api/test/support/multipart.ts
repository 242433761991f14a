import { randomBytes } from 'node:crypto';

/** A text part, or a file part with the name and type a client claims. */
export type FormPart =
  | { name: string; value: string; contentType?: string }
  | { name: string; filename: string; contentType?: string; bytes: Uint8Array };

/**
 * A multipart/form-data body written byte by byte, so that tests can send what no browser's
 * FormData would: names with quotes, NUL or paths, a field twice, any claimed type.
 */
export function multipartBody(parts: FormPart[], boundary = `----rackdesk${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n${type}\r\n`));
      chunks.push(Buffer.from(part.value), Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(part.bytes), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A file in the ticket forms' image field, with the name and type a client claims (a PNG's by default). */
export const imagePart = (
  bytes: Uint8Array,
  filename = 'screenshot.png',
  contentType = 'image/png',
): FormPart => ({ name: 'images[]', filename, contentType, bytes });
