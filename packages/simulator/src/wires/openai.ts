import {
  argumentsText,
  asArray,
  CallLedger,
  callId,
  containsBase64Payload,
  estimateTokens,
  isObject,
  type Json,
} from '../checks.js';
import type { Inspection, ReceivedToolResult, SimulatorWire } from '../types.js';

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/** Checks the parts of an OpenAI chat user message; shared with hermes. */
export function checkUserParts(content: unknown, where: string, violations: string[]): void {
  if (typeof content === 'string') return;
  if (!Array.isArray(content)) {
    violations.push(`${where}: content must be a string or an array of parts`);
    return;
  }
  content.forEach((part, index) => {
    const at = `${where}.content[${index}]`;
    if (!isObject(part)) {
      violations.push(`${at}: part must be an object`);
      return;
    }
    if (part.type === 'text') {
      if (typeof part.text !== 'string') violations.push(`${at}: text part needs a string text`);
    } else if (part.type === 'image_url') {
      const url = isObject(part.image_url) ? part.image_url.url : undefined;
      if (typeof url !== 'string' || !/^(https?:\/\/|data:image\/[\w.+-]+;base64,)/.test(url)) {
        violations.push(
          `${at}: image_url.url must be an http(s) URL or a data:image/...;base64 URL`,
        );
      }
    } else if (part.type !== 'input_audio' && part.type !== 'file') {
      violations.push(`${at}: unknown part type ${JSON.stringify(part.type)}`);
    }
  });
}

/** The text of a chat message's content (string or text parts). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
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
    if (fn.parameters !== undefined && !isObject(fn.parameters)) {
      violations.push(`tools[${index}].function.parameters must be an object`);
    }
    tools.push(fn.name);
  });
  const messages = asArray(body.messages);
  if (messages.length === 0) violations.push('messages must be a non-empty array');
  const ledger = new CallLedger(true);
  let toolResults: ReceivedToolResult[] = [];
  const names = new Map<string, string>();
  messages.forEach((message, index) => {
    const where = `messages[${index}]`;
    if (!isObject(message) || !ROLES.has(String(message.role))) {
      violations.push(`${where}: role must be one of system, developer, user, assistant, tool`);
      return;
    }
    if (message.role === 'tool') {
      const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
      if (id === '') violations.push(`${where}: tool message needs a tool_call_id`);
      const text = contentText(message.content);
      if (typeof message.content !== 'string' && !Array.isArray(message.content)) {
        violations.push(`${where}: tool message content must be a string or text parts`);
      }
      if (
        Array.isArray(message.content) &&
        message.content.some((part) => !isObject(part) || part.type !== 'text')
      ) {
        violations.push(`${where}: tool message content may hold text parts only`);
      }
      if (containsBase64Payload(text))
        violations.push(`${where}: tool message carries a base64 payload`);
      ledger.result(id, '', where);
      toolResults.push({ id, name: names.get(id) ?? '', block: message });
      return;
    }
    if (message.role === 'assistant') {
      const calls = asArray(message.tool_calls);
      if (calls.length === 0) {
        ledger.closeTurn(where);
        return;
      }
      const sent = calls.map((call, callIndex) => {
        const fn = isObject(call) ? call.function : undefined;
        const at = `${where}.tool_calls[${callIndex}]`;
        if (
          !isObject(call) ||
          call.type !== 'function' ||
          !isObject(fn) ||
          typeof fn.name !== 'string'
        ) {
          violations.push(`${at}: must be { id, type: 'function', function: { name, arguments } }`);
          return { id: '', name: '' };
        }
        if (typeof fn.arguments !== 'string')
          violations.push(`${at}.function.arguments must be a JSON string`);
        const id = typeof call.id === 'string' ? call.id : '';
        names.set(id, fn.name);
        return { id, name: fn.name };
      });
      ledger.calls(sent, where);
      toolResults = [];
      return;
    }
    ledger.closeTurn(where);
    if (message.role === 'user') checkUserParts(message.content, where, violations);
    else if (typeof message.content !== 'string' && !Array.isArray(message.content)) {
      violations.push(`${where}: content must be a string`);
    }
  });
  ledger.closeTurn('end of messages');
  return { model, tools, toolResults, violations: [...violations, ...ledger.violations] };
}

function finishReason(step: { type: string; finish?: 'stop' | 'length' }): string {
  if (step.finish === 'length') return 'length';
  return step.type === 'tool_calls' ? 'tool_calls' : 'stop';
}

export const wire: SimulatorWire = {
  matches: (path) => path.endsWith('/chat/completions'),
  inspect,
  reply(step, context) {
    const message: Json = {
      role: 'assistant',
      content: step.type === 'text' ? step.text : (step.text ?? null),
    };
    if (step.type === 'tool_calls') {
      message.tool_calls = step.calls.map((call, index) => ({
        id: call.id ?? callId('call_', context.turn, index),
        type: 'function',
        function: { name: call.name, arguments: argumentsText(call.arguments) },
      }));
    }
    const completion = estimateTokens(message);
    return {
      id: `chatcmpl-sim-${context.turn}`,
      object: 'chat.completion',
      created: 1_767_225_600,
      model: context.model,
      choices: [{ index: 0, message, finish_reason: finishReason(step) }],
      usage: context.usage
        ? {
            prompt_tokens: context.usage.input,
            completion_tokens: completion,
            total_tokens: context.usage.input + completion,
            prompt_tokens_details: { cached_tokens: context.usage.cacheRead },
          }
        : {
            prompt_tokens: 10 * context.turn,
            completion_tokens: completion,
            total_tokens: 10 * context.turn + completion,
          },
    };
  },
  errorBody: (status, message, code) => ({
    error: {
      message,
      type: status === 429 ? 'rate_limit_exceeded' : 'invalid_request_error',
      code: code ?? null,
    },
  }),
};
