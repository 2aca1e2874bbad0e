import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Image } from '@crosswire/content-image';
import { type CrosswireWarning, createToolCall } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { describe, expect, it } from 'vitest';
import { buildRequest, neutralMessages, parseResponse, readStructured } from '../dialect.js';
import { preflight } from '../preflight/preflight.js';
import { applyPromptCache, bedrockCachePoints } from '../prompt-cache.js';
import { createStreamDecoder } from '../stream-decoder.js';
import { bedrockToolUseId } from './bedrock.js';
import { stream } from './bedrock-stream.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const MODEL = 'us.anthropic.claude-sonnet-4-6';
const weather = {
  name: 'get_weather',
  description: 'Weather for a city',
  inputSchema: { type: 'object' as const, properties: { city: { type: 'string' } } },
};

function collect() {
  const warnings: CrosswireWarning[] = [];
  return { warnings, onWarning: (warning: CrosswireWarning) => warnings.push(warning) };
}

const call = (id: string, name = 'get_weather') =>
  createToolCall({ id, name, arguments: { city: 'Oslo' } });
const result = (id: string, content: unknown[] = [{ type: 'text', text: 'sunny' }]) =>
  new ToolResult({ name: 'get_weather', id, content: content as never });

describe('Converse requests', () => {
  it('sends system, messages, inferenceConfig and toolConfig as Converse names them', () => {
    const body = buildRequest('bedrock', {
      model: MODEL,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: ['Look:', Image.fromBase64(PNG, { mediaType: 'image/png' })] },
      ],
      tools: [weather],
      toolChoice: 'required',
      maxTokens: 300,
      temperature: 0.1,
    });
    expect(body).toEqual({
      system: [{ text: 'Be brief.' }],
      messages: [
        {
          role: 'user',
          content: [{ text: 'Look:' }, { image: { format: 'png', source: { bytes: PNG } } }],
        },
      ],
      inferenceConfig: { maxTokens: 300, temperature: 0.1 },
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: 'get_weather',
              description: 'Weather for a city',
              inputSchema: {
                json: { type: 'object', properties: { city: { type: 'string' } } },
              },
            },
          },
        ],
        toolChoice: { any: {} },
      },
    });
  });

  it('names the tool choice as the union Converse has: auto, any, tool', () => {
    const choice = (toolChoice: 'auto' | 'required' | { name: string }) =>
      (
        buildRequest('bedrock', {
          model: MODEL,
          messages: [{ role: 'user', content: 'Hi' }],
          tools: [weather],
          toolChoice,
        }).toolConfig as { toolChoice: unknown }
      ).toolChoice;
    expect([choice('auto'), choice('required'), choice({ name: 'get_weather' })]).toEqual([
      { auto: {} },
      { any: {} },
      { tool: { name: 'get_weather' } },
    ]);
  });

  it("'none' sends no tools, unless the conversation holds tool blocks: then named stubs, and a warning", () => {
    const fresh = buildRequest('bedrock', {
      model: MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [weather],
      toolChoice: 'none',
    });
    expect(fresh.toolConfig).toBeUndefined();
    const { warnings, onWarning } = collect();
    const later = buildRequest(
      'bedrock',
      {
        model: MODEL,
        messages: [
          { role: 'user', content: 'Weather?' },
          { role: 'assistant', content: '', toolCalls: [call('tooluse_1')] },
          { role: 'tool', results: [result('tooluse_1')] },
        ],
        tools: [weather],
        toolChoice: 'none',
      },
      { onWarning },
    );
    expect(later.toolConfig).toEqual({
      tools: [
        {
          toolSpec: {
            name: 'get_weather',
            description: 'Not available in this turn: answer without calling a tool.',
            inputSchema: { json: { type: 'object', properties: {} } },
          },
        },
      ],
    });
    expect(warnings.map((warning) => warning.code)).toEqual(['tool_choice_unsupported']);
  });

  it('a conversation with tool blocks and no tools still has a toolConfig (the API requires one)', () => {
    const body = buildRequest('bedrock', {
      model: MODEL,
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: '', toolCalls: [call('tooluse_1')] },
        { role: 'tool', results: [result('tooluse_1')] },
      ],
    });
    expect(preflight(body, { wire: 'bedrock' }).violations).toEqual([]);
    expect((body.toolConfig as { tools: unknown[] }).tools).toHaveLength(1);
  });

  it('joins consecutive turns of one role (roles must alternate) and text after results', () => {
    const body = buildRequest('bedrock', {
      model: MODEL,
      messages: [
        { role: 'user', content: 'One' },
        { role: 'user', content: 'Two' },
        { role: 'assistant', content: '', toolCalls: [call('tooluse_1')] },
        { role: 'tool', results: [result('tooluse_1')] },
        { role: 'user', content: 'And?' },
      ],
      tools: [weather],
    });
    expect(
      (body.messages as { role: string; content: unknown[] }[]).map((m) => [
        m.role,
        m.content.length,
      ]),
    ).toEqual([
      ['user', 2],
      ['assistant', 1],
      ['user', 2],
    ]);
  });

  it('maps an id Converse refuses to cw_ and 40 hex digits of its SHA-256 (node:crypto as oracle), keeps the others', () => {
    const digest = createHash('sha256').update('call 1/weather').digest('hex').slice(0, 40);
    expect(bedrockToolUseId('call 1/weather')).toBe(`cw_${digest}`);
    expect(bedrockToolUseId('functions.get_weather:0')).toBe('functions.get_weather:0');
    expect(bedrockToolUseId('tooluse_kZJMlvQmRJ6eAyJE5GIl7Q')).toBe(
      'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
    );
    expect(bedrockToolUseId('x'.repeat(65))).toMatch(/^cw_[0-9a-f]{40}$/);
    expect(bedrockToolUseId('cw_abc')).toMatch(/^cw_[0-9a-f]{40}$/);
    const body = buildRequest('bedrock', {
      model: MODEL,
      messages: [
        { role: 'user', content: 'Go' },
        { role: 'assistant', content: '', toolCalls: [call('call 1/weather')] },
        { role: 'tool', results: [result('call 1/weather')] },
      ],
      tools: [weather],
    });
    expect(JSON.stringify(body)).not.toContain('call 1/weather');
    expect(preflight(body, { wire: 'bedrock' }).violations).toEqual([]);
  });

  it('makes document names unique across the request', () => {
    const pdf = {
      type: 'resource',
      resource: { uri: 'file:///a/report.pdf', mimeType: 'application/pdf', blob: 'JVBERi0xLjQK' },
    };
    const body = buildRequest(
      'bedrock',
      {
        model: MODEL,
        messages: [
          { role: 'user', content: 'Go' },
          { role: 'assistant', content: '', toolCalls: [call('t1'), call('t2')] },
          { role: 'tool', results: [result('t1', [pdf]), result('t2', [pdf])] },
        ],
        tools: [weather],
      },
      { nativePdf: true },
    );
    const names = (
      body.messages as {
        content: { toolResult?: { content: { document?: { name: string } }[] } }[];
      }[]
    )[2]?.content.map((block) => block.toolResult?.content[0]?.document?.name);
    expect(names).toEqual(['report', 'report 2']);
  });

  it('puts a tool image after the results, in the same turn, for a model that sees images but takes none in a toolResult', () => {
    const image = { type: 'image', data: PNG, mimeType: 'image/png' };
    const body = buildRequest(
      'bedrock',
      {
        model: 'us.meta.llama4-scout-17b-instruct-v1:0',
        messages: [
          { role: 'user', content: 'Shot?' },
          { role: 'assistant', content: '', toolCalls: [call('t1', 'screenshot')] },
          {
            role: 'tool',
            results: [new ToolResult({ name: 'screenshot', id: 't1', content: [image as never] })],
          },
        ],
        tools: [weather],
      },
      { imageInput: false, imageFallbackInput: true, imageFallback: 'user-message' },
    );
    expect((body.messages as { content: unknown[] }[])[2]?.content).toEqual([
      { toolResult: { toolUseId: 't1', content: [{ text: '[image] image/png (70 bytes)' }] } },
      {
        text: 'The tool results above returned 1 image(s), attached here in order: screenshot (t1).',
      },
      { image: { format: 'png', source: { bytes: PNG } } },
    ]);
  });

  it('asks for a structured reply with outputConfig.textFormat (native) or a forced tool', () => {
    const output = {
      name: 'weather_report',
      schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      strict: false,
    };
    const request = {
      model: MODEL,
      messages: [{ role: 'user' as const, content: 'Paris?' }],
      output,
    };
    expect(buildRequest('bedrock', request, { structuredOutput: 'native' }).outputConfig).toEqual({
      textFormat: {
        type: 'json_schema',
        structure: {
          jsonSchema: {
            schema:
              '{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}',
            name: 'weather_report',
          },
        },
      },
    });
    expect(buildRequest('bedrock', request, { structuredOutput: 'tool' }).toolConfig).toEqual({
      tools: [
        {
          toolSpec: {
            name: 'weather_report',
            description: 'Give the answer: call this tool with it as the input, exactly once.',
            inputSchema: { json: output.schema },
          },
        },
      ],
      toolChoice: { tool: { name: 'weather_report' } },
    });
  });

  it('the forced tool goes under the toolName the engine gives when a tool of the request has the output name, and the reply is read from it', () => {
    const output = {
      name: 'weather_report',
      toolName: 'weather_report_output',
      schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      strict: false,
    };
    const request = {
      model: MODEL,
      messages: [{ role: 'user' as const, content: 'Paris?' }],
      tools: [{ name: 'weather_report', inputSchema: { type: 'object' } }],
      output,
    };
    const toolConfig = buildRequest('bedrock', request, { structuredOutput: 'tool' })
      .toolConfig as {
      tools: { toolSpec: { name: string } }[];
      toolChoice: unknown;
    };
    expect(toolConfig.tools.map((tool) => tool.toolSpec.name)).toEqual([
      'weather_report',
      'weather_report_output',
    ]);
    expect(toolConfig.toolChoice).toEqual({ any: {} });
    const reply = parseResponse('bedrock', {
      output: {
        message: {
          role: 'assistant',
          content: [
            {
              toolUse: { toolUseId: 'tooluse_1', name: 'weather_report', input: { city: 'Lyon' } },
            },
            {
              toolUse: {
                toolUseId: 'tooluse_2',
                name: 'weather_report_output',
                input: { city: 'Paris' },
              },
            },
          ],
        },
      },
      stopReason: 'tool_use',
      usage: { inputTokens: 1, outputTokens: 1 },
    });
    expect(readStructured('bedrock', reply, output, { structuredOutput: 'tool' })).toEqual({
      text: '{"city":"Paris"}',
      toolCallId: 'tooluse_2',
    });
  });
});

describe('Converse replies', () => {
  it('counts cache reads and writes beside inputTokens (the recorded cache write: 2 + 1322)', () => {
    const body = JSON.parse(
      readFileSync(
        new URL(
          '../../fixtures/replies/pydantic-ai/bedrock-claude-cache-write.json',
          import.meta.url,
        ),
        'utf8',
      ),
    );
    expect(parseResponse('bedrock', body).usage).toEqual({
      inputTokens: 1324,
      outputTokens: 5,
      totalTokens: 1329,
      cacheReadTokens: 0,
      cacheWriteTokens: 1322,
    });
  });

  it('splits the cache writes by lifetime from cacheDetails (API_runtime_TokenUsage)', () => {
    const reply = parseResponse('bedrock', {
      output: { message: { role: 'assistant', content: [{ text: 'ok' }] } },
      stopReason: 'end_turn',
      usage: {
        inputTokens: 10,
        outputTokens: 4,
        totalTokens: 1514,
        cacheReadInputTokens: 0,
        cacheWriteInputTokens: 1500,
        // Sorted 1h before 5m, as the reference says.
        cacheDetails: [
          { ttl: '1h', inputTokens: 1200 },
          { ttl: '5m', inputTokens: 300 },
        ],
      },
    });
    expect(reply.usage).toEqual({
      inputTokens: 1510,
      outputTokens: 4,
      totalTokens: 1514,
      cacheReadTokens: 0,
      cacheWriteTokens: 1500,
      cacheWrite5mTokens: 300,
      cacheWrite1hTokens: 1200,
    });
  });

  it('leaves out a count that is no token count, with one usage_invalid warning', () => {
    const warnings: CrosswireWarning[] = [];
    const reply = parseResponse(
      'bedrock',
      {
        output: { message: { role: 'assistant', content: [{ text: 'ok' }] } },
        usage: { inputTokens: 10, outputTokens: -3, cacheReadInputTokens: 99 },
      },
      { onWarning: (warning) => warnings.push(warning) },
    );
    // A negative output is no count; the reads are added to the input (Converse counts them
    // beside it), so they stay.
    expect(reply.usage).toEqual({ inputTokens: 109, cacheReadTokens: 99 });
    expect(warnings.map((warning) => warning.code)).toEqual(['usage_invalid']);
    expect(warnings[0]?.message).toContain('usage.outputTokens is -3');
  });

  it('reads a guardrail stop as a refusal and an AWS error body as a typed error', () => {
    const refused = parseResponse('bedrock', {
      output: { message: { role: 'assistant', content: [{ text: 'Blocked by policy.' }] } },
      stopReason: 'guardrail_intervened',
    });
    expect([refused.refusal, refused.content]).toEqual([
      'Blocked by policy.',
      'Blocked by policy.',
    ]);
    expect(() =>
      parseResponse('bedrock', { message: 'The provided model identifier is invalid.' }),
    ).toThrow('bedrock provider error: The provided model identifier is invalid.');
    expect(() =>
      parseResponse('bedrock', { __type: 'com.amazon#ValidationException', message: 'bad' }),
    ).toThrow(expect.objectContaining({ providerCode: 'ValidationException' }));
  });

  it('reads its own provider messages back into neutral ones (results, errors, json, documents)', () => {
    const messages = neutralMessages([
      { role: 'user', content: 'Go' },
      {
        role: 'wire',
        wire: 'bedrock',
        message: {
          role: 'assistant',
          content: [{ toolUse: { toolUseId: 't1', name: 'get_weather', input: {} } }],
        },
      },
      {
        role: 'wire',
        wire: 'bedrock',
        message: {
          role: 'user',
          content: [
            {
              toolResult: {
                toolUseId: 't1',
                status: 'error',
                content: [
                  { text: 'failed' },
                  { json: { code: 7 } },
                  { document: { format: 'pdf', name: 'log', source: { bytes: 'JVBERi0xLjQK' } } },
                ],
              },
            },
          ],
        },
      },
    ]);
    const tool = messages[2];
    if (tool?.role !== 'tool') throw new Error('expected the results');
    expect(tool.results[0]?.isError).toBe(true);
    expect(tool.results[0]?.content).toEqual([
      { type: 'text', text: 'failed' },
      { type: 'json', value: { code: 7 } },
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQK' },
        title: 'log',
      },
    ]);
  });
});

describe('ConverseStream', () => {
  const recorded = (name: string) =>
    new Uint8Array(
      readFileSync(
        new URL(`../../fixtures/streams/pydantic-ai/${name}.eventstream`, import.meta.url),
      ),
    );

  it('asks at converse-stream with the body unchanged', () => {
    expect(stream.path('/model/x/converse')).toBe('/model/x/converse-stream');
    expect(stream.request({ messages: [] })).toEqual({ messages: [] });
  });

  it('reads a recorded Nova tool call stream (pydantic-ai) to the reply it streamed', () => {
    const decoder = createStreamDecoder('bedrock');
    const events = [...decoder.push(recorded('bedrock-nova-tool-call')), ...decoder.end()];
    const finish = events.at(-1);
    if (finish?.type !== 'finish') throw new Error(`expected finish, got ${finish?.type}`);
    expect(finish.finishReason).toBe('tool_use');
    expect(finish.response.usage).toEqual({ inputTokens: 471, outputTokens: 91, totalTokens: 562 });
    expect(
      finish.response.toolCalls.map((entry) => [entry.id, entry.name, entry.arguments]),
    ).toEqual([['tooluse_lAG_zP8QRHmSYOwZzzaCqA', 'get_temperature', { city: 'Paris' }]]);
    expect(events.filter((event) => event.type === 'tool-call-start')).toEqual([
      {
        type: 'tool-call-start',
        index: 0,
        id: 'tooluse_lAG_zP8QRHmSYOwZzzaCqA',
        name: 'get_temperature',
      },
    ]);
  });

  it('reads a recorded Claude thinking stream: reasoning apart from the text', () => {
    const decoder = createStreamDecoder('bedrock');
    const events = [...decoder.push(recorded('bedrock-claude-thinking')), ...decoder.end()];
    const finish = events.at(-1);
    if (finish?.type !== 'finish') throw new Error('expected finish');
    expect(finish.response.content).toBe("Hello! It's nice to meet you. How can I help you today?");
    expect(finish.response.reasoning).toHaveLength(193);
    expect(finish.response.reasoning?.startsWith('The user has greeted me with a simple "H')).toBe(
      true,
    );
  });

  it('an exception frame mid-stream ends it with that error', () => {
    const decoder = createStreamDecoder('bedrock');
    const bytes = recorded('bedrock-nova-text');
    const cut = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
    // The exception frame as AWS's own codec writes it.
    const exception = new EventStreamCodec(
      (value) => new TextDecoder().decode(value),
      (value) => new TextEncoder().encode(value),
    ).encode({
      headers: {
        ':message-type': { type: 'string', value: 'exception' },
        ':exception-type': { type: 'string', value: 'throttlingException' },
        ':content-type': { type: 'string', value: 'application/json' },
      },
      body: new TextEncoder().encode('{"message":"Too many tokens"}'),
    });
    const events = [...decoder.push(bytes.slice(0, cut)), ...decoder.push(exception)];
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'provider_error', providerCode: 'throttlingException' },
    });
  });

  it('a reply that is not a stream (a JSON error body) is read whole', () => {
    const decoder = createStreamDecoder('bedrock');
    const events = [
      ...decoder.push(new TextEncoder().encode('{"message":"Too many requests"}')),
      ...decoder.end(),
    ];
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { providerMessage: 'Too many requests' },
    });
  });
});

describe('Converse rules in the preflight catalogue', () => {
  it('names each broken rule with its exact path (written down)', () => {
    const body = {
      messages: [
        { role: 'user', content: [{ text: 'Go' }] },
        {
          role: 'assistant',
          content: [{ toolUse: { toolUseId: 'a b', name: 'get_weather', input: {} } }],
        },
        {
          role: 'user',
          content: [
            {
              toolResult: {
                toolUseId: 'a b',
                content: [
                  {
                    document: { format: 'pdf', name: 'report_2026.pdf', source: { bytes: 'JVBE' } },
                  },
                  { image: { format: 'png', source: { bytes: PNG } } },
                ],
              },
            },
          ],
        },
      ],
      toolConfig: { tools: [{ toolSpec: { name: 'calendar.read', inputSchema: { json: {} } } }] },
    };
    const { violations } = preflight(body, {
      wire: 'bedrock',
      capabilities: { tool_result_images: false },
    });
    expect(violations.map((broken) => [broken.rule, broken.path])).toEqual([
      ['bedrock-tool-name', 'toolConfig.tools[0].toolSpec.name'],
      ['bedrock-tool-use-id', 'messages[1].content[0].toolUse.toolUseId'],
      ['bedrock-tool-use-id', 'messages[2].content[0].toolResult.toolUseId'],
      ['bedrock-document-name', 'messages[2].content[0].toolResult.content[0].document.name'],
      ['bedrock-tool-result-image', 'messages[2].content[0].toolResult.content[1].image'],
    ]);
    // Without the model's facts the model-dependent rule is not checked.
    expect(
      preflight(body, { wire: 'bedrock' }).violations.map((broken) => broken.rule),
    ).not.toContain('bedrock-tool-result-image');
  });

  it('places cache points where the model caches, at most four (Claude: tools too; Nova: not tools; Llama: none)', () => {
    const big = 'x'.repeat(9000);
    const body = {
      system: [{ text: big }],
      messages: [
        { role: 'user', content: [{ text: big }] },
        { role: 'assistant', content: [{ text: 'ok' }] },
        { role: 'user', content: [{ text: 'more' }] },
      ],
      toolConfig: {
        tools: [{ toolSpec: { name: 't', inputSchema: { json: { description: big } } } }],
      },
    };
    const point = { cachePoint: { type: 'default' } };
    const claude = applyPromptCache('bedrock', body, { setting: 'auto', model: MODEL });
    expect((claude.toolConfig as { tools: unknown[] }).tools.at(-1)).toEqual(point);
    expect((claude.system as unknown[]).at(-1)).toEqual(point);
    expect((claude.messages as { content: unknown[] }[]).map((m) => m.content.at(-1))).toEqual([
      point,
      { text: 'ok' },
      point,
    ]);
    const nova = applyPromptCache('bedrock', body, {
      setting: 'auto',
      model: 'us.amazon.nova-pro-v1:0',
    });
    expect((nova.toolConfig as { tools: unknown[] }).tools).toHaveLength(1);
    expect((nova.system as unknown[]).at(-1)).toEqual(point);
    expect(
      applyPromptCache('bedrock', body, {
        setting: 'auto',
        model: 'meta.llama3-3-70b-instruct-v1:0',
      }),
    ).toBe(body);
    expect(preflight(claude, { wire: 'bedrock' }).violations).toEqual([]);
  });

  it("places no cache point on a prefix shorter than the model's minimum (2048 tokens on Sonnet 4.6)", () => {
    const point = { cachePoint: { type: 'default' } };
    const messages = [
      { role: 'user', content: [{ text: 'Weather?' }] },
      { role: 'assistant', content: [{ text: 'Sunny.' }] },
      { role: 'user', content: [{ text: 'Tomorrow?' }] },
    ];
    // The tools weigh about 1,000 tokens: under the minimum, so no point after them; with the
    // system prompt's ~1,250 the prefix is over it, so the system prompt and both turn ends get one.
    const tools = [
      { toolSpec: { name: 't', inputSchema: { json: { description: 'd'.repeat(4000) } } } },
    ];
    const placed = applyPromptCache(
      'bedrock',
      { system: [{ text: 's'.repeat(5000) }], messages, toolConfig: { tools } },
      { setting: 'auto', model: MODEL },
    );
    expect((placed.toolConfig as { tools: unknown[] }).tools).toEqual(tools);
    expect(placed.system).toEqual([{ text: 's'.repeat(5000) }, point]);
    expect(placed.messages).toEqual([
      { role: 'user', content: [{ text: 'Weather?' }, point] },
      messages[1],
      { role: 'user', content: [{ text: 'Tomorrow?' }, point] },
    ]);
    // A whole request under the minimum gets none, its messages as they were.
    const short = applyPromptCache(
      'bedrock',
      {
        system: [{ text: 'Be brief.' }],
        messages,
        toolConfig: { tools: [{ toolSpec: { name: 't', inputSchema: { json: {} } } }] },
      },
      { setting: 'auto', model: 'us.anthropic.claude-sonnet-4-5' },
    );
    expect(JSON.stringify(short)).not.toContain('cachePoint');
    expect(short.messages).toEqual(messages);
  });

  it('bedrockCachePoints names every cache point where it sits: tools, system, messages', () => {
    const point = { cachePoint: { type: 'default' } };
    const body = {
      toolConfig: { tools: [{ toolSpec: { name: 't', inputSchema: { json: {} } } }, point] },
      system: [{ text: 'Be brief.' }, point, { text: 'More.' }, point],
      messages: [
        { role: 'user', content: [{ text: 'Weather?' }] },
        { role: 'assistant', content: [{ text: 'Sunny.' }, point] },
        'not a message',
        { role: 'user', content: [point, { text: 'Tomorrow?' }, point] },
      ],
    };
    expect(bedrockCachePoints(body)).toEqual([
      'toolConfig.tools[1]',
      'system[1]',
      'system[3]',
      'messages[1].content[1]',
      'messages[3].content[0]',
      'messages[3].content[2]',
    ]);
    expect(bedrockCachePoints({ messages: [{ role: 'user', content: 'text' }] })).toEqual([]);
  });
});
