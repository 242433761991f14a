import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text worth compressing: JSON, HTML and the other text answers (the OpenAPI page's scripts and
 * styles among them). Not the event stream (a compressor holds events back until its buffer
 * fills), nor ticket images and invoice PDFs, which are compressed formats already: spending CPU on
 * them gains nothing. Types left out here are still compressed when mime-db calls them
 * compressible, which none of those is.
 */
const compressibleTypes =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)(?:;|$)|image\/svg\+xml)/;

/**
 * Compresses the API's answers (and the web app's index.html when the build left no compressed
 * copy) with brotli or gzip, whichever the caller's `Accept-Encoding` prefers, adding
 * `Vary: Accept-Encoding`. Answers under 1 KB go as they are: the headers would cost more than
 * the bytes saved. Request bodies are not decompressed: the API reads them as it always did,
 * under its body limit, instead of inflating what a client sends. HEAD answers stay bare: Fastify
 * empties them before this hook sees them.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: compressibleTypes,
    globalDecompression: false,
  });
}
