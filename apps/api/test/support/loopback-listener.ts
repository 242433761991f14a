import { createServer, type Server, type Socket } from 'node:net';

export interface LoopbackListener {
  port: number;
  /** Where each connection so far came in: `address:port` as the listener saw it. */
  connections: string[];
  close: () => Promise<void>;
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * A TCP listener on 127.0.0.1 and, where the machine has IPv6, on ::1 at the same port, that
 * records every connection and closes it unanswered: the proof that a URL aimed at this machine
 * was never fetched is that nothing connected here.
 */
export async function listenOnLoopback(): Promise<LoopbackListener> {
  const connections: string[] = [];
  const sockets = new Set<Socket>();
  const onConnection = (socket: Socket) => {
    connections.push(`${socket.localAddress}:${socket.localPort}`);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.destroy();
  };
  const v4 = createServer(onConnection);
  await listen(v4, '127.0.0.1', 0);
  const { port } = v4.address() as { port: number };
  const servers = [v4];
  const v6 = createServer(onConnection);
  try {
    await listen(v6, '::1', port);
    servers.push(v6);
  } catch {
    // No IPv6 loopback here (or the port is taken on it): the IPv6 spellings reach nothing anyway.
  }
  return {
    port,
    connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
    },
  };
}
