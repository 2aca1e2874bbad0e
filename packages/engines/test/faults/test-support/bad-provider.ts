/**
 * A misbehaving provider on loopback: one `behave(request, response)` per server answers
 * every request, with raw access to the socket for faults a well-behaved HTTP server cannot
 * produce (a reset mid-body, headers trickled byte by byte, a body that never ends). `close()`
 * destroys every socket it accepted, so no test leaves one open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Behaviour = (
  request: IncomingMessage,
  response: ServerResponse,
  attempt: number,
) => void | Promise<void>;

export interface BadProvider {
  /** The base URL to give an engine (`http://127.0.0.1:PORT/v1`). */
  readonly baseUrl: string;
  /** Requests received so far. */
  readonly requests: () => number;
  close(): Promise<void>;
}

export async function startBadProvider(behave: Behaviour): Promise<BadProvider> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    const attempt = requests;
    // Read the request body first, as a real server does, then misbehave.
    request.resume();
    request.on('end', () => {
      Promise.resolve(behave(request, response, attempt)).catch(() => response.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON reply. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** Writes `text` one byte every `everyMs` ms straight to the socket, until it is closed. */
export function trickle(socket: Socket, text: string, everyMs: number): void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) {
      clearInterval(timer);
      return;
    }
    socket.write(text[index] as string);
    index++;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

/** Writes 64 KiB chunks as fast as the client reads them, until the socket closes. */
export function endlessBody(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  response.write('{"padding":"');
  const pump = () => {
    while (!response.destroyed && response.write(chunk)) {
      // keep writing while the buffer takes it
    }
  };
  response.on('drain', pump);
  response.on('close', () => response.off('drain', pump));
  pump();
}
