import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callFrozen, callUnfrozen } from '../../../test-support/deep-freeze.js';
import {
  canonicalConversation,
  echoedConversation,
  MODELS,
  opening,
  PIXEL_PNG,
  reply,
  resultFor,
  TOOLS,
} from '../../../test-support/dialect-conversation.js';
import { anthropicBody, bedrockBody, openaiBody } from '../../../test-support/wire-arbitraries.js';
import {
  answerableCalls,
  anthropicBreakpoints,
  anthropicFormatObstacles,
  anthropicMarkers,
  applyPromptCache,
  BODY_IMAGES,
  bedrockCachePoints,
  buildRequest,
  type ChatRequest,
  canonicalMessages,
  estimateTokens,
  formatToolResults,
  imagesNeedingBytes,
  mcpNamedCall,
  mcpNamedResponse,
  misorderedTtls,
  neutralMessages,
  overLimitImages,
  parseResponse,
  preflight,
  readStructured,
  replaceImages,
  responseTextContent,
  responseToolCalls,
  strictObstacles,
  strictOutputSchema,
  toolLoopCalls,
  toolLoopResponse,
  toolResultImages,
  toToolResults,
  wireNamedRequest,
  wireNamedResults,
  withoutStrictNulls,
  withProvenImages,
  wrapsRoot,
} from './index.js';
import { mergeExtra } from './support/extra.js';

// The package is documented pure: no function changes what it is given. Each is called on a
// deeply frozen input (a write throws) and the input compared with a copy taken before.

const EXPECTED_WARNINGS: Record<WireFormat, string[]> = {
  openai: [],
  responses: [],
  anthropic: ['temperature_unsupported'],
  gemini: [],
  ollama: ['tool_choice_unsupported'],
  hermes: ['tool_choice_unsupported'],
  bedrock: [],
};

describe.each(WIRE_FORMATS.map((wire) => [wire] as const))('%s: pure', (wire: WireFormat) => {
  it('buildRequest leaves the request (messages, tools, extra) as it was', () => {
    const heard: string[] = [];
    const onWarning = (warning: { code: string }) => heard.push(warning.code);
    callFrozen(canonicalConversation(wire), (request) =>
      buildRequest(wire, request, { onWarning }),
    );
    callFrozen({ ...echoedConversation(wire), extra: { metadata: { run: 'r1' } } }, (request) =>
      buildRequest(wire, request, { onWarning }),
    );
    // What the two requests ask that the wire cannot do: a forced tool choice, a temperature.
    expect(heard).toEqual(EXPECTED_WARNINGS[wire]);
  });

  it('reading a reply leaves the reply body as it was', () => {
    const calls = callFrozen(reply(wire, 'tool-calls'), (body) => {
      toolLoopResponse(wire, body);
      responseToolCalls(wire, body);
      responseTextContent(wire, body);
      return parseResponse(wire, body).toolCalls;
    });
    expect(calls.length).toBeGreaterThan(0);
  });

  it('formatToolResults leaves the reply body and the results as they were', () => {
    const body = reply(wire, 'tool-calls');
    const results = parseResponse(wire, body).toolCalls.map(resultFor);
    const messages = callFrozen(body, (frozen) => formatToolResults(wire, frozen, results));
    expect(messages.length).toBeGreaterThan(0);
  });

  it('preflight leaves the body as it was', () => {
    // The warnings building this request gives are asserted in the test above.
    const body = buildRequest(wire, canonicalConversation(wire), { onWarning: () => {} });
    callFrozen(body, (frozen) => preflight(frozen, { wire }));
  });
});

describe('pure: the body-rewriting functions', () => {
  const anthropicBody = () => ({
    model: 'claude-sonnet-5-5',
    max_tokens: 1024,
    system: [{ type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } }],
    messages: [
      { role: 'user', content: 'What is the weather?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'a', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't1',
            content: [
              { type: 'text', text: 'sun', cache_control: { type: 'ephemeral', ttl: '1h' } },
            ],
          },
        ],
      },
    ],
  });

  it('applyPromptCache places breakpoints (and raises TTLs) in a copy', () => {
    // A five-minute breakpoint before a one-hour one: the repair raises it, in the copy.
    const heard: string[] = [];
    const out = callFrozen(anthropicBody(), (body) =>
      applyPromptCache('anthropic', body, {
        setting: 'auto',
        model: 'claude-sonnet-5-5',
        onWarning: (warning) => heard.push(warning.code),
      }),
    );
    expect(out.system).toEqual([
      { type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral', ttl: '1h' } },
    ]);
    expect(heard).toEqual(['prompt_cache_ttl_raised']);
    callFrozen({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hi' }] }, (body) =>
      applyPromptCache('openai', body, { setting: 'auto', loopId: 'loop-1' }),
    );
  });

  it('mergeExtra merges into a copy', () => {
    const heard: string[] = [];
    const out = callFrozen(
      { body: anthropicBody(), extra: { metadata: { user_id: 'u' }, max_tokens: 64 } },
      ({ body, extra }) =>
        mergeExtra('anthropic', body, extra, (warning) => heard.push(warning.code)),
    );
    expect(out.max_tokens).toBe(64);
    expect(heard).toEqual(['extra_overrides']);
  });

  it('toolLoopCalls drops a cut-off call from a copy of the body', () => {
    const body = {
      choices: [
        {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'a',
                type: 'function',
                function: { name: 'f', arguments: '{"city":"Berlin"}' },
              },
              { id: 'b', type: 'function', function: { name: 'f', arguments: '{"city":"Par' } },
            ],
          },
          finish_reason: 'length',
        },
      ],
    };
    const heard: string[] = [];
    const { calls, data } = callFrozen(body, (frozen) =>
      toolLoopCalls(parseResponse('openai', frozen), frozen, {
        wire: 'openai',
        onWarning: (warning) => heard.push(warning.code),
      }),
    );
    expect(calls.map((call) => call.id)).toEqual(['a']);
    expect(JSON.stringify(data)).not.toContain('"Par');
    expect(heard).toEqual(['tool_call_arguments_truncated']);
  });

  it('overLimitImages reads the body without writing to it', () => {
    callFrozen(anthropicBody(), (body) => overLimitImages(body, 'anthropic'));
  });
});

/** A structured-output schema with `$defs`, nested objects, optional properties and unions. */
const tripSchema = () => ({
  type: 'object',
  $defs: {
    stop: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1 },
        nights: { type: 'integer', minimum: 1 },
        date: { type: 'string', format: 'date' },
      },
      required: ['city'],
    },
  },
  properties: {
    title: { type: 'string' },
    stops: { type: 'array', items: { $ref: '#/$defs/stop' } },
    budget: {
      type: 'object',
      properties: {
        amount: { type: 'number' },
        currency: { enum: ['EUR', 'USD'] },
        notes: { oneOf: [{ type: 'string' }, { type: 'null' }] },
      },
    },
  },
  required: ['title'],
});

describe('pure: structured output', () => {
  it('strictOutputSchema, strictObstacles and withoutStrictNulls work on copies', () => {
    const made = callFrozen(tripSchema(), (schema) => strictOutputSchema(schema));
    expect(made.strict).toBe(true);
    callUnfrozen(tripSchema(), (schema) => strictOutputSchema(schema));
    expect(callFrozen(tripSchema(), (schema) => strictObstacles(schema))).toEqual([]);
    // The nulls strict mode sends for optional properties leave a copy of the value.
    const value = {
      title: 'Alps',
      stops: [{ city: 'Bern' }],
      budget: { amount: null, currency: 'EUR', notes: null },
    };
    const read = callFrozen({ value, schema: tripSchema() }, (input) =>
      withoutStrictNulls(input.value, input.schema),
    );
    expect(read).toEqual({
      title: 'Alps',
      stops: [{ city: 'Bern' }],
      budget: { currency: 'EUR', notes: null },
    });
  });

  it('anthropicFormatObstacles and wrapsRoot read the schema, frozen or not', () => {
    // Remembered per schema object: the first call and the remembered answer both only read.
    const unfrozen = tripSchema();
    callUnfrozen(unfrozen, (schema) => [anthropicFormatObstacles(schema), wrapsRoot(schema)]);
    callUnfrozen(unfrozen, (schema) => anthropicFormatObstacles(schema));
    expect(callFrozen(tripSchema(), (schema) => anthropicFormatObstacles(schema))).toEqual([]);
  });

  it.each(WIRE_FORMATS.map((wire) => [wire] as const))(
    '%s: buildRequest with output and readStructured leave the request and the reply as they were',
    (wire) => {
      const heard: string[] = [];
      const onWarning = (warning: { code: string }) => heard.push(warning.code);
      const request = () => ({
        model: MODELS[wire],
        messages: [{ role: 'user' as const, content: 'Plan a trip.' }],
        output: { name: 'trip', schema: tripSchema(), strict: true },
      });
      callFrozen(request(), (frozen) => buildRequest(wire, frozen, { onWarning }));
      // The sent schema is remembered per schema object: build twice from one unfrozen request.
      const unfrozen = request();
      callUnfrozen(unfrozen, (input) => buildRequest(wire, input, { onWarning }));
      callUnfrozen(unfrozen, (input) => buildRequest(wire, input, { onWarning }));
      const response = parseResponse(wire, reply(wire, 'tool-calls'));
      callFrozen({ response, output: request().output }, (input) =>
        readStructured(wire, input.response, input.output),
      );
      expect(heard).toEqual([]);
    },
  );
});

describe('pure: tool names, messages, calls and results', () => {
  it.each(WIRE_FORMATS.map((wire) => [wire] as const))(
    '%s: wireNamedRequest, wireNamedResults and the mcpNamed readers rename copies',
    (wire) => {
      const calls = () =>
        parseResponse(wire, reply(wire, 'tool-calls')).toolCalls.map((call) => ({
          ...call,
          name: 'calendar.read',
        }));
      const conversation = (): ChatRequest => ({
        model: MODELS[wire],
        messages: [
          ...opening(),
          { role: 'assistant', content: 'Let me check.', toolCalls: calls() },
          { role: 'tool', results: calls().map(resultFor) },
        ],
        tools: [{ name: 'calendar.read', inputSchema: { type: 'object' } }, ...TOOLS],
        toolChoice: { name: 'calendar.read' },
      });
      const { names } = callFrozen(conversation(), (request) => wireNamedRequest(request, wire));
      callUnfrozen(conversation(), (request) => wireNamedRequest(request, wire));
      callFrozen(calls().map(resultFor), (results) => wireNamedResults(results, names));
      const response = parseResponse(wire, reply(wire, 'tool-calls'));
      callFrozen(response, (frozen) => {
        mcpNamedResponse(frozen, names);
        for (const call of frozen.toolCalls) mcpNamedCall(call, names);
      });
    },
  );

  it.each(WIRE_FORMATS.map((wire) => [wire] as const))(
    '%s: the conversation readers leave the messages as they were',
    (wire) => {
      const heard: string[] = [];
      const onWarning = (warning: { code: string }) => heard.push(warning.code);
      const messages = () => echoedConversation(wire).messages;
      callFrozen(messages(), (frozen) => {
        canonicalMessages(frozen);
        neutralMessages(frozen, { onWarning });
        imagesNeedingBytes(wire, frozen, { inlineImages: true });
      });
      callUnfrozen(messages(), (input) => neutralMessages(input, { onWarning }));
      // Reading another wire's turn back into neutral messages drops what only it can verify.
      expect(new Set(heard).size).toBeLessThanOrEqual(1);
    },
  );

  it('answerableCalls drops a nameless and a repeated call from a copy of the reply', () => {
    const body = {
      choices: [
        {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'a',
                type: 'function',
                function: { name: 'f', arguments: '{"x":[1,{"y":2}]}' },
              },
              { id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } },
              { id: 'b', type: 'function', function: { name: '', arguments: '{}' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    };
    const heard: string[] = [];
    const answered = callFrozen(body, (frozen) =>
      answerableCalls('openai', parseResponse('openai', frozen), {
        dialectOptions: {},
        onWarning: (warning) => heard.push(warning.code),
      }),
    );
    expect(answered.toolCalls.map((call) => call.id)).toEqual(['a']);
    expect(heard).toEqual(['tool_call_dropped']);
  });

  it('toToolResults and toolResultImages read the results without writing', () => {
    const response = parseResponse('anthropic', reply('anthropic', 'tool-calls'));
    const pairs = response.toolCalls.map((toolCall) => ({
      toolCall,
      result: {
        content: [
          { type: 'text', text: 'page' },
          { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
          { type: 'image', data: btoa('<html>'), mimeType: 'image/png' },
        ],
      },
    }));
    const heard: string[] = [];
    const onWarning = (warning: { code: string }) => heard.push(warning.code);
    const results = callFrozen(pairs, (frozen) =>
      toToolResults('anthropic', frozen, { onWarning }),
    );
    const images = callFrozen(results, (frozen) => toolResultImages(frozen, { onWarning }));
    expect(images).toHaveLength(pairs.length);
    expect(heard).toEqual(pairs.map(() => 'image_bytes_mismatch'));
  });
});

describe('pure: the body passes, frozen (remembered) and not', () => {
  it('withProvenImages replaces a mislabelled image in a copy', () => {
    const body = () => ({
      model: 'claude-sonnet-4-5',
      max_tokens: 64,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Two' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } },
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [
                {
                  type: 'image',
                  source: { type: 'base64', media_type: 'image/png', data: btoa('<html>') },
                },
              ],
            },
          ],
        },
      ],
    });
    const heard: string[] = [];
    const onWarning = (warning: { code: string }) => heard.push(warning.code);
    const proven = callFrozen(body(), (frozen) => withProvenImages(frozen, 'anthropic', onWarning));
    expect(JSON.stringify(proven)).not.toContain(btoa('<html>'));
    callUnfrozen(body(), (input) => withProvenImages(input, 'anthropic', onWarning));
    expect(heard).toEqual(['image_bytes_mismatch', 'image_bytes_mismatch']);
  });

  it('the cache-marker readers, preflight and applyPromptCache only read an unfrozen body', () => {
    const anthropic = {
      model: 'claude-sonnet-4-5',
      max_tokens: 64,
      system: [{ type: 'text', text: 'Be terse. '.repeat(600) }],
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'Hi', cache_control: { type: 'ephemeral' } }],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [
                { type: 'text', text: 'sun', cache_control: { type: 'ephemeral', ttl: '1h' } },
              ],
            },
          ],
        },
      ],
    };
    const heard: string[] = [];
    const onWarning = (warning: { code: string }) => heard.push(warning.code);
    // Twice on the same objects: the second call meets what the first remembered.
    for (let run = 0; run < 2; run++) {
      callUnfrozen(anthropic, (body) => {
        expect(misorderedTtls(anthropicMarkers(body))).toHaveLength(1);
        anthropicBreakpoints(body);
        estimateTokens(body.messages);
        preflight(body, { wire: 'anthropic' });
        applyPromptCache('anthropic', body, { setting: 'auto', model: body.model, onWarning });
      });
    }
    expect(heard).toEqual(['prompt_cache_ttl_raised', 'prompt_cache_ttl_raised']);
    const bedrock = {
      modelId: 'anthropic.claude-sonnet-4-5',
      system: [{ text: 'Be terse. '.repeat(600) }],
      messages: [
        { role: 'user', content: [{ text: 'Hi' }, { cachePoint: { type: 'default' } }] },
        { role: 'assistant', content: [{ text: 'Hello' }] },
        { role: 'user', content: [{ text: 'Again' }] },
      ],
    };
    for (const call of [callUnfrozen, callFrozen]) {
      const placed = call(structuredClone(bedrock), (body) => {
        expect(bedrockCachePoints(body)).toHaveLength(1);
        preflight(body, { wire: 'bedrock', model: body.modelId });
        return applyPromptCache('bedrock', body, { setting: 'auto', model: body.modelId });
      });
      expect(JSON.stringify(placed).split('cachePoint').length - 1).toBeGreaterThan(1);
    }
  });
});

describe('pure over generated bodies', () => {
  // What generated bodies provoke varies; each warning is asserted in the tests of its rule.
  const ignore = () => {};
  const passes = (wire: 'anthropic' | 'openai' | 'bedrock', body: Record<string, unknown>) => {
    const model = String(body.model ?? body.modelId);
    preflight(body, { wire, model });
    applyPromptCache(wire, body, { setting: 'auto', model, loopId: 'loop-1', onWarning: ignore });
    applyPromptCache(wire, body, {
      setting: { ttl: '1h', key: 'k' },
      model,
      loopId: 'loop-1',
      onWarning: ignore,
    });
    withProvenImages(body, wire, ignore);
    overLimitImages(body, wire);
    // Every image replaced, by a placeholder or by resized bytes in turn (as the engine would
    // for the images over the limits; the 1x1 images generated here break none).
    replaceImages(
      body,
      wire,
      BODY_IMAGES[wire](body).map((image, index) => ({
        keys: image.keys,
        replacement:
          index % 2 === 0
            ? { placeholder: '[image]' }
            : { data: PIXEL_PNG, mediaType: 'image/png' },
      })),
    );
    if (wire === 'anthropic') misorderedTtls(anthropicMarkers(body));
    if (wire === 'bedrock') bedrockCachePoints(body);
  };

  it.each([
    ['anthropic', anthropicBody],
    ['openai', openaiBody],
    ['bedrock', bedrockBody],
  ] as const)('%s: every body pass leaves any body as it was, frozen or not', (wire, bodies) => {
    fc.assert(
      fc.property(bodies, fc.boolean(), (body, frozen) => {
        // A copy: fast-check shares generated objects between runs and shrinks.
        const input = structuredClone(body) as Record<string, unknown>;
        (frozen ? callFrozen : callUnfrozen)(input, (given) => passes(wire, given));
      }),
      { numRuns: 60 },
    );
  });
});
