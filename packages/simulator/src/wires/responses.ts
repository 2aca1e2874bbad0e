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

const INPUT_PARTS = new Set(['input_text', 'input_image', 'input_file']);

function checkPart(
  part: unknown,
  at: string,
  allowed: ReadonlySet<string>,
  violations: string[],
): void {
  if (!isObject(part) || !allowed.has(String(part.type))) {
    return void violations.push(
      `${at}: part type ${JSON.stringify(isObject(part) ? part.type : part)} not allowed here`,
    );
  }
  if (
    (part.type === 'input_text' || part.type === 'output_text') &&
    typeof part.text !== 'string'
  ) {
    violations.push(`${at}: ${part.type} needs text`);
  }
  if (part.type === 'input_image') {
    const url = part.image_url;
    if (
      part.file_id === undefined &&
      (typeof url !== 'string' || !/^(https?:\/\/|data:image\/[\w.+-]+;base64,)/.test(url))
    ) {
      violations.push(`${at}: input_image needs an http(s) or data:image URL in image_url`);
    }
  }
  if (part.type === 'input_file') {
    if (part.file_id === undefined && part.file_url === undefined) {
      if (typeof part.file_data !== 'string' || !part.file_data.startsWith('data:')) {
        violations.push(`${at}: input_file needs file_data as a data: URL`);
      }
      if (typeof part.filename !== 'string' || part.filename === '')
        violations.push(`${at}: input_file needs a filename`);
    }
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
  if (body.messages !== undefined) violations.push('the responses API takes input, not messages');
  const tools: string[] = [];
  asArray(body.tools).forEach((tool, index) => {
    if (!isObject(tool) || tool.type !== 'function' || typeof tool.name !== 'string') {
      violations.push(`tools[${index}]: must be { type: 'function', name, parameters }`);
      return;
    }
    tools.push(tool.name);
  });
  const items = typeof body.input === 'string' ? [] : asArray(body.input);
  if (typeof body.input !== 'string' && items.length === 0)
    violations.push('input must be a string or a non-empty array');
  const ledger = new CallLedger(true);
  let toolResults: ReceivedToolResult[] = [];
  const names = new Map<string, string>();
  let pendingCalls: { id: string; name: string }[] = [];
  const flushCalls = (where: string) => {
    if (pendingCalls.length === 0) return;
    ledger.calls(pendingCalls, where);
    pendingCalls = [];
    toolResults = [];
  };
  items.forEach((item, index) => {
    const where = `input[${index}]`;
    if (!isObject(item)) {
      violations.push(`${where}: item must be an object`);
      return;
    }
    const type = item.type ?? 'message';
    if (type === 'function_call') {
      const id = typeof item.call_id === 'string' ? item.call_id : '';
      const name = typeof item.name === 'string' ? item.name : '';
      if (id === '') violations.push(`${where}: function_call call_id must not be empty`);
      if (typeof item.id === 'string' && !item.id.startsWith('fc'))
        violations.push(`${where}: function_call id must begin with 'fc'`);
      if (typeof item.arguments !== 'string')
        violations.push(`${where}: function_call arguments must be a JSON string`);
      names.set(id, name);
      pendingCalls.push({ id, name });
      return;
    }
    flushCalls(where);
    if (type === 'function_call_output') {
      const id = typeof item.call_id === 'string' ? item.call_id : '';
      if (id === '') violations.push(`${where}: function_call_output call_id must not be empty`);
      if (id.length > 64)
        violations.push(`${where}: function_call_output call_id is longer than 64 characters`);
      if (typeof item.output === 'string') {
        if (containsBase64Payload(item.output))
          violations.push(`${where}: output string carries a base64 payload`);
      } else if (Array.isArray(item.output)) {
        item.output.forEach((part, partIndex) => {
          checkPart(part, `${where}.output[${partIndex}]`, INPUT_PARTS, violations);
        });
      } else violations.push(`${where}: output must be a string or an array of input parts`);
      if ('role' in item) violations.push(`${where}: function_call_output carries no role`);
      ledger.result(id, '', where);
      toolResults.push({ id, name: names.get(id) ?? '', block: item });
      return;
    }
    if (type === 'reasoning') return;
    if (type !== 'message') {
      violations.push(`${where}: unknown item type ${JSON.stringify(type)}`);
      return;
    }
    ledger.closeTurn(where);
    if (!['user', 'system', 'developer', 'assistant'].includes(String(item.role))) {
      violations.push(`${where}: role must be user, system, developer or assistant`);
    }
    if (typeof item.content === 'string') return;
    const allowed = item.role === 'assistant' ? new Set(['output_text', 'refusal']) : INPUT_PARTS;
    asArray(item.content).forEach((part, partIndex) => {
      checkPart(part, `${where}.content[${partIndex}]`, allowed, violations);
    });
  });
  flushCalls('end of input');
  ledger.closeTurn('end of input');
  return { model, tools, toolResults, violations: [...violations, ...ledger.violations] };
}

export const wire: SimulatorWire = {
  // OpenAI's /v1/responses, and Perplexity's agent API that speaks the same wire at /v1/agent.
  matches: (path) => path.endsWith('/responses') || path.endsWith('/agent'),
  inspect,
  reply(step, context) {
    const output: Json[] = [];
    if (step.text) {
      output.push({
        type: 'message',
        id: `msg_sim_${context.turn}`,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: step.text, annotations: [] }],
      });
    }
    if (step.type === 'tool_calls') {
      step.calls.forEach((call, index) => {
        output.push({
          type: 'function_call',
          id: `fc_sim_${context.turn}_${index}`,
          call_id: call.id ?? callId('call_', context.turn, index),
          name: call.name,
          arguments: argumentsText(call.arguments),
          status: 'completed',
        });
      });
    }
    const outputTokens = estimateTokens(output);
    const incomplete = step.finish === 'length';
    return {
      id: `resp_sim_${context.turn}`,
      object: 'response',
      created_at: 1_767_225_600,
      model: context.model,
      status: incomplete ? 'incomplete' : 'completed',
      incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
      output,
      usage: context.usage
        ? {
            input_tokens: context.usage.input,
            input_tokens_details: { cached_tokens: context.usage.cacheRead },
            output_tokens: outputTokens,
            total_tokens: context.usage.input + outputTokens,
          }
        : {
            input_tokens: 10 * context.turn,
            output_tokens: outputTokens,
            total_tokens: 10 * context.turn + outputTokens,
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
