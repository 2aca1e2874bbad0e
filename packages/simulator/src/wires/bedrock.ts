// Amazon Bedrock's Converse API as the simulator plays it: the request's shape and the
// conversation rules the API reference and users' 400s document (preflight's catalogue holds
// them, with sources), the credentials header well-formed, replies and errors in Converse's shape.
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

/** `/model/{modelId}/converse` and `/model/{modelId}/converse-stream`. */
const PATH = /\/model\/([^/]+)\/converse(?:-stream)?$/;

const IMAGE_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);
const DOCUMENT_FORMATS = new Set(['pdf', 'csv', 'doc', 'docx', 'xls', 'xlsx', 'html', 'txt', 'md']);
const USER_MEMBERS = new Set(['text', 'image', 'document', 'video', 'toolResult', 'cachePoint']);
const ASSISTANT_MEMBERS = new Set(['text', 'toolUse', 'reasoningContent', 'cachePoint']);
const RESULT_MEMBERS = new Set(['text', 'json', 'image', 'document', 'video', 'searchResult']);

/**
 * The models AWS documents an image inside `toolResult` for ("This field is only supported by
 * Amazon Nova and Anthropic Claude 3 and 4 models", API_runtime_ToolResultContentBlock) and
 * the one more the public reports show accepting it (meta.llama4-maverick, anomalyco/opencode#49443),
 * by the vendor and model part of the id after any inference-profile prefix. Every other model
 * answers 400, as Bedrock does.
 */
const TOOL_RESULT_IMAGE_MODELS = [
  /^anthropic\.claude-/,
  /^amazon\.nova-/,
  /^meta\.llama4-maverick-/,
];

/** The model id without its cross-region inference-profile prefix (`us.`, `eu.`, `global.`...). */
function baseModel(model: string): string {
  return model.replace(/^(?:us|eu|apac|global|jp|au|ca|us-gov)\./, '');
}

/** Whether the simulated model takes an image inside a toolResult. */
export function acceptsToolResultImages(model: string): boolean {
  const base = baseModel(model);
  return TOOL_RESULT_IMAGE_MODELS.some((pattern) => pattern.test(base));
}

/** The one member of a content block (Converse unions have exactly one). */
function memberOf(block: unknown): string | undefined {
  if (!isObject(block)) return undefined;
  const keys = Object.keys(block);
  return keys.length === 1 ? keys[0] : undefined;
}

function checkMedia(block: Json, at: string, violations: string[]): void {
  if (isObject(block.image)) {
    if (!IMAGE_FORMATS.has(String(block.image.format)))
      violations.push(
        `${at}.image.format ${JSON.stringify(block.image.format)} is not one of png, jpeg, gif, webp`,
      );
    const source = block.image.source;
    if (!isObject(source) || (typeof source.bytes !== 'string' && !isObject(source.s3Location)))
      violations.push(`${at}.image.source needs bytes or s3Location`);
    else if (source.bytes === '') violations.push(`${at}.image.source.bytes is empty`);
  }
  if (isObject(block.document)) {
    if (!DOCUMENT_FORMATS.has(String(block.document.format)))
      violations.push(`${at}.document.format ${JSON.stringify(block.document.format)} is unknown`);
    if (typeof block.document.name !== 'string') violations.push(`${at}.document.name is required`);
  }
}

function checkBlock(
  block: unknown,
  at: string,
  allowed: ReadonlySet<string>,
  violations: string[],
): string | undefined {
  const member = memberOf(block);
  if (member === undefined) {
    violations.push(`${at}: a content block has exactly one member`);
    return undefined;
  }
  if (!allowed.has(member)) {
    violations.push(
      member === 'image' || member === 'document'
        ? `${at}: You can only include images and documents if the role is user`
        : `${at}: a ${member} block is not allowed here`,
    );
    return member;
  }
  const record = block as Json;
  if (member === 'text') {
    if (typeof record.text !== 'string') violations.push(`${at}.text must be a string`);
    else if (record.text.trim() === '')
      violations.push(`${at}: text content blocks must contain non-whitespace text`);
  }
  checkMedia(record, at, violations);
  return member;
}

/**
 * The credentials header: a Bedrock API key as `Bearer`, or a SigV4 signature for the
 * `bedrock` service whose scope, signed headers and signature are well formed, with the
 * `x-amz-date` it signed. The signature itself is checked against AWS's own signer in the
 * engines' tests (the simulator holds no secret).
 */
export function checkCredentials(
  headers: Readonly<Record<string, string>>,
  violations: string[],
): void {
  const authorization = headers.authorization;
  if (authorization === undefined) {
    violations.push('authorization: missing (a SigV4 signature or a Bedrock API key as Bearer)');
    return;
  }
  if (/^Bearer \S+$/.test(authorization)) return;
  const signed =
    /^AWS4-HMAC-SHA256 Credential=([A-Z0-9]{16,128})\/(\d{8})\/([a-z0-9-]+)\/bedrock\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (signed === null) {
    violations.push(
      'authorization: not a SigV4 signature for the bedrock service (AWS4-HMAC-SHA256 Credential=KEY/DATE/REGION/bedrock/aws4_request, SignedHeaders=..., Signature=64 hex)',
    );
    return;
  }
  const names = (signed[4] as string).split(';');
  for (const needed of ['host', 'x-amz-date']) {
    if (!names.includes(needed)) violations.push(`authorization: SignedHeaders lacks ${needed}`);
  }
  const date = headers['x-amz-date'];
  if (date === undefined || !/^\d{8}T\d{6}Z$/.test(date))
    violations.push('x-amz-date: missing or not YYYYMMDDTHHMMSSZ');
  else if (!date.startsWith(signed[2] as string))
    violations.push('x-amz-date: its day is not the day of the credential scope');
  if (names.includes('x-amz-security-token') && headers['x-amz-security-token'] === undefined)
    violations.push('x-amz-security-token: signed but not sent');
}

function inspect(body: unknown, path: string, context?: InspectContext): Inspection {
  const violations: string[] = [];
  const model = decodeURIComponent(PATH.exec(path)?.[1] ?? '');
  if (context?.headers !== undefined) checkCredentials(context.headers, violations);
  if (!isObject(body)) {
    return { model, tools: [], toolResults: [], violations: ['body must be a JSON object'] };
  }
  if (body.modelId !== undefined) violations.push('modelId goes in the path, not the body');
  if (body.system !== undefined && !Array.isArray(body.system))
    violations.push('system must be a list of content blocks');
  const tools: string[] = [];
  const config = body.toolConfig;
  if (config !== undefined) {
    if (!isObject(config) || !Array.isArray(config.tools) || config.tools.length === 0)
      violations.push('toolConfig.tools must be a non-empty list');
    asArray(isObject(config) ? config.tools : undefined).forEach((tool, index) => {
      if (isObject(tool) && isObject(tool.cachePoint)) return;
      const spec = isObject(tool) ? tool.toolSpec : undefined;
      if (!isObject(spec) || typeof spec.name !== 'string' || !isObject(spec.inputSchema))
        violations.push(
          `toolConfig.tools[${index}]: must be { toolSpec: { name, inputSchema: { json } } }`,
        );
      else tools.push(spec.name);
    });
  }
  const messages = asArray(body.messages);
  if (messages.length === 0) violations.push('messages must be a non-empty list');
  const ledger = new CallLedger(true);
  let toolResults: ReceivedToolResult[] = [];
  const names = new Map<string, string>();
  const imagesTaken = acceptsToolResultImages(model);
  messages.forEach((message, index) => {
    const where = `messages[${index}]`;
    if (!isObject(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      violations.push(`${where}: role must be user or assistant`);
      return;
    }
    const expected = index % 2 === 0 ? 'user' : 'assistant';
    if (message.role !== expected)
      violations.push(
        `${where}: A conversation must alternate between user and assistant roles (expected ${expected})`,
      );
    const blocks = asArray(message.content);
    if (!Array.isArray(message.content) || blocks.length === 0)
      violations.push(`${where}.content must be a non-empty list of content blocks`);
    if (message.role === 'assistant') {
      const calls: { id: string; name: string }[] = [];
      blocks.forEach((block, blockIndex) => {
        const at = `${where}.content[${blockIndex}]`;
        if (checkBlock(block, at, ASSISTANT_MEMBERS, violations) !== 'toolUse') return;
        const use = (block as Json).toolUse as Json;
        if (!isObject(use.input)) violations.push(`${at}.toolUse.input must be an object`);
        const id = typeof use.toolUseId === 'string' ? use.toolUseId : '';
        const name = typeof use.name === 'string' ? use.name : '';
        names.set(id, name);
        calls.push({ id, name });
      });
      if (calls.length > 0) {
        ledger.calls(calls, where);
        toolResults = [];
        // Converse's own words for calls the next user turn leaves unanswered.
        const next = messages[index + 1];
        const ids = new Set(
          asArray(isObject(next) ? next.content : undefined).flatMap((block) =>
            isObject(block) && isObject(block.toolResult) ? [block.toolResult.toolUseId] : [],
          ),
        );
        const missing = calls.filter((call) => !ids.has(call.id)).map((call) => call.id);
        if (missing.length > 0 && next !== undefined)
          violations.push(
            `Expected toolResult blocks at messages.${index + 1}.content for the following Ids: ${missing.join(', ')}`,
          );
      } else ledger.closeTurn(where);
      return;
    }
    blocks.forEach((block, blockIndex) => {
      const at = `${where}.content[${blockIndex}]`;
      if (checkBlock(block, at, USER_MEMBERS, violations) !== 'toolResult') return;
      const result = (block as Json).toolResult;
      if (!isObject(result)) {
        violations.push(`${at}.toolResult must be an object`);
        return;
      }
      const id = typeof result.toolUseId === 'string' ? result.toolUseId : '';
      const content = asArray(result.content);
      if (result.status !== undefined && result.status !== 'success' && result.status !== 'error')
        violations.push(`${at}.toolResult.status must be success or error`);
      if (result.status === 'error' && content.length === 0)
        violations.push(
          `${at}.toolResult: The content field cannot be empty when status value is error`,
        );
      if (!Array.isArray(result.content))
        violations.push(`${at}.toolResult.content must be a list`);
      content.forEach((inner, innerIndex) => {
        const innerAt = `${at}.toolResult.content[${innerIndex}]`;
        const member = checkBlock(inner, innerAt, RESULT_MEMBERS, violations);
        if (member === 'image' && !imagesTaken)
          violations.push(
            `${innerAt}: This model doesn't support the image field for user messages. Remove image and try again.`,
          );
      });
      ledger.result(id, '', where);
      toolResults.push({ id, name: names.get(id) ?? '', block });
    });
    ledger.closeTurn(where);
  });
  ledger.closeTurn('end of messages');
  const usesTools = messages.some((message) =>
    asArray(isObject(message) ? message.content : undefined).some((block) => {
      const member = memberOf(block);
      return member === 'toolUse' || member === 'toolResult';
    }),
  );
  if (usesTools && config === undefined)
    violations.push(
      'The toolConfig field must be defined when using toolUse and toolResult content blocks',
    );
  return { model, tools, toolResults, violations: [...violations, ...ledger.violations] };
}

/** The AWS exception each status stands for, in Bedrock's error replies. */
function exception(status: number): string {
  if (status === 403) return 'AccessDeniedException';
  if (status === 404) return 'ResourceNotFoundException';
  if (status === 429) return 'ThrottlingException';
  if (status === 503) return 'ServiceUnavailableException';
  if (status >= 500) return 'InternalServerException';
  return 'ValidationException';
}

export const wire: SimulatorWire = {
  matches: (path) => PATH.test(path),
  inspect,
  reply(step, context) {
    const content: Json[] = [];
    if (step.text) content.push({ text: step.text });
    if (step.type === 'tool_calls') {
      step.calls.forEach((call, index) => {
        content.push({
          toolUse: {
            toolUseId: call.id ?? callId('tooluse_sim_', context.turn, index),
            name: call.name,
            input: argumentsObject(call.arguments),
          },
        });
      });
    }
    const stopReason =
      step.finish === 'length'
        ? 'max_tokens'
        : step.type === 'tool_calls'
          ? 'tool_use'
          : 'end_turn';
    const outputTokens = estimateTokens(content);
    // Converse counts cache reads and writes beside inputTokens, like Anthropic.
    const usage = context.usage
      ? {
          inputTokens: context.usage.input - context.usage.cacheRead - context.usage.cacheWrite,
          outputTokens,
          totalTokens: context.usage.input + outputTokens,
          cacheReadInputTokens: context.usage.cacheRead,
          cacheWriteInputTokens: context.usage.cacheWrite,
        }
      : {
          inputTokens: 10 * context.turn,
          outputTokens,
          totalTokens: 10 * context.turn + outputTokens,
        };
    return {
      output: { message: { role: 'assistant', content } },
      stopReason,
      usage,
      metrics: { latencyMs: 5 },
    };
  },
  // Bedrock answers `{ message }` with the exception in `x-amzn-errortype`; `__type` carries it
  // in the body too, which the AWS SDK reads the same way.
  errorBody: (status, message, code) => ({ message, __type: code ?? exception(status) }),
};
