// One createAgent run (the real `langchain` package) against the simulator: the model calls the
// MCP tool `snapshot` (text, PNG, PDF), then `broken` (an error), then answers 'done'.
import type { CrosswireWarning } from '@crosswire/core';
import type { Simulator, SimulatorRequest } from '@crosswire/simulator';
import { ToolMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { crosswireMiddleware } from '../index.js';
import { CHAT_MODELS, type ChatModelName } from './chat-models.js';

export interface AgentRun {
  /** Every request the simulator received, in order. */
  readonly requests: readonly SimulatorRequest[];
  readonly warnings: readonly CrosswireWarning[];
  /** The agent's final answer, or undefined when it threw. */
  readonly answer: string | undefined;
  /** What the agent threw (undefined when it answered). */
  readonly error: unknown;
  /** The call ids of the tool messages in the agent's state, in order (LangChain's own for Ollama). */
  readonly callIds: readonly string[];
}

let lanes = 0;

/** The text of the failed call, as @langchain/mcp-adapters and LangChain's tool node report it. */
export const ERROR_TEXT =
  "ToolException: MCP tool 'broken' on server 'browser' returned an error: the browser is not running\n Please fix your mistakes.";

/** The script every run follows: snapshot, then broken, then the answer. */
export const SCRIPT = [
  { type: 'tool_calls', calls: [{ name: 'snapshot', arguments: {}, id: 'call_1' }] },
  { type: 'tool_calls', calls: [{ name: 'broken', arguments: {}, id: 'call_2' }] },
  { type: 'text', text: 'done' },
] as const;

export async function runAgent(
  simulator: Simulator,
  name: ChatModelName,
  tools: readonly StructuredToolInterface[],
  options: { readonly middleware: boolean; readonly script?: Parameters<Simulator['script']>[1] },
): Promise<AgentRun> {
  const target = CHAT_MODELS[name];
  const lane = `agent${++lanes}`;
  simulator.script(lane, options.script ?? [...SCRIPT]);
  const warnings: CrosswireWarning[] = [];
  const agent = createAgent({
    model: target.make(simulator.baseUrl(target.wire, lane), target.model),
    tools: [...tools],
    middleware: options.middleware
      ? [crosswireMiddleware({ onWarning: (warning) => warnings.push(warning) })]
      : [],
  });
  let answer: string | undefined;
  let error: unknown;
  let callIds: string[] = [];
  try {
    const state = await agent.invoke({
      messages: [{ role: 'user', content: 'Look at the page.' }],
    });
    answer = state.messages.at(-1)?.text;
    callIds = state.messages.flatMap((message) =>
      ToolMessage.isInstance(message) ? [message.tool_call_id] : [],
    );
  } catch (thrown) {
    error = thrown;
  }
  return { requests: simulator.received(lane), warnings, answer, error, callIds };
}

/** The conversation items of a request body, as the wire lists them. */
export function itemsOf(request: SimulatorRequest | undefined): Record<string, unknown>[] {
  const body = (request?.body ?? {}) as Record<string, unknown>;
  return (body.messages ?? body.input ?? body.contents ?? []) as Record<string, unknown>[];
}

/** The items after the last assistant / model turn / function call: the tool turn of a request. */
export function toolTurn(request: SimulatorRequest | undefined): Record<string, unknown>[] {
  const items = itemsOf(request);
  let last = -1;
  items.forEach((item, index) => {
    if (item.role === 'assistant' || item.role === 'model' || item.type === 'function_call') {
      last = index;
    }
  });
  return items.slice(last + 1);
}
