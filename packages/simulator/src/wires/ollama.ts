import {
  argumentsObject,
  asArray,
  CallLedger,
  containsBase64Payload,
  estimateTokens,
  isObject,
  type Json,
} from '../checks.js';
import type { Inspection, ReceivedToolResult, SimulatorWire } from '../types.js';

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
  if (typeof body.stream !== 'boolean')
    violations.push('stream must be true or false (ollama streams by default)');
  const tools: string[] = [];
  asArray(body.tools).forEach((tool, index) => {
    const fn = isObject(tool) ? tool.function : undefined;
    if (
      !isObject(tool) ||
      tool.type !== 'function' ||
      !isObject(fn) ||
      typeof fn.name !== 'string'
    ) {
      violations.push(
        `tools[${index}]: must be { type: 'function', function: { name, parameters } }`,
      );
      return;
    }
    tools.push(fn.name);
  });
  const messages = asArray(body.messages);
  if (messages.length === 0) violations.push('messages must be a non-empty array');
  const ledger = new CallLedger(false);
  let toolResults: ReceivedToolResult[] = [];
  messages.forEach((message, index) => {
    const where = `messages[${index}]`;
    if (
      !isObject(message) ||
      !['system', 'user', 'assistant', 'tool'].includes(String(message.role))
    ) {
      violations.push(`${where}: role must be one of system, user, assistant, tool`);
      return;
    }
    if (typeof message.content !== 'string') violations.push(`${where}: content must be a string`);
    asArray(message.images).forEach((image, imageIndex) => {
      if (typeof image !== 'string' || /^(https?:|data:)/.test(image) || image === '') {
        violations.push(
          `${where}.images[${imageIndex}] must be bare base64 (no URL, no data: prefix)`,
        );
      }
    });
    if (message.images !== undefined && message.role === 'system')
      violations.push(`${where}: images do not belong to a system message`);
    if (message.role === 'tool') {
      const name = typeof message.tool_name === 'string' ? message.tool_name : '';
      if (name === '') violations.push(`${where}: tool message needs tool_name`);
      if (typeof message.content === 'string' && containsBase64Payload(message.content)) {
        violations.push(`${where}: tool message carries a base64 payload`);
      }
      ledger.result('', name, where);
      toolResults.push({ id: '', name, block: message });
      return;
    }
    if (message.role === 'assistant') {
      const calls = asArray(message.tool_calls).map((call, callIndex) => {
        const fn = isObject(call) ? call.function : undefined;
        if (!isObject(fn) || typeof fn.name !== 'string' || !isObject(fn.arguments)) {
          violations.push(
            `${where}.tool_calls[${callIndex}]: must be { function: { name, arguments: object } }`,
          );
          return { id: '', name: '' };
        }
        return { id: '', name: fn.name };
      });
      if (calls.length > 0) {
        ledger.calls(calls, where);
        toolResults = [];
      } else ledger.closeTurn(where);
      return;
    }
    ledger.closeTurn(where);
  });
  ledger.closeTurn('end of messages');
  return { model, tools, toolResults, violations: [...violations, ...ledger.violations] };
}

export const wire: SimulatorWire = {
  matches: (path) => path.endsWith('/api/chat'),
  inspect,
  reply(step, context) {
    const message: Json = { role: 'assistant', content: step.text ?? '' };
    if (step.type === 'tool_calls') {
      message.tool_calls = step.calls.map((call) => ({
        function: { name: call.name, arguments: argumentsObject(call.arguments) },
      }));
    }
    return {
      model: context.model,
      created_at: '2026-01-01T00:00:00Z',
      message,
      done: true,
      done_reason: step.finish === 'length' ? 'length' : 'stop',
      total_duration: 1_000_000,
      prompt_eval_count: 10 * context.turn,
      eval_count: estimateTokens(message),
    };
  },
  errorBody: (_status, message) => ({ error: message }),
};
