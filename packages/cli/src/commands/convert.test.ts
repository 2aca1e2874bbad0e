import { mkdtemp, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ToolResult } from '@crosswire/tool-result';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PNG_BASE64 } from '../demo/fixtures.js';
import { MAX_INPUT_BYTES } from '../io.js';
import { main } from '../main.js';
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
    expect(run).toMatchObject({
      code: 0,
      stderr:
        "crosswire: note: convert: the image is a placeholder: the openai wire has no image in a tool result; an engine sends the image to a model that sees images in a user message after the results (pass --provider and --model for the registry's answer)\n",
    });
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
        "crosswire: convert: unknown wire 'cohere' (one of: openai, anthropic, gemini, ollama, responses, hermes, bedrock) (see crosswire convert --help)\n",
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

describe('crosswire convert --image-input', () => {
  const nativeImage = {
    type: 'image',
    source: { type: 'base64', media_type: 'image/png', data: DEMO_PNG_BASE64 },
  };

  it('without it, says on stderr why the image is a placeholder on a wire that could carry it', async () => {
    const run = await runCli(['convert', '--wire', 'anthropic', file]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).content[1]).toEqual({
      type: 'text',
      text: '[image] image/png (84 bytes)',
    });
    expect(run.stderr).toBe(
      "crosswire: note: convert: the image is a placeholder: without --provider and --model no model is known to see images (pass --image-input, or --provider and --model for the registry's answer)\n",
    );
  });

  it('sends the image natively, with nothing on stderr', async () => {
    const run = await runCli(['convert', '--wire', 'anthropic', '--image-input', file]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const block = JSON.parse(run.stdout);
    expect(block.content).toEqual([{ type: 'text', text: 'The chart:' }, nativeImage]);
    const verbose = JSON.parse(
      (await runCli(['convert', '--wire', 'anthropic', '--image-input', '--verbose', file])).stdout,
    );
    expect(verbose.options).toEqual({ imageInput: true });
    expect(verbose.gates.imageInput).toBe(
      'images a tool returned reach the model as images when true, as placeholders when false (from --image-input)',
    );
  });

  it('overrides the registry for --provider and --model, which otherwise says why', async () => {
    const argv = ['convert', '--provider', 'aki-anthropic', '--model', 'gemma-3-27b-it', file];
    const registry = await runCli(argv);
    expect(registry.stderr).toBe(
      'crosswire: note: convert: the image is a placeholder: gemma-3-27b-it on aki-anthropic never sees it (delivery placeholder: the anthropic wire has no user-message form for an image; crosswire caps aki-anthropic gemma-3-27b-it --explain says why; --image-input overrides)\n',
    );
    const forced = await runCli([...argv, '--image-input']);
    expect(forced).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(forced.stdout).content[1]).toEqual(nativeImage);
  });

  it('decides nothing on a wire without images in tool results, and the note says so', async () => {
    const run = await runCli(['convert', '--wire', 'ollama', '--image-input', file]);
    expect(JSON.parse(run.stdout).content).toBe('The chart:\n[image] image/png (84 bytes)');
    expect(run.stderr).toBe(
      "crosswire: note: convert: the image is a placeholder: the ollama wire has no image in a tool result; an engine sends the image to a model that sees images in a user message after the results (pass --provider and --model for the registry's answer)\n",
    );
  });

  it('notes nothing for a result without images, and counts several', async () => {
    const textOnly = await runCli(['convert', '--wire', 'anthropic', '-'], {
      stdin: JSON.stringify([{ type: 'text', text: 'hi' }]),
    });
    expect(textOnly.stderr).toBe('');
    const image = callToolResult.content[1];
    const two = await runCli(['convert', '--wire', 'gemini', '-'], {
      stdin: JSON.stringify([image, image]),
    });
    expect(two.stderr).toBe(
      "crosswire: note: convert: the 2 images are placeholders: without --provider and --model no model is known to see images (pass --image-input, or --provider and --model for the registry's answer)\n",
    );
  });
});

describe('crosswire convert with a provider and model', () => {
  it('uses the options the registry sets: native image for a vision model on anthropic', async () => {
    const run = await runCli([
      'convert',
      '--provider',
      'anthropic',
      '--model',
      'claude-sonnet-5-5',
      '--verbose',
      file,
    ]);
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout);
    expect(output).toMatchObject({
      wire: 'anthropic',
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
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
          'gpt-6.1-sol',
          '--wire',
          'gemini',
          file,
        ])
      ).stderr,
    ).toBe(
      "crosswire: convert: provider 'openai' speaks the openai wire, not gemini; drop --wire, or pick a provider of that wire (crosswire providers --wire gemini lists them) (see crosswire convert --help)\n",
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
      'gpt-6.1-sol',
      '--verbose',
      file,
    ]);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      wire: 'responses',
      provider: 'openai-responses',
      model: 'gpt-6.1-sol',
      options: { imageInput: true, nativePdf: true, sourceBlocks: true },
      delivery: {
        image: {
          delivery: 'native',
          reasons: ['tool_result_images is true: the responses tool result carries an image'],
        },
        pdf: {
          delivery: 'native',
          reasons: ['tool_result_pdf is true: the responses tool result carries a PDF'],
        },
      },
      gates: {
        imageInput:
          'images a tool returned reach the model as images when true, as placeholders when false (from the registry: tool_result_images)',
        nativePdf:
          'PDFs a tool returned go as documents when true, as placeholders when false (from the registry: tool_result_pdf)',
        sourceBlocks: 'nothing on the responses wire (read on anthropic only)',
        responseTag: 'nothing on the responses wire (read on hermes only)',
      },
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

describe('crosswire convert refuses what is not a tool result', () => {
  it('names a misspelt key instead of rendering an empty result', async () => {
    const run = await runCli(['convert', '--wire', 'openai', '-'], {
      stdin: JSON.stringify({ contnet: [{ type: 'text', text: 'hi' }] }),
    });
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "crosswire: convert: standard input has the key 'contnet', which a CallToolResult does not have (its keys: content, structuredContent, isError, _meta, toolResult); did you mean 'content'?\n",
    });
    const rpc = await runCli(['convert', '--wire', 'openai', '-'], {
      stdin: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { contents: [] } }),
    });
    expect(rpc.stderr).toBe(
      "crosswire: convert: standard input's result has the key 'contents', which a CallToolResult does not have (its keys: content, structuredContent, isError, _meta, toolResult); did you mean 'content'?\n",
    );
  });

  it('refuses an object with nothing to render, a JSON-RPC request and a bare value', async () => {
    const stderr = async (stdin: string) =>
      (await runCli(['convert', '--wire', 'openai', '-'], { stdin })).stderr;
    expect(await stderr('{"isError":true}')).toBe(
      'crosswire: convert: standard input has no content (a CallToolResult has content, structuredContent or toolResult)\n',
    );
    expect(await stderr('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}')).toBe(
      'crosswire: convert: standard input is a JSON-RPC request (method tools/call), not the response to one\n',
    );
    expect(await stderr('{"jsonrpc":"2.0","id":1}')).toBe(
      'crosswire: convert: standard input is a JSON-RPC message with neither a result nor an error\n',
    );
    expect(await stderr('"hi"')).toBe(
      'crosswire: convert: standard input is a string, not a CallToolResult (an object with content, or a content array)\n',
    );
  });

  it('renders a JSON-RPC error response as the error result the tool loop sends for it', async () => {
    const stdin = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: 'Unknown tool: screenshot' },
    });
    const run = await runCli(['convert', '--wire', 'anthropic', '--name', 'screenshot', '-'], {
      stdin,
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_1',
      content: [
        {
          type: 'text',
          text: 'tool screenshot failed: MCP error -32602: Unknown tool: screenshot',
        },
      ],
      is_error: true,
    });
    const malformed = await runCli(['convert', '--wire', 'anthropic', '-'], {
      stdin: JSON.stringify({ jsonrpc: '2.0', id: 7, error: 'boom' }),
    });
    expect(malformed.stderr).toBe(
      'crosswire: convert: standard input is a JSON-RPC error response without a numeric code and a message\n',
    );
  });

  it('says binary input is binary, and never prints its bytes', async () => {
    const garbage = path.join(directory, 'garbage.bin');
    await writeFile(garbage, Buffer.from([0x1b, 0x5b, 0x32, 0x4a, 0x00, 0xff, 0xfe, 0x07, 0x0d]));
    const run = await runCli(['convert', '--wire', 'openai', garbage]);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `crosswire: convert: ${garbage} is binary data, not JSON text (expected a CallToolResult JSON)\n`,
    });
  });

  it('escapes control characters a JSON error quotes from the input', async () => {
    const run = await runCli(['convert', '--wire', 'openai', '-'], { stdin: '\u001b[2J\u0007' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^crosswire: convert: standard input is not valid JSON: .*\\x1b/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none is printed
    expect(run.stderr.slice(0, -1)).not.toMatch(/[\u0000-\u001f\u007f]/);
  });

  it('refuses a file over 128 MiB by its size, before reading it', async () => {
    const huge = path.join(directory, 'huge.json');
    // A sparse file: 600 MiB on paper, nothing on disk, and reading it would take seconds.
    await truncate(huge, 600 * 1024 * 1024).catch(async () => {
      await writeFile(huge, '');
      await truncate(huge, 600 * 1024 * 1024);
    });
    const run = await runCli(['convert', '--wire', 'openai', huge]);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `crosswire: convert: ${huge} is too large (600.0 MiB; at most 128.0 MiB)\n`,
    });
  });

  it('refuses standard input past 128 MiB', async () => {
    let stderr = '';
    const code = await main(['convert', '--wire', 'openai', '-'], {
      stdout: () => {},
      stderr: (text) => {
        stderr += text;
      },
      // What the real reader resolves to once more than maxBytes arrived.
      readStdin: async (maxBytes) => (maxBytes === MAX_INPUT_BYTES ? undefined : '[]'),
      env: {},
      isTTY: false,
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'crosswire: convert: standard input is too large (more than 128.0 MiB; at most 128.0 MiB)\n',
    );
  });
});

describe('crosswire convert says which provider speaks the wire asked for', () => {
  it('points --provider openai --wire responses at openai-responses', async () => {
    const run = await runCli(
      ['convert', '--provider', 'openai', '--model', 'gpt-6.1-sol', '--wire', 'responses', file],
      {},
    );
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: convert: provider 'openai' speaks the openai wire, not responses; the responses wire is the provider 'openai-responses' (--provider openai-responses) (see crosswire convert --help)\n",
    });
  });

  it('--verbose says an image setting decides nothing on a wire without tool-result images', async () => {
    const run = await runCli([
      'convert',
      '--provider',
      'openai',
      '--model',
      'gpt-6.1-sol',
      '--verbose',
      file,
    ]);
    const output = JSON.parse(run.stdout);
    expect(output.options).toEqual({ imageInput: true, nativePdf: false, sourceBlocks: true });
    // The note and the delivery give the registry's answer, the one caps prints.
    expect(run.stderr).toBe(
      'crosswire: note: convert: the image is a placeholder in this block; an engine sends it to gpt-6.1-sol on openai in a user message after the results (delivery user-message: crosswire caps openai gpt-6.1-sol --explain says why)\n',
    );
    expect(output.delivery).toEqual({
      image: {
        delivery: 'user-message',
        reasons: [
          'tool_result_images is false: the openai tool result holds a placeholder line',
          'imageFallback is user-message (the default) and image_input is true: sent in one user message after the results',
        ],
      },
      pdf: {
        delivery: 'placeholder',
        reasons: [
          'tool_result_pdf is false: the openai tool result holds a placeholder line',
          'the openai wire has no user-message form for a PDF',
        ],
      },
    });
    expect(output.gates).toEqual({
      imageInput:
        "nothing in this block: the openai wire has no image in a tool result, so a tool's image is a placeholder here; an engine sends it to a model that sees images in a user message after the results (from the registry: the model's image_input, which gates that message)",
      nativePdf:
        'nothing in this block: the openai wire has no PDF in a tool result, so a PDF is always a placeholder',
      sourceBlocks: 'nothing on the openai wire (read on anthropic only)',
      responseTag: 'nothing on the openai wire (read on hermes only)',
    });
  });
});
