import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { bearer } from './fixtures.ts';

export interface EventStream {
  response: Response;
  /** Reads the stream until `needle` has arrived; rejects if the stream ends first. */
  readUntil(needle: string): Promise<void>;
  /** Everything read so far. */
  received(): string;
  close(): void;
}

/** Opens `GET /api/events` over real HTTP, as the web client does (fetch with a bearer token). */
export async function openEventStream(app: FastifyInstance, token: string): Promise<EventStream> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
    headers: { ...bearer(token), accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  return {
    response,
    async readUntil(needle) {
      while (!received.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        received += decoder.decode(value, { stream: true });
      }
    },
    received: () => received,
    close: () => controller.abort(),
  };
}
