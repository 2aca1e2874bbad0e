import { CAPABILITY_NAMES, defaultRegistry } from '@crosswire/registry';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';

describe('crosswire caps', () => {
  it('takes the provider and the model as arguments or as --provider and --model', async () => {
    const positional = await runCli(['caps', 'anthropic', 'claude-sonnet-4-5', '--json']);
    expect(positional.code).toBe(0);
    expect(JSON.parse(positional.stdout)).toMatchObject({
      requested: 'claude-sonnet-4-5',
      provider: { id: 'anthropic' },
    });
    for (const argv of [
      ['caps', '--provider', 'anthropic', '--model', 'claude-sonnet-4-5', '--json'],
      ['caps', '--model', 'claude-sonnet-4-5', '--provider', 'anthropic', '--json'],
      ['caps', '--provider', 'anthropic', 'claude-sonnet-4-5', '--json'],
      ['caps', 'anthropic', '--model', 'claude-sonnet-4-5', '--json'],
    ]) {
      expect({ argv, run: await runCli(argv) }).toEqual({ argv, run: positional });
    }
  });

  it('names what is missing or extra in either form', async () => {
    expect(await runCli(['caps', '--provider', 'anthropic'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'crosswire: caps: missing MODEL (see crosswire caps --help)\n',
    });
    expect((await runCli(['caps', '--model', 'claude-sonnet-4-5'])).stderr).toBe(
      'crosswire: caps: missing PROVIDER (see crosswire caps --help)\n',
    );
    expect(
      (await runCli(['caps', '--provider', 'anthropic', '--model', 'claude-sonnet-4-5', 'extra']))
        .stderr,
    ).toBe('crosswire: caps: unexpected argument extra (see crosswire caps --help)\n');
  });

  it('prints the provider, the model match and one row per capability', async () => {
    const run = await runCli(['caps', 'anthropic', 'claude-sonnet-5-5']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('provider    anthropic (Anthropic)');
    expect(lines[1]).toBe('wire        anthropic');
    expect(lines[2]).toMatch(
      /^model {7}claude-sonnet-5-5 -> anthropic\/claude-sonnet-5-5 \(matched by /,
    );
    expect(lines).toContain(
      'pricing     input 2, output 10, cache read 0.1, cache write 2.5, 1-hour cache write 4 USD per million tokens (https://platform.claude.com/docs/zh-CN/models/sonnet-5-5/overview, 2026-12-06)',
    );
    const resolution = defaultRegistry.resolve({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
    });
    for (const name of CAPABILITY_NAMES) {
      const row = lines.find((line) => line.startsWith(`${name} `));
      expect(row?.split(/\s+/).slice(0, 2)).toEqual([
        name,
        String(resolution.capabilities[name].value),
      ]);
    }
  });

  it("prints how a tool's image and PDF reach the model, the answer the engine sends by", async () => {
    const lines = async (provider: string, model: string) =>
      (await runCli(['caps', provider, model])).stdout
        .split('\n')
        .filter((line) => line.startsWith('tool '));
    expect(await lines('openai', 'gpt-6.1-sol')).toEqual([
      'tool image  user-message: a placeholder line in the tool result, the image in a user message after the results',
      'tool PDF    placeholder: a placeholder line only: the model never sees it',
    ]);
    expect(await lines('ollama', 'qwen2.5vl:7b')).toEqual([
      'tool image  user-message: a placeholder line in the tool result, the image in a user message after the results',
      'tool PDF    placeholder: a placeholder line only: the model never sees it',
    ]);
    expect(await lines('nousresearch', 'Hermes-4-405B')).toEqual([
      'tool image  placeholder: a placeholder line only: the model never sees it',
      'tool PDF    placeholder: a placeholder line only: the model never sees it',
    ]);
    expect(await lines('anthropic', 'claude-sonnet-5-5')).toEqual([
      'tool image  native: inside the tool result, as the image',
      'tool PDF    native: inside the tool result, as the PDF',
    ]);
    const json = JSON.parse((await runCli(['caps', 'openai', 'gpt-6.1-sol', '--json'])).stdout);
    expect(json.delivery).toEqual({ image: 'user-message', pdf: 'placeholder' });
    const explained = (await runCli(['caps', 'openai', 'gpt-6.1-sol', '--explain'])).stdout;
    expect(explained).toContain(
      'tool image: user-message\n  - tool_result_images is false: the openai tool result holds a placeholder line\n  - imageFallback is user-message (the default) and image_input is true: sent in one user message after the results\n',
    );
  });

  it('explains each value, the shared resolution steps once', async () => {
    const run = await runCli(['caps', 'openai', 'gpt-4.1', '--explain']);
    expect(run.code).toBe(0);
    const explanation = run.stdout.slice(run.stdout.indexOf('\nresolution\n') + 1);
    const reasons = defaultRegistry.explain({ provider: 'openai', model: 'gpt-4.1' });
    expect(explanation).toContain('tool_result_images: false\n');
    for (const name of CAPABILITY_NAMES) {
      for (const reason of reasons[name]) expect(explanation).toContain(`  - ${reason}\n`);
    }
    // The placeholder rule is stated, not just the value.
    expect(explanation).toMatch(/carriesNative\("openai", "image"\) is false/);
  });

  it('shows an unknown model: model facts unknown, the quirks still decide tool results', async () => {
    const run = await runCli(['caps', 'aki-anthropic', 'no-such-model']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(unknown model: what depends on the model is unknown)');
    expect(run.stdout).toMatch(
      /quirks {6}no document blocks in tool results; tool-result images never reach the model/,
    );
    for (const name of ['tools', 'image_input', 'pdf_input', 'audio_input'])
      expect(run.stdout).toMatch(new RegExp(`^${name} +unknown`, 'm'));
    for (const name of ['tool_result_images', 'tool_result_pdf'])
      expect(run.stdout).toMatch(new RegExp(`^${name} +false`, 'm'));
    expect(run.stdout).toContain(
      'warning: model "no-such-model" is unknown to the registry: it is not in the registry\'s list for "aki-anthropic" as of 2026-12-06; the list may be older than the model, so this says nothing about whether "aki-anthropic" serves it; what depends on the model is unknown\n',
    );
  });

  it('a misspelt model name gets the hint the registry and createEngine give, word for word', async () => {
    const run = await runCli(['caps', 'anthropic', 'claude-sonet-5-5']);
    expect(run.code).toBe(0);
    const [notice] = defaultRegistry.resolve('anthropic', 'claude-sonet-5-5').notices;
    expect(notice?.code).toBe('model_unknown');
    expect(notice?.message).toContain('(did you mean "claude-sonnet-5-5"?)');
    expect(run.stdout).toContain(`warning: ${notice?.message}\n`);
  });

  it('says plainly when a model is retired, and when the provider list does not name it', async () => {
    const retired = await runCli(['caps', 'xai', 'grok-3']);
    expect(retired.code).toBe(0);
    expect(retired.stdout).toMatch(
      /^lifecycle +retired \(deprecated 2026-05-06, retired 2026-05-15, replacement grok-4\.3\)$/m,
    );
    expect(retired.stdout).toContain(
      'warning: model "grok-3" on provider "xai" was retired on 2026-05-15: requests fail or are served by another model; use "grok-4.3" instead (https://docs.x.ai/developers/migration/may-15-retirement)\n',
    );
    const elsewhere = await runCli(['caps', 'xai', 'claude-sonnet-4-5']);
    expect(elsewhere.stdout).toMatch(/^served +no: not in the registry's list for "xai"$/m);
    const json = JSON.parse((await runCli(['caps', 'xai', 'claude-sonnet-4-5', '--json'])).stdout);
    expect([json.listed, json.warnings]).toEqual([
      false,
      [
        'model "claude-sonnet-4-5" is not in the registry\'s list for "xai" as of 2026-12-06 (nor in its models.dev snapshot of 2026-07-02); the list may be older than the model, so this says nothing about whether "xai" serves it',
      ],
    ]);
  });

  it('prints the resolution as JSON', async () => {
    const run = await runCli(['caps', 'openai', 'gpt-4.1', '--json']);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      requested: 'gpt-4.1',
      provider: { id: 'openai', wire: 'openai' },
      model: 'openai/gpt-4.1',
      known: true,
      wire: 'openai',
      capabilities: { tool_result_images: { value: false }, image_input: { value: true } },
    });
    expect(report.capabilities.tools.reasons).toBeUndefined();
  });

  it('fails in one line on an unknown provider or a missing argument', async () => {
    const unknown = await runCli(['caps', 'nope', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /^crosswire: caps: unknown provider "nope" \(known: .*openai.*\)\n$/,
    );
    expect(await runCli(['caps', 'openai'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'crosswire: caps: missing MODEL (see crosswire caps --help)\n',
    });
  });
});

describe('crosswire caps with engine names and --json values', () => {
  it('takes the Langertha engine names as provider aliases and prints capabilityValues in --json', async () => {
    for (const [alias, id, model] of [
      ['AKIAnthropic', 'aki-anthropic', 'gemma-3-27b-it'],
      ['OpenAIResponses', 'openai-responses', 'gpt-4o'],
      ['openai_responses', 'openai-responses', 'gpt-4o'],
      ['google', 'gemini', 'gemini-3-pro'],
    ] as const) {
      const run = await runCli(['caps', alias, model, '--json']);
      expect(run.stderr).toBe('');
      const report = JSON.parse(run.stdout);
      expect({ alias, provider: report.provider.id, values: report.values }).toEqual({
        alias,
        provider: id,
        values: defaultRegistry.capabilityValues({ provider: id, model }),
      });
    }
  });
});
