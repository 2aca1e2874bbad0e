import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ToolResult } from '@crosswire/tool-result';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PNG_BASE64 } from '../demo/fixtures.js';
import { runCli } from '../test-support/run-cli.js';

const callToolResult = {
  content: [
    { type: 'text', text: 'The chart:' },
    { type: 'image', data: DEMO_PNG_BASE64, mimeType: 'image/png' },
  ],
};

let directory = '';
let file = '';

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'crosswire-convert-'));
  file = path.join(directory, 'result.json');
  await writeFile(file, JSON.stringify(callToolResult));
});

describe('crosswire convert', () => {
  it('prints the openai block: the string form with a placeholder, never the payload', async () => {
    const run = await runCli(['convert', '--wire', 'openai', file]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: 'The chart:\n[image] image/png (84 bytes)',
    });
    expect(run.stdout).not.toContain(DEMO_PNG_BASE64);
  });

  it('renders exactly what ToolResult.to renders, on every wire, reading standard input', async () => {
    for (const wire of [
      'openai',
      'anthropic',
      'gemini',
      'ollama',
      'responses',
      'hermes',
    ] as const) {
      const run = await runCli(
        ['convert', '--wire', wire, '--name', 'chart', '--id', 'call_9', '-'],
        {
          stdin: JSON.stringify(callToolResult),
        },
      );
      expect(run.code).toBe(0);
      const expected = ToolResult.fromCallToolResult(
        { name: 'chart', id: 'call_9' },
        callToolResult,
      ).to(wire);
      expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
    }
  });

  it('accepts a bare content array and a JSON-RPC response', async () => {
    const bare = await runCli(['convert', '--wire', 'ollama', '-'], {
      stdin: JSON.stringify([{ type: 'text', text: 'hi' }]),
    });
    expect(JSON.parse(bare.stdout)).toEqual({
      role: 'tool',
      content: 'hi',
      tool_name: 'tool',
      tool_call_id: 'call_1',
    });
    const rpc = await runCli(['convert', '--wire', 'ollama', '-'], {
      stdin: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        result: { content: [{ type: 'text', text: 'hi' }] },
      }),
    });
    expect(rpc.stdout).toBe(bare.stdout);
  });

  it('--verbose wraps the block with the wire and options', async () => {
    const run = await runCli(['convert', '--wire', 'anthropic', '--verbose', file]);
    const output = JSON.parse(run.stdout);
    expect(output).toMatchObject({ wire: 'anthropic', provider: null, model: null, options: {} });
    expect(output.block.type).toBe('tool_result');
  });

  it('fails with one line and status 2 on a wrong command line', async () => {
    expect(await runCli(['convert', file])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'crosswire: convert: missing --wire (or --provider and --model) (see crosswire convert --help)\n',
    });
    expect(await runCli(['convert', '--wire', 'cohere', file])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: convert: unknown wire 'cohere' (one of: openai, anthropic, gemini, ollama, responses, hermes) (see crosswire convert --help)\n",
    });
    expect(
      (await runCli(['convert', '--wire', 'openai', path.join(directory, 'missing.json')])).stderr,
    ).toBe(
      `crosswire: convert: cannot read ${path.join(directory, 'missing.json')}: no such file (see crosswire convert --help)\n`,
    );
    expect(
      (await runCli(['convert', '--wire', 'openai', '--provider', 'openai', file])).stderr,
    ).toBe(
      'crosswire: convert: --provider and --model go together (see crosswire convert --help)\n',
    );
  });

  it('fails with one line and status 1 on bad input', async () => {
    const notJson = await runCli(['convert', '--wire', 'openai', '-'], { stdin: '{oops' });
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/^crosswire: convert: standard input is not valid JSON: .+\n$/);
    const notObject = await runCli(['convert', '--wire', 'openai', '-'], { stdin: '42' });
    expect(notObject.code).toBe(1);
    expect(notObject.stderr.split('\n')).toHaveLength(2);
  });
});

describe('crosswire convert with a provider and model', () => {
  it('uses the options the registry sets: native image for a vision model on anthropic', async () => {
    const run = await runCli([
      'convert',
      '--provider',
      'anthropic',
      '--model',
      'claude-sonnet-4-5',
      '--verbose',
      file,
    ]);
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout);
    expect(output).toMatchObject({
      wire: 'anthropic',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      options: { imageInput: true, nativePdf: true, sourceBlocks: true },
    });
    expect(output.block.content[1]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: DEMO_PNG_BASE64 },
    });
  });

  it('keeps the placeholder where the quirk says images never reach the model (AKI.IO /anthropic)', async () => {
    const run = await runCli([
      'convert',
      '--provider',
      'aki-anthropic',
      '--model',
      'gemma-3-27b-it',
      '--verbose',
      file,
    ]);
    const output = JSON.parse(run.stdout);
    expect(output.options).toEqual({ imageInput: false, nativePdf: false, sourceBlocks: false });
    expect(output.block.content[1]).toEqual({ type: 'text', text: '[image] image/png (84 bytes)' });
  });

  it('refuses a --wire the provider does not speak', async () => {
    expect(
      (
        await runCli([
          'convert',
          '--provider',
          'openai',
          '--model',
          'gpt-4.1',
          '--wire',
          'gemini',
          file,
        ])
      ).stderr,
    ).toBe(
      "crosswire: convert: provider 'openai' speaks the openai wire, not gemini (drop --wire or pick a provider of that wire) (see crosswire convert --help)\n",
    );
  });
});

describe('crosswire convert with provider aliases', () => {
  it('resolves an engine name to the provider id and renders with its options', async () => {
    const run = await runCli([
      'convert',
      '--provider',
      'OpenAIResponses',
      '--model',
      'gpt-4o',
      '--verbose',
      file,
    ]);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      wire: 'responses',
      provider: 'openai-responses',
      model: 'gpt-4o',
      options: { imageInput: true, nativePdf: true, sourceBlocks: true },
      block: {
        type: 'function_call_output',
        call_id: 'call_1',
        output: [
          { type: 'input_text', text: 'The chart:' },
          { type: 'input_image', image_url: `data:image/png;base64,${DEMO_PNG_BASE64}` },
        ],
      },
    });
  });

  it('prints the hermes block, a bare string, as a JSON string', async () => {
    const run = await runCli(['convert', '--wire', 'hermes', '--name', 'chart', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `${JSON.stringify('<tool_response>\n{"name":"chart","content":"The chart:\\n[image] image/png (84 bytes)"}\n</tool_response>')}\n`,
    );
  });
});

describe('crosswire convert, input edge cases', () => {
  it('says standard input is empty, and reads JSON saved with a byte order mark', async () => {
    expect(await runCli(['convert', '--wire', 'openai', '-'], { stdin: ' \n' })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'crosswire: convert: standard input is empty (expected a CallToolResult JSON)\n',
    });
    const withBom = await runCli(['convert', '--wire', 'openai', '-'], {
      stdin: '\uFEFF{"content":[{"type":"text","text":"hi"}]}',
    });
    expect(withBom.stderr).toBe('');
    expect(JSON.parse(withBom.stdout)).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: 'hi',
    });
  });
});
