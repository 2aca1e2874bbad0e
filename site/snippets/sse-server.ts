// Streams a tool loop to a browser as server-sent events: GET /ask?q=... answers with
// `text/event-stream`, one event per loop event the page needs.
import { createServer } from 'node:http';
import { createEngine } from '@crosswire/engines';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

export function startAgentServer(mcpServers: Client[], port = 8787) {
  const engine = createEngine({ provider: 'openai', model: 'gpt-5.1' }); // key from OPENAI_API_KEY
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ask') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const send = (event: string, data: unknown) =>
      response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    // The browser going away (tab closed) aborts the loop and closes the provider connection.
    const controller = new AbortController();
    response.on('close', () => controller.abort());
    try {
      const run = engine.streamWithTools(url.searchParams.get('q') ?? '', {
        mcpServers,
        maxIterations: 8,
        signal: controller.signal,
      });
      for await (const event of run) {
        if (event.type === 'text-delta') send('text', { text: event.text });
        if (event.type === 'tool-call-run') send('tool', { name: event.toolCall.name });
        if (event.type === 'tool-result') {
          send('tool-result', {
            name: event.toolCall.name,
            isError: event.result.isError === true,
          });
        }
        if (event.type === 'loop-finish') send('done', { text: event.result.text });
      }
    } catch (error) {
      if (!controller.signal.aborted) send('failed', { message: (error as Error).message });
    } finally {
      response.end();
    }
  });
  // 127.0.0.1: put your own proxy in front of it to serve it publicly.
  server.listen(port, '127.0.0.1');
  return server;
}
