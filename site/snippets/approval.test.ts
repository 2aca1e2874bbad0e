// Tool approval three ways, against the provider simulator and a real MCP server: in process
// (onApproval), in the stream (the approval events), and durable (the step API, the state
// stored as JSON while a person decides).
import {
  type ApprovalDecision,
  createEngine,
  type Engine,
  nextToolLoopStep,
  recordApproval,
  runModelStep,
  runToolStep,
  startToolLoop,
} from '@crosswire/engines';
import { parseToolLoopState, serializeToolLoopState } from '@crosswire/engines/durable';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

let simulator: Simulator;
let files: Client;
const deleted: string[] = [];

beforeAll(async () => {
  simulator = await startSimulator();
  const server = new McpServer({ name: 'files', version: '1.0.0' });
  server.registerTool(
    'list_files',
    { description: 'Lists the files.', annotations: { readOnlyHint: true } },
    async () => ({ content: [{ type: 'text', text: 'q1.pdf q2.pdf draft.txt' }] }),
  );
  server.registerTool(
    'delete_file',
    {
      description: 'Deletes a file.',
      inputSchema: { path: z.string() },
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
    async ({ path }) => {
      deleted.push(path);
      return { content: [{ type: 'text', text: `deleted ${path}` }] };
    },
  );
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  files = new Client({ name: 'app', version: '1.0.0' });
  await files.connect(clientTransport);
});

afterAll(async () => {
  await files.close();
  await simulator.close();
});

/** An engine on a lane where the model lists the files, deletes two, then answers. */
function engineFor(lane: string): Engine {
  simulator.script(lane, [
    {
      type: 'tool_calls',
      calls: [
        { name: 'list_files', arguments: {} },
        { name: 'delete_file', arguments: { path: 'draft.txt' } },
        { name: 'delete_file', arguments: { path: 'q1.pdf' } },
      ],
    },
    { type: 'text', text: 'I deleted draft.txt; q1.pdf stays.' },
  ]);
  return createEngine({
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    apiKey: 'not-a-real-key',
    baseUrl: simulator.baseUrl('anthropic', lane),
  });
}

/** The person: drafts may go, reports stay. */
async function decide(path: unknown): Promise<ApprovalDecision> {
  return path === 'draft.txt' ? { approved: true } : { approved: false, reason: 'keep reports' };
}

describe('tool approval', () => {
  it('in process: onApproval decides each call that is not read-only', async () => {
    deleted.length = 0;
    const engine = engineFor('in-process');
    const result = await engine.runToolLoop('Tidy up.', {
      mcpServers: [files],
      approval: 'unless-read-only',
      onApproval: (request) => decide(request.toolCall.arguments.path),
    });
    expect(result.text).toBe('I deleted draft.txt; q1.pdf stays.');
    expect(deleted).toEqual(['draft.txt']);
    expect(result.turns[0]?.toolCalls.map((call) => call.approval)).toEqual([
      undefined,
      { approved: true, edited: false },
      { approved: false, reason: 'keep reports', edited: false },
    ]);
    await engine.close();
  });

  it('in the stream: a request before asking, the decision after', async () => {
    deleted.length = 0;
    const engine = engineFor('stream');
    const stream = engine.streamWithTools('Tidy up.', {
      mcpServers: [files],
      approval: 'unless-read-only',
      onApproval: (request) => decide(request.toolCall.arguments.path),
    });
    const seen: string[] = [];
    for await (const event of stream) {
      if (event.type === 'tool-approval-request') seen.push(`asked ${event.toolCall.name}`);
      if (event.type === 'tool-approval-decision') seen.push(`approved: ${event.approved}`);
      if (event.type === 'tool-result')
        seen.push(`result ${event.result.isError ? 'error' : 'ok'}`);
    }
    expect(seen).toEqual([
      'asked delete_file',
      'asked delete_file',
      'approved: true',
      'approved: false',
      'result ok',
      'result ok',
      'result error',
    ]);
    expect(deleted).toEqual(['draft.txt']);
    await engine.close();
  });

  it('durable: the loop waits as JSON for as long as the person takes', async () => {
    deleted.length = 0;
    const engine = engineFor('durable');
    const database = new Map<string, string>();
    const save = (state: ReturnType<typeof startToolLoop>) =>
      database.set(state.loopId, JSON.stringify(serializeToolLoopState(state)));
    const load = (loopId: string) => parseToolLoopState(database.get(loopId) as string);

    save(startToolLoop('Tidy up.', { loopId: 'tidy-1' }));
    const questions: { callId: string; path: unknown }[] = [];
    // A worker runs every step it can; approval steps are questions for a person.
    const work = async () => {
      for (;;) {
        const state = load('tidy-1');
        const step = nextToolLoopStep(state);
        if (step.kind === 'done') return step.text;
        if (step.kind === 'approval') {
          questions.push({ callId: step.callId, path: step.call.arguments.path });
          return undefined; // nothing more to do until someone decides
        }
        save(
          step.kind === 'model'
            ? await runModelStep(engine, state, {
                mcpServers: [files],
                approval: 'unless-read-only',
              })
            : await runToolStep(state, step.callId, { mcpServers: [files] }),
        );
      }
    };
    expect(await work()).toBeUndefined();
    // Hours later, in another process: the person decides, one call at a time.
    for (;;) {
      const question = questions.shift();
      if (!question) break;
      save(recordApproval(load('tidy-1'), question.callId, await decide(question.path)));
      const text = await work();
      if (text !== undefined) expect(text).toBe('I deleted draft.txt; q1.pdf stays.');
    }
    expect(load('tidy-1').text).toBe('I deleted draft.txt; q1.pdf stays.');
    expect(deleted).toEqual(['draft.txt']);
    await engine.close();
  });
});
