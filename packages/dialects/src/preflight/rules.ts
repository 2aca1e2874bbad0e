// The catalogue of documented ways each provider refuses a request (HTTP 400), each with its
// source and a minimal request that breaks it. One table, used three ways: `preflight` runs the
// rules that carry a `check` (the engine before every send, users on bodies they build), the
// simulator refuses every rule (its wire checks in @crosswire/simulator cover the conversation
// rules without a `check`), and @crosswire/simulator's docs/provider-rules.md is generated from it.
import { BEDROCK_RULES } from './bedrock-rules.js';
import { CACHE_RULES } from './cache-rules.js';
import { REQUEST_RULES } from './request-rules.js';
import { STRUCTURED_RULES } from './structured-rules.js';
import type { ProviderRule } from './types.js';

const ANTHROPIC = '/v1/messages';
const CHAT = '/chat/completions';
const RESPONSES = '/responses';
const GEMINI3 = '/models/gemini-3-flash-preview:generateContent';
const OLLAMA = '/api/chat';

const MESSAGES_DOC = 'https://docs.anthropic.com/en/api/messages';
const TOOL_USE_DOC =
  'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use';
const OPENAI_OPENAPI = 'https://github.com/openai/openai-openapi';
const FUNCTION_CALLING = 'https://platform.openai.com/docs/guides/function-calling';
const GEMINI_CONTENT = 'https://ai.google.dev/api/caching#Content';
const OLLAMA_TYPES = 'https://github.com/ollama/ollama/blob/main/api/types.go';

const use = (id: string, name = 'f') => ({ type: 'tool_use', id, name, input: {} });
const anthropic = (messages: unknown[], extra: object = {}) => ({
  path: ANTHROPIC,
  body: { model: 'claude-sonnet-4-5', max_tokens: 64, messages, ...extra },
});
const chatCall = (id: string) => ({
  id,
  type: 'function',
  function: { name: 'f', arguments: '{}' },
});
const chat = (messages: unknown[], extra: object = {}) => ({
  path: CHAT,
  body: { model: 'gpt-4.1', messages, ...extra },
});
const responses = (input: unknown[]) => ({ path: RESPONSES, body: { model: 'gpt-4.1', input } });
const fnCall = (callId: string, extra: object = {}) => ({
  type: 'function_call',
  call_id: callId,
  name: 'f',
  arguments: '{}',
  ...extra,
});
const gemini = (contents: unknown[], extra: object = {}, path = GEMINI3) => ({
  path,
  body: { contents, ...extra },
});
const ollama = (messages: unknown[], extra: object = {}) => ({
  path: OLLAMA,
  body: { model: 'llama3.2', stream: false, messages, ...extra },
});

const DOCUMENTED_RULES: readonly ProviderRule[] = [
  {
    id: 'anthropic-max-tokens',
    wire: 'anthropic',
    rule: '`max_tokens` is required.',
    source: MESSAGES_DOC,
    example: {
      path: ANTHROPIC,
      body: { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'Hi' }] },
    },
    violation: 'max_tokens is required',
  },
  {
    id: 'anthropic-roles',
    wire: 'anthropic',
    rule: 'Messages are `user` or `assistant`; the system prompt goes in `system`.',
    source: MESSAGES_DOC,
    example: anthropic([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]),
    violation: 'role must be user or assistant',
  },
  {
    id: 'anthropic-tool-result-first',
    wire: 'anthropic',
    rule: 'In the user turn after a tool_use turn, the tool_result blocks come before any other block.',
    source: TOOL_USE_DOC,
    example: anthropic([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: [use('toolu_1')] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Here:' },
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' },
        ],
      },
    ]),
    violation: 'tool_result blocks must come before other blocks',
  },
  {
    id: 'anthropic-tool-result-answers-call',
    wire: 'anthropic',
    rule: 'Each tool_result answers a tool_use of the assistant turn right before it.',
    source: TOOL_USE_DOC,
    example: anthropic([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: [use('toolu_1')] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' },
          { type: 'tool_result', tool_use_id: 'toolu_9', content: 'ok' },
        ],
      },
    ]),
    violation: 'answers no call',
  },
  {
    id: 'anthropic-unique-tool-use-ids',
    wire: 'anthropic',
    rule: 'tool_use ids are unique.',
    source: TOOL_USE_DOC,
    example: anthropic([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: [use('toolu_1'), use('toolu_1')] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }] },
    ]),
    violation: 'used twice',
  },
  {
    id: 'anthropic-every-call-answered',
    wire: 'anthropic',
    rule: 'Every tool_use gets its tool_result in the next user turn.',
    source: TOOL_USE_DOC,
    example: anthropic([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: [use('toolu_1')] },
      { role: 'user', content: 'never mind' },
    ]),
    violation: 'has no result',
  },
  {
    id: 'anthropic-non-empty-text',
    wire: 'anthropic',
    rule: 'Text blocks (and string contents) are not empty or whitespace only.',
    source: 'https://github.com/vercel/ai/issues/5576',
    example: anthropic([{ role: 'user', content: [{ type: 'text', text: ' ' }] }]),
    violation: 'text content blocks must be non-empty',
  },
  {
    id: 'anthropic-error-result-content',
    wire: 'anthropic',
    rule: 'A tool_result with `is_error: true` has content.',
    source: 'https://github.com/jlevy/markform/issues/153',
    example: anthropic([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: [use('toolu_1')] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '', is_error: true }],
      },
    ]),
    violation: 'content cannot be empty if is_error is true',
  },
  {
    id: 'anthropic-image-types',
    wire: 'anthropic',
    rule: 'Base64 images are JPEG, PNG, GIF or WebP.',
    source: 'https://docs.anthropic.com/en/docs/build-with-claude/vision',
    example: anthropic([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'Qk0=' } },
        ],
      },
    ]),
    violation: 'is not accepted here',
  },
  {
    id: 'anthropic-tool-use-input-object',
    wire: 'anthropic',
    rule: 'A tool_use `input` is an object.',
    source: MESSAGES_DOC,
    example: anthropic([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: '{}' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }] },
    ]),
    violation: 'tool_use input must be an object',
  },
  {
    id: 'anthropic-tool-use-id-pattern',
    wire: 'anthropic',
    rule: 'A tool_use id (and the tool_use_id of its result) matches `^[a-zA-Z0-9_-]+$`.',
    source: 'https://github.com/BlockRunAI/ClawRouter/issues/17',
    example: anthropic([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: [use('functions.get_weather:0')] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'functions.get_weather:0', content: 'ok' }],
      },
    ]),
    violation: "should match pattern '^[a-zA-Z0-9_-]+$'",
  },
  {
    id: 'anthropic-thinking-tool-cycle',
    wire: 'anthropic',
    rule: 'With extended thinking on, the assistant turn of the open tool cycle starts with a thinking block.',
    source: 'https://github.com/n8n-io/n8n/issues/22550',
    example: anthropic(
      [
        { role: 'user', content: 'Go' },
        { role: 'assistant', content: [{ type: 'text', text: 'Calling.' }, use('toolu_1')] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }] },
      ],
      { thinking: { type: 'enabled', budget_tokens: 1024 } },
    ),
    violation: 'must start with a thinking block',
  },
  {
    id: 'openai-tool-call-id',
    wire: 'openai',
    rule: 'A tool message names its call in `tool_call_id`.',
    source: `${OPENAI_OPENAPI} (ChatCompletionRequestToolMessage)`,
    example: chat([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: null, tool_calls: [chatCall('call_1')] },
      { role: 'tool', content: 'ok' },
    ]),
    violation: 'tool message needs a tool_call_id',
  },
  {
    id: 'openai-tool-message-answers-call',
    wire: 'openai',
    rule: "A tool message answers a call of the preceding assistant message's tool_calls.",
    source: FUNCTION_CALLING,
    example: chat([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: null, tool_calls: [chatCall('call_1')] },
      { role: 'tool', tool_call_id: 'call_1', content: 'ok' },
      { role: 'tool', tool_call_id: 'call_2', content: 'ok' },
    ]),
    violation: 'answers no call',
  },
  {
    id: 'openai-every-call-answered',
    wire: 'openai',
    rule: 'Every tool call is answered by a tool message before the next user or assistant message.',
    source: FUNCTION_CALLING,
    example: chat([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: null, tool_calls: [chatCall('call_1'), chatCall('call_2')] },
      { role: 'tool', tool_call_id: 'call_1', content: 'ok' },
      { role: 'user', content: 'and?' },
    ]),
    violation: 'has no result',
  },
  {
    id: 'openai-tool-message-text-only',
    wire: 'openai',
    rule: 'A tool message holds text only (no image parts).',
    source: `${OPENAI_OPENAPI} (ChatCompletionRequestToolMessageContentPart)`,
    example: chat([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: null, tool_calls: [chatCall('call_1')] },
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }],
      },
    ]),
    violation: 'tool message content may hold text parts only',
  },
  {
    id: 'openai-arguments-string',
    wire: 'openai',
    rule: 'A tool call carries its arguments as a JSON string.',
    source: `${OPENAI_OPENAPI} (ChatCompletionMessageToolCall)`,
    example: chat([
      { role: 'user', content: 'Go' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: {} } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'ok' },
    ]),
    violation: 'arguments must be a JSON string',
  },
  {
    id: 'responses-input',
    wire: 'responses',
    rule: 'The Responses API takes `input`, not `messages`.',
    source: 'https://platform.openai.com/docs/api-reference/responses/create',
    example: {
      path: RESPONSES,
      body: { model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hi' }] },
    },
    violation: 'takes input, not messages',
  },
  {
    id: 'responses-call-id-non-empty',
    wire: 'responses',
    rule: '`call_id` of a function_call and of its output is not empty (`minLength: 1`).',
    source: `${OPENAI_OPENAPI} (FunctionCallOutputItemParam)`,
    example: responses([
      { role: 'user', content: 'Go' },
      fnCall(''),
      { type: 'function_call_output', call_id: '', output: 'ok' },
    ]),
    violation: 'call_id must not be empty',
  },
  {
    id: 'responses-call-id-length',
    wire: 'responses',
    rule: '`call_id` of a function_call_output is at most 64 characters (`maxLength: 64`).',
    source: `${OPENAI_OPENAPI} (FunctionCallOutputItemParam)`,
    example: responses([
      fnCall('c'.repeat(65)),
      { type: 'function_call_output', call_id: 'c'.repeat(65), output: 'ok' },
    ]),
    violation: 'longer than 64 characters',
  },
  {
    id: 'responses-output-answers-call',
    wire: 'responses',
    rule: 'A function_call_output answers a function_call in the input ("No tool call found for function call output").',
    source: FUNCTION_CALLING,
    example: responses([
      { role: 'user', content: 'Go' },
      { type: 'function_call_output', call_id: 'call_9', output: 'ok' },
    ]),
    violation: 'answers no call',
  },
  {
    id: 'responses-item-id',
    wire: 'responses',
    rule: "A function_call's item `id` begins with `fc` (an OpenAI `call_...` id is not one).",
    source: 'https://platform.openai.com/docs/api-reference/responses/create',
    example: responses([
      { role: 'user', content: 'Go' },
      fnCall('call_1', { id: 'call_1' }),
      { type: 'function_call_output', call_id: 'call_1', output: 'ok' },
    ]),
    violation: "id must begin with 'fc'",
  },
  {
    id: 'responses-arguments-string',
    wire: 'responses',
    rule: 'A function_call carries its arguments as a JSON string.',
    source: `${OPENAI_OPENAPI} (FunctionToolCall)`,
    example: responses([
      { role: 'user', content: 'Go' },
      fnCall('call_1', { arguments: {} }),
      { type: 'function_call_output', call_id: 'call_1', output: 'ok' },
    ]),
    violation: 'arguments must be a JSON string',
  },
  {
    id: 'gemini-roles',
    wire: 'gemini',
    rule: 'A content is `user` or `model`.',
    source: GEMINI_CONTENT,
    example: gemini([{ role: 'assistant', parts: [{ text: 'Hi' }] }]),
    violation: 'role must be user or model',
  },
  {
    id: 'gemini-thought-signature',
    wire: 'gemini',
    rule: 'Gemini 3: the first functionCall part of a model turn carries a `thoughtSignature` (its own, or `skip_thought_signature_validator` for calls Gemini did not make).',
    source: 'https://ai.google.dev/gemini-api/docs/thought-signatures',
    example: gemini([
      { role: 'user', parts: [{ text: 'Go' }] },
      { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'f', response: { result: 'ok' } } }] },
    ]),
    violation: 'missing a thought_signature',
  },
  {
    id: 'gemini-model-in-path',
    wire: 'gemini',
    rule: 'The model is named in the path, not the body.',
    source: 'https://ai.google.dev/api/generate-content',
    example: gemini([{ role: 'user', parts: [{ text: 'Hi' }] }], { model: 'gemini-2.5-flash' }),
    violation: 'names the model in the path',
  },
  {
    id: 'gemini-parts-non-empty',
    wire: 'gemini',
    rule: 'A content has at least one part.',
    source: GEMINI_CONTENT,
    example: gemini([{ role: 'user', parts: [] }]),
    violation: 'parts must be a non-empty array',
  },
  {
    id: 'gemini-one-field-per-part',
    wire: 'gemini',
    rule: 'A part holds exactly one kind of data (text, inlineData, functionCall, functionResponse...).',
    source: 'https://ai.google.dev/api/caching#Part',
    example: gemini([
      {
        role: 'user',
        parts: [{ text: 'Hi', inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }],
      },
    ]),
    violation: 'a part holds exactly one of',
  },
  {
    id: 'gemini-schema-subset',
    wire: 'gemini',
    rule: 'Function parameters are an OpenAPI Schema object; JSON Schema keywords such as `$schema` are refused.',
    source: 'https://ai.google.dev/api/caching#Schema',
    example: gemini([{ role: 'user', parts: [{ text: 'Hi' }] }], {
      tools: [
        {
          functionDeclarations: [
            {
              name: 'f',
              parameters: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' },
            },
          ],
        },
      ],
    }),
    violation: 'must not carry $schema',
  },
  {
    id: 'gemini-function-response-name',
    wire: 'gemini',
    rule: 'A functionResponse names its function.',
    source: 'https://ai.google.dev/api/caching#FunctionResponse',
    example: gemini(
      [
        { role: 'user', parts: [{ text: 'Go' }] },
        { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { response: { result: 'ok' } } }] },
      ],
      {},
      '/models/gemini-2.5-flash:generateContent',
    ),
    violation: 'functionResponse needs a name',
  },
  {
    id: 'ollama-tool-name',
    wire: 'ollama',
    rule: 'A tool message names its tool in `tool_name`.',
    source: OLLAMA_TYPES,
    example: ollama([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'f', arguments: {} } }] },
      { role: 'tool', content: 'ok' },
    ]),
    violation: 'tool message needs tool_name',
  },
  {
    id: 'ollama-images-base64',
    wire: 'ollama',
    rule: '`images` are bare base64 strings (no URL, no `data:` prefix).',
    source: 'https://docs.ollama.com/api',
    example: ollama([{ role: 'user', content: 'See', images: ['https://example.com/a.png'] }]),
    violation: 'must be bare base64',
  },
  {
    id: 'hermes-tools-in-prompt',
    wire: 'hermes',
    rule: 'Prompt tool calling sends the tools in the system prompt, not in `tools`.',
    source: 'https://github.com/NousResearch/Hermes-Function-Calling',
    example: chat([{ role: 'user', content: 'Hi' }], {
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
    }),
    violation: 'sends its tools in the system prompt',
  },
];

/** Every documented rule: the conversation rules above, then the request rules `preflight` checks. */
export const PROVIDER_RULES: readonly ProviderRule[] = Object.freeze([
  ...DOCUMENTED_RULES,
  ...REQUEST_RULES,
  ...STRUCTURED_RULES,
  ...CACHE_RULES,
  ...BEDROCK_RULES,
]);
