import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';

const WEATHER = { city: 'Paris', temperatureC: 18 };

describe('crosswire demo --output', () => {
  it('one schema on all six wires: the mechanism per wire and the validated object', async () => {
    const run = await runCli(['demo', '--output', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      mode: string;
      outcomes: { wire: string; provider: string; mechanism: string; object: unknown }[];
    };
    expect(report.mode).toBe('output');
    // Each wire's own field (issue 30, item 2): Chat Completions response_format, Anthropic
    // output_config.format, Gemini responseJsonSchema, Ollama format, Responses text.format,
    // Hermes the schema in the prompt.
    expect(report.outcomes.map((o) => [o.wire, o.provider, o.mechanism, o.object])).toEqual([
      ['openai', 'openai', 'response_format', WEATHER],
      ['anthropic', 'anthropic', 'output_config.format', WEATHER],
      ['gemini', 'gemini', 'responseJsonSchema', WEATHER],
      ['ollama', 'ollama', 'format', WEATHER],
      ['responses', 'openai-responses', 'text.format', WEATHER],
      ['hermes', 'nousresearch', 'prompt', WEATHER],
      ['bedrock', 'bedrock', 'outputConfig.textFormat', WEATHER],
    ]);
  });

  it('prints a row per wire; --wire keeps one', async () => {
    const run = await runCli(['demo', '--output', '--wire', 'gemini']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(4)).toEqual([
      'wire    provider/model                mechanism           validated object',
      'gemini  gemini/gemini-2.5-flash-lite  responseJsonSchema  {"city":"Paris","temperatureC":18}',
      '',
    ]);
  });

  it('refuses --output with --provider or --stream, in one line', async () => {
    const expected = {
      code: 2,
      stdout: '',
      stderr:
        'crosswire: demo: --output runs against the simulator; it does not go with --provider or --stream (see crosswire demo --help)\n',
    };
    expect(await runCli(['demo', '--output', '--stream'])).toEqual(expected);
    expect(
      await runCli(['demo', '--output', '--provider', 'openai', '--model', 'gpt-6.1-sol'], {
        env: { OPENAI_API_KEY: 'k' },
      }),
    ).toEqual(expected);
  });

  it('is in the help text', async () => {
    const run = await runCli(['demo', '--help']);
    expect(run.stdout).toContain('crosswire demo --output [--wire W] [--json]');
    expect(run.stdout).toContain(
      '  --output            structured output: one schema on every wire',
    );
  });
});
