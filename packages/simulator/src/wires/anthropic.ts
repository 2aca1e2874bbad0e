import {
  argumentsObject,
  asArray,
  CallLedger,
  callId,
  estimateTokens,
  isObject,
  type Json,
} from '../checks.js';
import type { InspectContext, Inspection, ReceivedToolResult, SimulatorWire } from '../types.js';
import { checkCredentials as checkAwsCredentials } from './bedrock.js';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** The pattern the API holds tool_use ids (and the tool_use_id naming one) to. */
const TOOL_USE_ID = /^[a-zA-Z0-9_-]+$/;

function checkToolUseId(id: string, at: string, violations: string[]): void {
  if (id !== '' && !TOOL_USE_ID.test(id))
    violations.push(
      `${at}: tool_use.id ${JSON.stringify(id)} should match pattern '^[a-zA-Z0-9_-]+$'`,
    );
}

function checkSource(block: Json, at: string, violations: string[]): void {
  const source = block.source;
  if (!isObject(source)) {
    violations.push(`${at}: ${String(block.type)} block needs a source`);
    return;
  }
  if (source.type === 'base64') {
    if (typeof source.data !== 'string' || source.data === '')
      violations.push(`${at}.source.data must be base64`);
    const allowed = block.type === 'image' ? IMAGE_TYPES : new Set(['application/pdf']);
    if (!allowed.has(String(source.media_type))) {
      violations.push(
        `${at}.source.media_type ${JSON.stringify(source.media_type)} is not accepted here`,
      );
    }
  } else if (source.type === 'url') {
    if (typeof source.url !== 'string' || !/^https?:\/\//.test(source.url))
      violations.push(`${at}.source.url must be http(s)`);
  } else if (source.type === 'text') {
    if (
      block.type !== 'document' ||
      source.media_type !== 'text/plain' ||
      typeof source.data !== 'string'
    ) {
      violations.push(`${at}: a text source needs media_type text/plain and data, in a document`);
    }
  } else if (source.type === 'content') {
    if (block.type !== 'document') violations.push(`${at}: a content source belongs to a document`);
  } else {
    violations.push(`${at}.source.type ${JSON.stringify(source.type)} is unknown`);
  }
}

function checkBlock(
  block: unknown,
  at: string,
  allowed: ReadonlySet<string>,
  violations: string[],
): void {
  if (!isObject(block) || typeof block.type !== 'string') {
    violations.push(`${at}: block must have a type`);
    return;
  }
  if (!allowed.has(block.type)) {
    violations.push(`${at}: ${block.type} block not allowed here`);
    return;
  }
  if (block.type === 'text' && typeof block.text !== 'string')
    violations.push(`${at}: text block needs text`);
  else if (block.type === 'text' && (block.text as string).trim() === '')
    violations.push(`${at}: text content blocks must be non-empty`);
  if (block.type === 'image' || block.type === 'document') checkSource(block, at, violations);
  if (
    block.type === 'search_result' &&
    (typeof block.source !== 'string' || !Array.isArray(block.content))
  ) {
    violations.push(`${at}: search_result needs source and content`);
  }
}

/**
 * With thinking on, the open tool cycle (the last assistant turn, with tool_use, answered by
 * the final user turn) starts with a thinking block.
 */
function checkThinkingCycle(body: Json, messages: unknown[], violations: string[]): void {
  if (!isObject(body.thinking) || body.thinking.type !== 'enabled') return;
  const turn = messages[messages.length - 2];
  if (!isObject(turn) || turn.role !== 'assistant') return;
  const blocks = asArray(turn.content);
  if (!blocks.some((block) => isObject(block) && block.type === 'tool_use')) return;
  const first = blocks[0];
  if (isObject(first) && (first.type === 'thinking' || first.type === 'redacted_thinking')) return;
  violations.push(
    `messages[${messages.length - 2}].content[0]: When thinking is enabled, a final assistant message must start with a thinking block`,
  );
}

const USER_BLOCKS = new Set(['text', 'image', 'document', 'tool_result', 'search_result']);
const ASSISTANT_BLOCKS = new Set(['text', 'tool_use', 'thinking', 'redacted_thinking']);
const RESULT_BLOCKS = new Set(['text', 'image', 'document', 'search_result']);

/**
 * The Messages API in a cloud account: the model in the path, the API version in the body.
 * Amazon Bedrock's InvokeModel (https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-anthropic-claude-messages.html)
 * refuses `model` and `stream` in the body ("extraneous key [model] is not permitted");
 * Vertex AI's rawPredict (https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude)
 * streams on `"stream": true` at `:streamRawPredict`. Besides the version each cloud documents,
 * the first-party API version `@anthropic-ai/bedrock-sdk` and `@anthropic-ai/vertex-sdk` 1.x
 * move into the body (`2026-10-21`) is taken.
 */
const SDK_VERSION = '2026-10-21';
const CLOUD_ROUTES = [
  {
    name: 'Amazon Bedrock',
    path: /\/model\/([^/]+)\/(?:invoke|invoke-with-response-stream)$/,
    version: 'bedrock-2023-05-31',
    extraneous: ['model', 'stream'],
  },
  {
    name: 'Vertex AI',
    path: /\/publishers\/anthropic\/models\/([^/:]+):(?:rawPredict|streamRawPredict)$/,
    version: 'vertex-2023-10-16',
    extraneous: ['model'],
  },
] as const;

/** The cloud route `path` is, and the model it names. */
function cloudRoute(path: string) {
  for (const route of CLOUD_ROUTES) {
    const match = route.path.exec(path);
    if (match !== null) return { route, model: decodeURIComponent(match[1] as string) };
  }
  return undefined;
}

function checkCloudRoute(
  body: Json,
  cloud: NonNullable<ReturnType<typeof cloudRoute>>,
  context: InspectContext | undefined,
  violations: string[],
): void {
  const { route } = cloud;
  if (body.anthropic_version !== route.version && body.anthropic_version !== SDK_VERSION)
    violations.push(
      `anthropic_version: ${route.name} needs "${route.version}" in the body (got ${JSON.stringify(body.anthropic_version)})`,
    );
  for (const key of route.extraneous)
    if (body[key] !== undefined) violations.push(`#: extraneous key [${key}] is not permitted`);
  const headers = context?.headers;
  if (headers === undefined) return;
  if (route.name === 'Amazon Bedrock') checkAwsCredentials(headers, violations);
  else if (!/^Bearer \S+$/.test(headers.authorization ?? ''))
    violations.push('authorization: missing (Vertex AI takes an OAuth access token as Bearer)');
}

function inspect(body: unknown, path: string, context?: InspectContext): Inspection {
  const violations: string[] = [];
  if (!isObject(body))
    return {
      model: undefined,
      tools: [],
      toolResults: [],
      violations: ['body must be a JSON object'],
    };
  const cloud = cloudRoute(path);
  if (cloud !== undefined) checkCloudRoute(body, cloud, context, violations);
  const model = cloud?.model ?? (typeof body.model === 'string' ? body.model : undefined);
  if (model === undefined) violations.push('model must be a string');
  if (typeof body.max_tokens !== 'number') violations.push('max_tokens is required');
  if (body.system !== undefined && typeof body.system !== 'string' && !Array.isArray(body.system)) {
    violations.push('system must be a string or text blocks');
  }
  const tools: string[] = [];
  asArray(body.tools).forEach((tool, index) => {
    if (!isObject(tool) || typeof tool.name !== 'string' || !isObject(tool.input_schema)) {
      violations.push(`tools[${index}]: must be { name, input_schema }`);
      return;
    }
    tools.push(tool.name);
  });
  const messages = asArray(body.messages);
  if (messages.length === 0) violations.push('messages must be a non-empty array');
  const ledger = new CallLedger(true);
  let toolResults: ReceivedToolResult[] = [];
  const names = new Map<string, string>();
  let previousRole: unknown;
  messages.forEach((message, index) => {
    const where = `messages[${index}]`;
    if (!isObject(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      violations.push(`${where}: role must be user or assistant`);
      return;
    }
    if (message.role === previousRole)
      violations.push(`${where}: two ${message.role} messages in a row`);
    previousRole = message.role;
    const blocks = typeof message.content === 'string' ? [] : asArray(message.content);
    const lastAssistant = index === messages.length - 1 && message.role === 'assistant';
    if (typeof message.content === 'string' && message.content.trim() === '' && !lastAssistant)
      violations.push(`${where}: text content blocks must be non-empty`);
    if (typeof message.content !== 'string' && !Array.isArray(message.content)) {
      violations.push(`${where}: content must be a string or blocks`);
    }
    if (message.role === 'assistant') {
      const calls: { id: string; name: string }[] = [];
      blocks.forEach((block, blockIndex) => {
        const at = `${where}.content[${blockIndex}]`;
        checkBlock(block, at, ASSISTANT_BLOCKS, violations);
        if (isObject(block) && block.type === 'tool_use') {
          if (!isObject(block.input)) violations.push(`${at}: tool_use input must be an object`);
          const id = typeof block.id === 'string' ? block.id : '';
          const name = typeof block.name === 'string' ? block.name : '';
          checkToolUseId(id, at, violations);
          names.set(id, name);
          calls.push({ id, name });
        }
      });
      if (calls.length > 0) {
        ledger.calls(calls, where);
        toolResults = [];
      } else ledger.closeTurn(where);
      return;
    }
    let seenOther = false;
    blocks.forEach((block, blockIndex) => {
      const at = `${where}.content[${blockIndex}]`;
      checkBlock(block, at, USER_BLOCKS, violations);
      if (!isObject(block)) return;
      if (block.type !== 'tool_result') {
        seenOther = true;
        return;
      }
      if (seenOther) violations.push(`${at}: tool_result blocks must come before other blocks`);
      const id = typeof block.tool_use_id === 'string' ? block.tool_use_id : '';
      checkToolUseId(id, at, violations);
      if (block.is_error !== undefined && typeof block.is_error !== 'boolean')
        violations.push(`${at}.is_error must be a boolean`);
      const empty =
        block.content === undefined ||
        block.content === '' ||
        (Array.isArray(block.content) && block.content.length === 0);
      if (block.is_error === true && empty)
        violations.push(`${at}: content cannot be empty if is_error is true`);
      if (typeof block.content !== 'string' && block.content !== undefined) {
        asArray(block.content).forEach((inner, innerIndex) => {
          checkBlock(inner, `${at}.content[${innerIndex}]`, RESULT_BLOCKS, violations);
        });
        if (!Array.isArray(block.content))
          violations.push(`${at}.content must be a string or blocks`);
      }
      ledger.result(id, '', where);
      toolResults.push({ id, name: names.get(id) ?? '', block });
    });
    // Results answer the turn right before; anything after them moves the conversation on.
    ledger.closeTurn(where);
  });
  ledger.closeTurn('end of messages');
  checkThinkingCycle(body, messages, violations);
  return { model, tools, toolResults, violations: [...violations, ...ledger.violations] };
}

export const wire: SimulatorWire = {
  matches: (path) => path.endsWith('/messages') || cloudRoute(path) !== undefined,
  inspect,
  reply(step, context) {
    const content: Json[] = [];
    if (step.text) content.push({ type: 'text', text: step.text });
    if (step.type === 'tool_calls') {
      step.calls.forEach((call, index) => {
        content.push({
          type: 'tool_use',
          id: call.id ?? callId('toolu_', context.turn, index),
          name: call.name,
          input: argumentsObject(call.arguments),
        });
      });
    }
    const stopReason =
      step.finish === 'length'
        ? 'max_tokens'
        : step.type === 'tool_calls'
          ? 'tool_use'
          : 'end_turn';
    return {
      id: `msg_sim_${context.turn}`,
      type: 'message',
      role: 'assistant',
      model: context.model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: context.usage
        ? {
            // Anthropic counts reads and writes beside input_tokens.
            input_tokens: context.usage.input - context.usage.cacheRead - context.usage.cacheWrite,
            cache_creation_input_tokens: context.usage.cacheWrite,
            cache_read_input_tokens: context.usage.cacheRead,
            output_tokens: estimateTokens(content),
          }
        : { input_tokens: 10 * context.turn, output_tokens: estimateTokens(content) },
    };
  },
  errorBody: (status, message, code) => ({
    type: 'error',
    error: {
      type:
        code ??
        (status === 429
          ? 'rate_limit_error'
          : status >= 500
            ? 'api_error'
            : 'invalid_request_error'),
      message,
    },
  }),
};
