import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A loopback HTTP server that counts the requests it receives. Tests never leave 127/8. */
export interface TestServer {
  readonly host: string;
  readonly port: number;
  /** `http://host:port` */
  readonly origin: string;
  /** Paths requested, in order. */
  readonly hits: string[];
  /** Request headers, in order. */
  readonly requests: IncomingMessage['headers'][];
  close(): Promise<void>;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export async function startServer(host: string, handler: Handler): Promise<TestServer> {
  const hits: string[] = [];
  const requests: IncomingMessage['headers'][] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? '');
    requests.push(request.headers);
    handler(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host,
    port,
    origin: `http://${host}:${port}`,
    hits,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The opt-out of the private-network guard, for tests of the fetch's mechanics against a
 * loopback server (the guard's own tests use `denyPrivateHosts({ allow })` instead).
 */
export const OPEN_NETWORK = { allowPrivateNetwork: true } as const;
