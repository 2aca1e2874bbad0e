// Differential test against the AI SDK (issue 13): the same conversations go through the AI
// SDK's `generateText` (its own provider converters, with a capturing `fetch` that answers each
// request with a recorded reply: nothing leaves the process) and through a Crosswire engine
// built from registry data, and the two JSON bodies are compared structurally. Every
// difference must be one of INTENDED_DIFFERENCES (each with its reason), and every entry there
// must still occur, so the list stays short and honest. The list is also in
// docs/design-notes/wire-truth.md ("AI SDK differential test"); the bedrock ones also in
// docs/design-notes/cloud-routes.md.
import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { WireFormat } from '@crosswire/core';
import { parseResponse } from '@crosswire/dialects';
import { generateText, type LanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectFixtures } from '../../../test-support/wire-fixtures.js';
import { createEngine } from '../src/engine/engine.js';

const { readFixture } = dialectFixtures;

import {
  aiSdkMessages,
  aiSdkTools,
  CONVERSATIONS,
  type Conversation,
  crosswireMessages,
  crosswireOptions,
} from '../src/test-support/differential-conversations.js';
import {
  type Difference,
  pathPattern,
  structuralDiff,
} from '../src/test-support/structural-diff.js';

type FetchFunction = typeof globalThis.fetch;

interface Target {
  readonly wire: WireFormat;
  /** The registry provider the Crosswire engine is built from. */
  readonly provider: string;
  readonly model: string;
  readonly aiSdk: (fetch: FetchFunction, model: string) => LanguageModel;
}

const TARGETS = {
  openai: {
    wire: 'openai',
    provider: 'openai',
    model: 'gpt-4.1',
    aiSdk: (fetch, model) => createOpenAI({ apiKey: 'test-key', fetch }).chat(model),
  },
  responses: {
    wire: 'responses',
    provider: 'openai-responses',
    model: 'gpt-4.1',
    aiSdk: (fetch, model) => createOpenAI({ apiKey: 'test-key', fetch }).responses(model),
  },
  anthropic: {
    wire: 'anthropic',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    aiSdk: (fetch, model) => createAnthropic({ apiKey: 'test-key', fetch })(model),
  },
  'gemini-2.5': {
    wire: 'gemini',
    provider: 'gemini',
    model: 'gemini-2.5-flash-lite',
    aiSdk: (fetch, model) => createGoogleGenerativeAI({ apiKey: 'test-key', fetch })(model),
  },
  'gemini-3': {
    wire: 'gemini',
    provider: 'gemini',
    model: 'gemini-3-flash-preview',
    aiSdk: (fetch, model) => createGoogleGenerativeAI({ apiKey: 'test-key', fetch })(model),
  },
  'bedrock-claude': {
    wire: 'bedrock',
    provider: 'bedrock',
    model: 'us.anthropic.claude-sonnet-4-6',
    aiSdk: (fetch, model) =>
      createAmazonBedrock({ region: 'us-east-1', apiKey: 'test-key', fetch })(model),
  },
  'bedrock-llama': {
    wire: 'bedrock',
    provider: 'bedrock',
    model: 'us.meta.llama4-scout-17b-instruct-v1:0',
    aiSdk: (fetch, model) =>
      createAmazonBedrock({ region: 'us-east-1', apiKey: 'test-key', fetch })(model),
  },
} as const satisfies Record<string, Target>;

type TargetName = keyof typeof TARGETS;
const TARGET_NAMES = Object.keys(TARGETS) as TargetName[];

/** Both bodies of one case, for the `when` checks that look beside the difference. */
interface Bodies {
  readonly aiSdk: unknown;
  readonly crosswire: unknown;
}

interface IntendedDifference {
  readonly name: string;
  readonly targets: readonly TargetName[];
  /**
   * `-path`: only in the AI SDK's body; `+path`: only in Crosswire's; `~path`: in both,
   * unequal. `[*]` is any index, `*` any key, `**` any depth. Each pattern must still occur.
   */
  readonly paths: readonly string[];
  readonly reason: string;
  /** Narrows the entry to the values it explains, where the path alone would hide more. */
  readonly when?: (difference: Difference, bodies: Bodies) => boolean;
}

/** The value at `path` (`a.b[2].c`) in `body`, or undefined. */
function at(body: unknown, path: string): unknown {
  let value = body;
  for (const [, key, index] of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key ?? Number(index)];
  }
  return value;
}

/** The text of a plain string or of a list of exactly one text block. */
function soleText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value) || value.length !== 1) return undefined;
  const [block] = value as { type?: unknown; text?: unknown }[];
  const isText = ['text', 'input_text', 'output_text'].includes(String(block?.type));
  return isText && typeof block?.text === 'string' ? block.text : undefined;
}

/** One side a string, the other one text block, both the same text. */
const sameText = (difference: Difference) =>
  soleText(difference.aiSdk) !== undefined &&
  soleText(difference.aiSdk) === soleText(difference.crosswire) &&
  typeof difference.aiSdk !== typeof difference.crosswire;

const PLACEHOLDER = /^\[(image|resource)\] (image\/png|application\/pdf)( <[^>]+>)? \(\d+ bytes\)$/;

/** Crosswire's text is the AI SDK's, then one placeholder line per media item. */
const textThenPlaceholders = (aiSdkText: unknown, crosswireText: unknown) =>
  typeof aiSdkText === 'string' &&
  typeof crosswireText === 'string' &&
  crosswireText.startsWith(aiSdkText) &&
  crosswireText
    .slice(aiSdkText.length)
    .split('\n')
    .slice(1)
    .every((line) => PLACEHOLDER.test(line));

const isTextPart = (value: unknown, text: RegExp) =>
  typeof (value as { text?: unknown }).text === 'string' &&
  text.test((value as { text: string }).text);

const INTENDED_DIFFERENCES: readonly IntendedDifference[] = [
  {
    name: 'default tool choice',
    targets: TARGET_NAMES,
    paths: ['-tool_choice', '-toolConfig', '-toolConfig.toolChoice'],
    reason:
      "The AI SDK sends 'auto' whenever tools are offered; Crosswire sends a tool choice only when asked, and 'auto' is every API's default when tools are present.",
    when: ({ aiSdk }) =>
      [
        '"auto"',
        '{"type":"auto"}',
        '{"functionCallingConfig":{"mode":"AUTO"}}',
        '{"auto":{}}',
      ].includes(JSON.stringify(aiSdk)),
  },
  {
    name: 'schema dialect keyword',
    targets: ['openai', 'responses', 'anthropic', 'bedrock-claude', 'bedrock-llama'],
    paths: [
      '-tools[*].function.parameters.$schema',
      '-tools[*].parameters.$schema',
      '-tools[*].input_schema.$schema',
      '-toolConfig.tools[*].toolSpec.inputSchema.json.$schema',
    ],
    reason:
      'Crosswire removes `$schema`/`$id`/`$comment` from tool schemas (core `schemaOf`): no provider reads them, they cost prompt tokens, and strict endpoints reject them.',
  },
  {
    name: 'chat output cap field',
    targets: ['openai'],
    paths: ['-max_tokens', '+max_completion_tokens'],
    reason:
      '`max_tokens` is deprecated in Chat Completions and refused by reasoning models; Crosswire sends `max_completion_tokens` (the `maxTokensField` option sends the old name for servers that only know it).',
    when: (_difference, bodies) =>
      at(bodies.aiSdk, 'max_tokens') === at(bodies.crosswire, 'max_completion_tokens'),
  },
  {
    name: 'chat tool media as placeholders',
    targets: ['openai'],
    paths: ['~messages[*].content'],
    reason:
      "A Chat Completions tool message is text only: Crosswire sends the result's text and a placeholder line per image or PDF (the image may follow in a user message with imageFallback); the AI SDK JSON-encodes the parts, base64 included, into the text.",
    when: ({ aiSdk, crosswire }) => {
      const parsed: unknown = typeof aiSdk === 'string' ? JSON.parse(aiSdk) : [];
      const parts = Array.isArray(parsed) ? (parsed as { type: string }[]) : [];
      return (
        // ai@7 (spec V4) spells a tool's media `file` parts; ai@6 spelled them `image-data`/`file-data`.
        parts.some((part) => ['file', 'image-data', 'file-data'].includes(part.type)) &&
        typeof crosswire === 'string' &&
        crosswire.split('\n').some((line) => PLACEHOLDER.test(line))
      );
    },
  },
  {
    name: 'chat tool images after the results',
    targets: ['openai'],
    paths: ['+messages[*]'],
    reason:
      "A Chat Completions tool message cannot carry an image, so for a model that sees images Crosswire sends the tool's images in one user message right after the results (the engine's default `imageFallback: 'user-message'`); the AI SDK sends none the model can see.",
    when: ({ crosswire }) => {
      const message = crosswire as { role?: unknown; content?: unknown[] };
      return (
        message.role === 'user' &&
        Array.isArray(message.content) &&
        isTextPart(message.content[0], /^The tool results above returned \d+ image\(s\)/) &&
        message.content.slice(1).every((part) => (part as { type?: unknown }).type === 'image_url')
      );
    },
  },
  {
    name: 'responses system prompt as instructions',
    targets: ['responses'],
    paths: ['-input[*]', '+instructions'],
    reason:
      'Crosswire sends the system prompt as `instructions`; the AI SDK as a system message in `input`. Both are documented; instructions are not carried over by previous_response_id, which Crosswire does not use.',
    when: ({ path }, bodies) =>
      at(bodies.crosswire, 'instructions') === at(bodies.aiSdk, 'input[0].content') &&
      at(bodies.aiSdk, 'input[0].role') === 'system' &&
      (path === 'instructions' || path === 'input[0]'),
  },
  {
    name: 'responses image detail',
    targets: ['responses'],
    paths: ['+input[*].content[*].detail'],
    reason:
      "Crosswire sends `detail: 'auto'`, the documented default, because the OpenAPI document lists `detail` as required in InputImageContent; the AI SDK leaves it out.",
    when: ({ crosswire }) => crosswire === 'auto',
  },

  {
    name: 'a text-only turn as a string',
    targets: ['responses', 'anthropic'],
    paths: ['~input[*].content', '~messages[*].content'],
    reason:
      'A turn of one text (a Responses user or assistant turn, an Anthropic assistant turn): Crosswire sends the string form, the AI SDK a one-block list (`input_text`, `output_text`, `text`); both forms are documented.',
    when: (difference) => typeof difference.crosswire === 'string' && sameText(difference),
  },
  {
    name: 'anthropic system prompt as a string',
    targets: ['anthropic'],
    paths: ['~system'],
    reason: 'Crosswire sends `system` as a string, the AI SDK as one text block; both documented.',
    when: sameText,
  },
  {
    name: 'anthropic tool result text as blocks',
    targets: ['anthropic'],
    paths: ['~messages[*].content[*].content'],
    reason:
      "Crosswire always sends a tool_result's content as a block list (the form that also carries images and documents); the AI SDK sends text-only results as a string. Both documented.",
    when: (difference) => Array.isArray(difference.crosswire) && sameText(difference),
  },
  {
    name: 'anthropic default output cap',
    targets: ['anthropic'],
    paths: ['~max_tokens'],
    reason:
      "`max_tokens` is required; unasked, Crosswire sends DEFAULT_ANTHROPIC_MAX_TOKENS (4096), the AI SDK the model's maximum (64000).",
    when: ({ aiSdk, crosswire }) => crosswire === 4096 && aiSdk === 64_000,
  },
  {
    name: 'anthropic temperature',
    targets: ['anthropic'],
    paths: ['-temperature'],
    reason:
      'The Messages API in @anthropic-ai/sdk 1.14 has no sampling parameters: Crosswire leaves temperature out with a `temperature_unsupported` warning (extra.temperature sends it to a server that takes it); the AI SDK sends it.',
  },
  {
    name: 'gemini function response key',
    targets: ['gemini-2.5', 'gemini-3'],
    paths: [
      '-contents[*].parts[*].functionResponse.response.name',
      '-contents[*].parts[*].functionResponse.response.content',
      '+contents[*].parts[*].functionResponse.response.result',
    ],
    reason:
      'Crosswire sends `response: { result }`, the AI SDK `response: { name, content }`; Gemini reads an object without `output`/`error` keys as the output, so both are accepted. The text is the same (plus placeholders where Gemini 2.x cannot take the media).',
    when: ({ path, kind }, bodies) => {
      if (kind === 'only-crosswire') return true;
      const response = path.slice(0, path.lastIndexOf('.'));
      const content = at(bodies.aiSdk, `${response}.content`);
      const result = at(bodies.crosswire, `${response}.result`);
      return content === result || textThenPlaceholders(content, result);
    },
  },
  {
    name: 'tool error as an error object',
    targets: ['openai', 'responses'],
    paths: ['~messages[*].content', '~input[*].output'],
    reason:
      'ai@7 sends a failed tool\'s error as an object (`{"error":"..."}` text on Chat Completions and Responses); Crosswire sends the error\'s text as the result, the same text the model reads on every wire. On Gemini both send it under `response.error` (Google\'s documented key).',
    when: ({ aiSdk, crosswire }) =>
      typeof crosswire === 'string' && aiSdk === JSON.stringify({ error: crosswire }),
  },
  {
    name: 'gemini tool parameters field',
    targets: ['gemini-2.5', 'gemini-3'],
    paths: ['-tools[*].functionDeclarations[*]', '+tools[*].functionDeclarations[*]'],
    reason:
      "ai@7 (@ai-sdk/google 4) sends a function's schema as `parametersJsonSchema` (plain JSON Schema); Crosswire sends `parameters` (Gemini's OpenAPI-subset Schema). Both are documented fields of FunctionDeclaration.",
    when: ({ kind, aiSdk, crosswire }) => {
      const declaration = (kind === 'only-ai-sdk' ? aiSdk : crosswire) as Record<string, unknown>;
      return kind === 'only-ai-sdk'
        ? 'parametersJsonSchema' in declaration && !('parameters' in declaration)
        : !('parametersJsonSchema' in declaration);
    },
  },
  {
    name: 'gemini empty generation config',
    targets: ['gemini-2.5', 'gemini-3'],
    paths: ['-generationConfig'],
    reason:
      'The AI SDK sends `generationConfig: {}`; Crosswire leaves it out when it has nothing to set.',
    when: ({ aiSdk }) => JSON.stringify(aiSdk) === '{}',
  },

  {
    name: 'gemini 2 thought signature sentinel',
    targets: ['gemini-2.5'],
    paths: ['+contents[*].parts[*].thoughtSignature'],
    reason:
      'Crosswire marks every functionCall Gemini did not produce with the documented `skip_thought_signature_validator` on every model, so a conversation stays valid when it moves to Gemini 3; the AI SDK adds it on Gemini 3 only.',
    when: ({ crosswire }) => crosswire === 'skip_thought_signature_validator',
  },
  {
    name: 'gemini 2 tool media label',
    targets: ['gemini-2.5'],
    paths: ['+contents[*].parts[*]', '-contents[*].parts[*]'],
    reason:
      'Gemini 2.x takes no image or PDF in a functionResponse, so both send them as inlineData parts in the same turn; Crosswire puts one label before them naming the call each belongs to, the AI SDK a fixed sentence after each.',
    when: ({ kind, aiSdk, crosswire }) =>
      kind === 'only-crosswire'
        ? isTextPart(crosswire, /^The tool results above returned \d+ (image|PDF document)\(s\)/)
        : isTextPart(
            aiSdk,
            /^Tool executed successfully and returned this (image|file) as a response$/,
          ),
  },
  {
    name: 'bedrock stop sequence path',
    targets: ['bedrock-claude'],
    paths: ['-additionalModelResponseFieldPaths'],
    reason:
      'On Claude models the AI SDK asks Converse for `/delta/stop_sequence` (which stop sequence ended the reply); Crosswire sends no stop sequences unless asked, so it asks for nothing.',
    when: ({ aiSdk }) => JSON.stringify(aiSdk) === '["/delta/stop_sequence"]',
  },
  {
    name: 'bedrock empty system',
    targets: ['bedrock-claude', 'bedrock-llama'],
    paths: ['-system'],
    reason:
      'With no system prompt the AI SDK sends `system: []`; Crosswire leaves `system` out (it is optional).',
    when: ({ aiSdk }) => JSON.stringify(aiSdk) === '[]',
  },
  {
    name: 'bedrock named tool choice keeps every tool',
    targets: ['bedrock-claude', 'bedrock-llama'],
    paths: ['+toolConfig.tools[*]'],
    reason:
      'For a named tool choice the AI SDK sends only that tool; Crosswire sends every tool with `toolChoice.tool` naming the one, as on the other wires: the tool list (a cached prefix) stays the same from turn to turn.',
    when: ({ crosswire }, bodies) =>
      (crosswire as { toolSpec?: { name?: unknown } }).toolSpec?.name !==
      at(bodies.crosswire, 'toolConfig.toolChoice.tool.name'),
  },
  {
    name: 'bedrock error result status',
    targets: ['bedrock-claude', 'bedrock-llama'],
    paths: ['+messages[*].content[*].toolResult.status'],
    reason:
      "Crosswire marks a failed tool's result `status: 'error'` (ToolResultBlock.status, which Claude reads as is_error); the AI SDK sends the error text with no status, so the model reads it as a success.",
    when: ({ crosswire }) => crosswire === 'error',
  },
  {
    name: 'bedrock tool media a model refuses',
    targets: ['bedrock-llama'],
    paths: [
      '-messages[*].content[*].toolResult.content[*]',
      '+messages[*].content[*].toolResult.content[*]',
      '+messages[*].content[*]',
    ],
    reason:
      "Converse refuses an image or a document inside toolResult for every model but Claude and Nova (AWS's ToolResultContentBlock reference; the 4x4-PNG table of anomalyco/opencode#49443 shows Llama, Mistral, DeepSeek and gpt-oss refusing it). The AI SDK sends them anyway, a request Bedrock refuses; Crosswire sends the placeholder line in the result and, since Llama 4 sees images, the image after the results in the same user turn.",
    when: ({ kind, aiSdk, crosswire }) => {
      if (kind === 'only-ai-sdk') {
        const member = aiSdk as { image?: unknown; document?: unknown };
        return member.image !== undefined || member.document !== undefined;
      }
      const member = crosswire as { text?: unknown; image?: unknown };
      return (
        member.image !== undefined ||
        (typeof member.text === 'string' &&
          (PLACEHOLDER.test(member.text) ||
            /^The tool results above returned \d+ image\(s\)/.test(member.text)))
      );
    },
  },
];

const LIFECYCLE_WARNINGS = new Set(['model_deprecated', 'model_retired']);

/** Crosswire's warnings per case (`target: conversation`); none elsewhere. */
const CROSSWIRE_WARNINGS: Readonly<Record<string, readonly string[]>> = {
  'anthropic: system prompt and text': ['temperature_unsupported'],
};

interface Case {
  readonly target: TargetName;
  readonly conversation: Conversation;
  readonly aiSdkUrls: readonly string[];
  /** What generateText read from the recorded reply: its text and calls. */
  readonly aiSdkReply: { readonly text: string; readonly calls: readonly unknown[] };
  /** What Crosswire's parser reads from the same reply. */
  readonly crosswireReply: { readonly text: string; readonly calls: readonly unknown[] };
  readonly endpoint: string;
  readonly bodies: Bodies;
  readonly warnings: readonly string[];
  readonly differences: readonly Difference[];
}

function aiSdkToolChoice(conversation: Conversation) {
  const choice = conversation.toolChoice;
  if (choice === undefined || typeof choice === 'string') return choice;
  return { type: 'tool' as const, toolName: choice.name };
}

async function runCase(target: TargetName, conversation: Conversation): Promise<Case> {
  const { wire, provider, model, aiSdk } = TARGETS[target];
  const reply = readFixture(`replies/${wire}/${conversation.reply ?? 'text'}.json`);
  const requests: { url: string; body: unknown }[] = [];
  // The AI SDK's only way out: every request is captured and answered with the recorded reply.
  const fetch: FetchFunction = async (input, init) => {
    requests.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify(reply), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const result = await generateText({
    model: aiSdk(fetch, model),
    ...(conversation.system ? { system: conversation.system } : {}),
    messages: aiSdkMessages(conversation),
    tools: aiSdkTools(conversation),
    toolChoice: aiSdkToolChoice(conversation),
    maxOutputTokens: conversation.maxTokens,
    temperature: conversation.temperature,
    maxRetries: 0,
  });

  const warnings: string[] = [];
  const engine = createEngine({
    provider,
    model,
    apiKey: 'test-key',
    // The targets pin the models the AI SDK providers know by name (gpt-4.1, retiring
    // 2027-01-14; claude-sonnet-4-5, retired 2026-11-30): they pick request shapes and output
    // caps by model name, and the comparison is of bodies, so lifecycle warnings are left out.
    onWarning: (warning) => {
      if (!LIFECYCLE_WARNINGS.has(warning.code)) warnings.push(warning.code);
    },
  });
  const built = await engine.buildRequest(
    crosswireMessages(conversation),
    crosswireOptions(conversation),
  );
  // What goes on the wire: the JSON text of the body.
  const crosswire = JSON.parse(JSON.stringify(built)) as unknown;
  const aiSdkBody = requests[0]?.body;
  const parsed = parseResponse(wire, reply);
  return {
    target,
    conversation,
    aiSdkUrls: requests.map((request) => request.url),
    aiSdkReply: {
      text: result.text,
      calls: result.toolCalls.map((call) => [call.toolCallId, call.toolName, call.input]),
    },
    crosswireReply: {
      text: parsed.content ?? '',
      // A Gemini 2.x call has no id: the AI SDK makes one up, Crosswire leaves it empty.
      calls: parsed.toolCalls.map((call) => [
        call.id === '' ? expect.any(String) : call.id,
        call.name,
        call.arguments,
      ]),
    },
    endpoint: engine.endpoint,
    bodies: { aiSdk: aiSdkBody, crosswire },
    warnings,
    differences: structuralDiff(aiSdkBody, crosswire),
  };
}

const SIGN: Record<Difference['kind'], string> = {
  'only-ai-sdk': '-',
  'only-crosswire': '+',
  changed: '~',
};

/** The entry and pattern that explain `difference` in `found`, if any. */
function explain(found: Case, difference: Difference): { name: string; path: string } | undefined {
  for (const entry of INTENDED_DIFFERENCES) {
    if (!entry.targets.includes(found.target)) continue;
    for (const path of entry.paths) {
      if (path[0] !== SIGN[difference.kind]) continue;
      if (!pathPattern(path.slice(1)).test(difference.path)) continue;
      if (entry.when && !entry.when(difference, found.bodies)) continue;
      return { name: entry.name, path };
    }
  }
  return undefined;
}

const CASES = TARGET_NAMES.flatMap((target) =>
  CONVERSATIONS.map((conversation) => ({ target, name: conversation.name, conversation })),
);

describe('the AI SDK and Crosswire build the same bodies, but for the listed differences', () => {
  const cases = new Map<(typeof CASES)[number], Case>();
  let logWarnings: unknown;

  beforeAll(async () => {
    // The AI SDK's warnings (e.g. its Gemini 3 signature notice) stay off the console.
    const global = globalThis as { AI_SDK_LOG_WARNINGS?: unknown };
    logWarnings = global.AI_SDK_LOG_WARNINGS;
    global.AI_SDK_LOG_WARNINGS = false;
    for (const entry of CASES) cases.set(entry, await runCase(entry.target, entry.conversation));
  });

  afterAll(() => {
    (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = logWarnings;
  });

  it.each(CASES)('$target: $name', (entry) => {
    const found = cases.get(entry);
    if (!found) throw new Error('the case was not run');
    // One request each, to the same endpoint, and both read the recorded reply alike.
    expect(found.aiSdkUrls).toEqual([found.endpoint]);
    expect(found.aiSdkReply).toEqual(found.crosswireReply);
    expect(found.warnings).toEqual(CROSSWIRE_WARNINGS[`${entry.target}: ${entry.name}`] ?? []);
    const unexplained = found.differences.filter((difference) => !explain(found, difference));
    expect(unexplained).toEqual([]);
  });

  it('every listed difference still occurs, on each target it names (the list stays honest)', () => {
    const occurring = new Set<string>();
    for (const found of cases.values()) {
      for (const difference of found.differences) {
        const explained = explain(found, difference);
        if (!explained) continue;
        occurring.add(`${explained.name}: ${explained.path}`);
        occurring.add(`${explained.name}: on ${found.target}`);
      }
    }
    const listed = INTENDED_DIFFERENCES.flatMap((entry) => [
      ...entry.paths.map((path) => `${entry.name}: ${path}`),
      ...entry.targets.map((target) => `${entry.name}: on ${target}`),
    ]);
    expect(listed.filter((entry) => !occurring.has(entry))).toEqual([]);
    expect(cases.size).toBe(CASES.length);
  });
});
