// Differential test: the tool turn a LangChain agent sends with crosswireMiddleware vs the tool
// turn @crosswire/engines builds for the same conversation (same provider, model and MCP result).
// @crosswire/engines is used by this test only, never by the package. Every difference is one of
// INTENDED, written down with its reason (also in the package README and the site page).
import { createToolCall } from '@crosswire/core';
import { createEngine } from '@crosswire/engines';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT, runAgent, toolTurn } from './test-support/agent-run.js';
import { CHAT_MODELS, type ChatModelName } from './test-support/chat-models.js';
import { adapterTools, type Mcp, startMcp } from './test-support/mcp-fixture.js';

let simulator: Simulator;
let mcp: Mcp;
let tools: StructuredToolInterface[];
beforeAll(async () => {
  // @langchain/ollama's tool messages break a simulator rule of their own (no tool_name); the
  // tool turn is compared, not refused.
  simulator = await startSimulator({ enforce: false });
  mcp = await startMcp();
  tools = await adapterTools(mcp.client, false);
});
afterAll(async () => {
  await mcp.close();
  await simulator.close();
});

/** The registry provider of each chat model, as the engine names it. */
const PROVIDERS: Partial<Record<ChatModelName, string>> = {
  'ChatOpenAI gpt-6.1-sol (Chat Completions)': 'openai',
  'ChatOpenAI gpt-3.5-turbo (text only)': 'openai',
  'ChatOpenAI gpt-6.1-sol (Responses)': 'openai-responses',
  'ChatAnthropic claude-sonnet-5-5': 'anthropic',
  'ChatGoogleGenerativeAI gemini-3-flash-preview': 'gemini',
  'ChatOllama qwen2.5vl': 'ollama',
};

/**
 * The intended differences, per model: the leaf paths (in the tool turn) where the two differ,
 * written by hand from what each LangChain integration can write.
 */
const INTENDED: Record<string, { snapshot: readonly string[]; broken: readonly string[] }> = {
  // @langchain/openai adds the tool's `name` to a tool message; Chat Completions ignores it.
  'ChatOpenAI gpt-6.1-sol (Chat Completions)': { snapshot: ['[0].name'], broken: ['.name'] },
  'ChatOpenAI gpt-3.5-turbo (text only)': { snapshot: ['[0].name'], broken: ['.name'] },
  'ChatOpenAI gpt-6.1-sol (Responses)': { snapshot: [], broken: [] },
  'ChatAnthropic claude-sonnet-5-5': { snapshot: [], broken: [] },
  'ChatGoogleGenerativeAI gemini-3-flash-preview': {
    // The error: Crosswire sends the text as Google documents it, `response: { error: <text> }`;
    // @langchain/google-genai writes `{ error: { details: <text> } }` for a tool message whose
    // status is error. Both say the call failed.
    broken: ['.parts[0].functionResponse.response.error', '.parts[0].functionResponse.id'],
    snapshot: [
      // @langchain/google-genai cannot write functionResponse.parts, so where the engine sends
      // Gemini 3 the image and PDF inside the functionResponse, they go in the next user content,
      // each kind after the sentence the engine writes for the Gemini 2 form; the response text
      // then holds their placeholders...
      '[0].parts[0].functionResponse.response.result',
      // ...and it sends no functionResponse id (Gemini pairs results with calls by name and order).
      '[0].parts[0].functionResponse.id',
      '[0].parts[0].functionResponse.parts',
      '[1]',
    ],
  },
  'ChatOllama qwen2.5vl': {
    // @langchain/ollama writes neither tool_name nor tool_call_id, and one user message per
    // part: the sentence alone, then one message holding the image.
    snapshot: ['[0].tool_name', '[0].tool_call_id', '[1].images', '[2]'],
    broken: ['.tool_name', '.tool_call_id'],
  },
};

/** Leaf paths where two JSON values differ. */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return [path];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) =>
    differences(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}${Array.isArray(a) ? `[${key}]` : `.${key}`}`,
    ),
  );
}

describe('the middleware sends the tool turn @crosswire/engines sends, or differs as listed', () => {
  it('compares every model it lists', () => {
    expect(Object.keys(INTENDED)).toEqual(Object.keys(PROVIDERS));
  });

  for (const [name, provider] of Object.entries(PROVIDERS) as [ChatModelName, string][]) {
    it(name, async () => {
      const run = await runAgent(simulator, name, tools, { middleware: true });
      expect(run.answer).toBe('done');
      const snapshotTurn = toolTurn(run.requests[1]);
      const [brokenResult] = toolTurn(run.requests[2]);
      // The ids the tool messages answer: LangChain's (it mints its own for Ollama's calls).
      const [callId = '', brokenId = ''] = run.callIds;
      const mcpResult = await mcp.client.callTool({ name: 'snapshot', arguments: {} });
      const engine = createEngine({
        provider,
        model: CHAT_MODELS[name].model,
        apiKey: 'k',
        onWarning: () => {},
      });
      const turnOf = async (id: string, result: ToolResult) => {
        const built = await engine.buildRequest([
          { role: 'user', content: 'Look at the page.' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [createToolCall({ id, name: result.name, arguments: {} })],
          },
          { role: 'tool', results: [result] },
        ]);
        return toolTurn({ body: JSON.parse(JSON.stringify(built)) } as never);
      };
      const enginesSnapshot = await turnOf(
        callId,
        ToolResult.fromCallToolResult({ name: 'snapshot', id: callId }, mcpResult),
      );
      // The failed call as the agent reported it (the adapters turn an MCP error into this text).
      const [enginesBroken] = await turnOf(
        brokenId,
        new ToolResult({
          name: 'broken',
          id: brokenId,
          isError: true,
          content: [{ type: 'text', text: ERROR_TEXT }],
        }),
      );
      expect({
        snapshot: differences(snapshotTurn, enginesSnapshot),
        broken: differences(brokenResult, enginesBroken),
      }).toEqual(INTENDED[name]);
    });
  }
});
