import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

// The recorded listings (`../shared/oracles/listings/`, and the MIT ones copied into
// `fixtures/listings/`), and a loopback server that answers with them.

const COPIED = fileURLToPath(new URL('../../fixtures/listings/', import.meta.url));
const SHARED = fileURLToPath(new URL('../../../../../shared/oracles/listings/', import.meta.url));

/** A recording's text: the copy in the package, else the shared one; undefined when neither is here. */
export function recording(file: string): string | undefined {
  for (const folder of [COPIED, SHARED]) {
    if (existsSync(`${folder}${file}`)) return readFileSync(`${folder}${file}`, 'utf8');
  }
  return undefined;
}

/** The recordings a test needs, parsed; undefined when any is missing (the test is skipped). */
export function recordings(...files: string[]): unknown[] | undefined {
  const texts = files.map(recording);
  return texts.every((text) => text !== undefined)
    ? texts.map((text) => JSON.parse(text as string) as unknown)
    : undefined;
}

export type Answer = (request: IncomingMessage, url: URL, body: string) => unknown;

/** A loopback server answering JSON; `answer` is set per test, `requests` lists what came. */
export interface RecordingServer {
  readonly origin: string;
  answer: Answer;
  readonly requests: string[];
  close(): Promise<void>;
}

export async function recordingServer(): Promise<RecordingServer> {
  const state: RecordingServer = {
    origin: '',
    answer: () => ({}),
    requests: [],
    close: async () => {},
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      state.requests.push(`${request.method} ${url.pathname}${url.search}`);
      const answered = state.answer(request, url, body);
      response.writeHead(answered === undefined ? 404 : 200, {
        'content-type': 'application/json',
      });
      response.end(JSON.stringify(answered ?? { error: 'not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
