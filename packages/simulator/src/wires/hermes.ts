import {
  argumentsObject,
  asArray,
  CallLedger,
  containsBase64Payload,
  estimateTokens,
  isObject,
} from '../checks.js';
import type { Inspection, ReceivedToolResult, SimulatorWire } from '../types.js';
import { checkUserParts, contentText, wire as openai } from './openai.js';

const CALL = /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/g;
const RESPONSE = /<tool_response>\s*([\s\S]*?)\s*<\/tool_response>/g;
// Global: the prompt's own sentence names an empty `<tools></tools>` before the real list.
const TOOLS = /<tools>\s*([\s\S]*?)\s*<\/tools>/g;

function toolNames(prompt: string): string[] {
  // The tool list is the last non-empty `<tools>` block.
  const inner = [...prompt.matchAll(TOOLS)]
    .map((match) => match[1] ?? '')
    .filter((block) => block !== '')
    .at(-1);
  if (inner === undefined) return [];
  const nameOf = (tool: unknown): string | undefined => {
    if (!isObject(tool)) return undefined;
    if (typeof tool.name === 'string') return tool.name;
    return isObject(tool.function) && typeof tool.function.name === 'string'
      ? tool.function.name
      : undefined;
  };
  try {
    const parsed: unknown = JSON.parse(inner);
    return (Array.isArray(parsed) ? parsed : [parsed])
      .map(nameOf)
      .filter((name) => name !== undefined);
  } catch {
    return inner
      .split('\n')
      .map((line) => {
        try {
          return nameOf(JSON.parse(line));
        } catch {
          return undefined;
        }
      })
      .filter((name) => name !== undefined);
  }
}

function inspect(body: unknown): Inspection {
  const violations: string[] = [];
  if (!isObject(body))
    return {
      model: undefined,
      tools: [],
      toolResults: [],
      violations: ['body must be a JSON object'],
    };
  const model = typeof body.model === 'string' ? body.model : undefined;
  if (model === undefined) violations.push('model must be a string');
  if (body.tools !== undefined)
    violations.push('a hermes request sends its tools in the system prompt, not in tools');
  const messages = asArray(body.messages);
  if (messages.length === 0) violations.push('messages must be a non-empty array');
  const ledger = new CallLedger(false);
  let tools: string[] = [];
  let toolResults: ReceivedToolResult[] = [];
  messages.forEach((message, index) => {
    const where = `messages[${index}]`;
    if (!isObject(message) || typeof message.role !== 'string') {
      violations.push(`${where}: must be { role, content }`);
      return;
    }
    const text = contentText(message.content);
    if (message.role === 'system' && text.includes('<tools>')) tools = toolNames(text);
    if (message.role === 'assistant') {
      if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
        violations.push(
          `${where}: a hermes assistant echo carries its calls as <tool_call> text, not tool_calls`,
        );
      }
      const calls = [...text.matchAll(CALL)].map((match) => {
        try {
          const parsed: unknown = JSON.parse(match[1] ?? '');
          return {
            id: '',
            name: isObject(parsed) && typeof parsed.name === 'string' ? parsed.name : '',
          };
        } catch {
          return { id: '', name: '' };
        }
      });
      if (calls.length > 0) {
        ledger.calls(calls, where);
        toolResults = [];
      } else ledger.closeTurn(where);
      return;
    }
    const responses = [...text.matchAll(RESPONSE)];
    if ((message.role === 'tool' || message.role === 'user') && responses.length > 0) {
      if (containsBase64Payload(text))
        violations.push(`${where}: tool response carries a base64 payload`);
      for (const match of responses) {
        let name = '';
        try {
          const parsed: unknown = JSON.parse(match[1] ?? '');
          if (isObject(parsed) && typeof parsed.name === 'string') name = parsed.name;
          else violations.push(`${where}: <tool_response> must hold {"name", "content"}`);
        } catch {
          violations.push(`${where}: <tool_response> does not hold JSON`);
        }
        ledger.result('', name, where);
        toolResults.push({ id: '', name, block: match[0] });
      }
      return;
    }
    ledger.closeTurn(where);
    if (message.role === 'user') checkUserParts(message.content, where, violations);
  });
  ledger.closeTurn('end of messages');
  return { model, tools, toolResults, violations: [...violations, ...ledger.violations] };
}

export const wire: SimulatorWire = {
  matches: openai.matches,
  inspect,
  reply(step, context) {
    let content = step.text ?? '';
    if (step.type === 'tool_calls') {
      const blocks = step.calls.map((call) => {
        const args =
          typeof call.arguments === 'string'
            ? call.arguments
            : JSON.stringify(argumentsObject(call.arguments));
        return `<tool_call>\n{"name": ${JSON.stringify(call.name)}, "arguments": ${args}}\n</tool_call>`;
      });
      content = [content, ...blocks].filter((part) => part !== '').join('\n');
    }
    const message = { role: 'assistant', content };
    const completion = estimateTokens(message);
    return {
      id: `chatcmpl-sim-${context.turn}`,
      object: 'chat.completion',
      created: 1_767_225_600,
      model: context.model,
      choices: [{ index: 0, message, finish_reason: step.finish === 'length' ? 'length' : 'stop' }],
      usage: {
        prompt_tokens: 10 * context.turn,
        completion_tokens: completion,
        total_tokens: 10 * context.turn + completion,
      },
    };
  },
  errorBody: openai.errorBody,
};
