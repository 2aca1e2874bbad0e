import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './main.js';
import { runCli } from './test-support/run-cli.js';
import { CLI_VERSION } from './version.js';

describe('crosswire', () => {
  it('lists every command in --help', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    for (const command of COMMANDS) {
      expect(run.stdout).toMatch(
        new RegExp(`^  ${command.name} +${command.summary.replace(/[()]/g, '\\$&')}$`, 'm'),
      );
    }
    expect((await runCli(['help'])).stdout).toBe(run.stdout);
  });

  it('prints the usage and exits 2 without a command, with one error line', async () => {
    const run = await runCli([]);
    expect(run).toEqual({
      code: 2,
      stdout: (await runCli(['--help'])).stdout,
      stderr: 'crosswire: missing command (start with crosswire demo; see crosswire --help)\n',
    });
  });

  it('has --help on the registry group, listing its subcommands', async () => {
    const expected = [
      'Usage: crosswire registry <subcommand> [options]',
      '',
      'Subcommands:',
      '  registry validate  check registry data files (schema and cross-field rules)',
      '  registry probe     probe a model live for image, tool-result image and PDF input',
      "  registry sync      compare the data with a provider's own model list, and update it",
      '',
      'See crosswire registry <subcommand> --help.',
      '',
    ].join('\n');
    for (const argv of [
      ['registry', '--help'],
      ['registry', '-h'],
      ['registry', 'help'],
      ['help', 'registry'],
    ]) {
      expect({ argv, run: await runCli(argv) }).toEqual({
        argv,
        run: { code: 0, stdout: expected, stderr: '' },
      });
    }
  });

  it('has --help on each command, also as help COMMAND and -h', async () => {
    for (const command of COMMANDS) {
      const words = command.name.split(' ');
      const run = await runCli([...words, '--help']);
      expect(run).toEqual({ code: 0, stdout: command.help, stderr: '' });
      expect(command.help.startsWith(`Usage: crosswire ${command.name}`)).toBe(true);
      expect((await runCli(['help', ...words])).stdout).toBe(command.help);
      expect((await runCli([...words, '-h'])).stdout).toBe(command.help);
    }
  });

  it('prints its version', async () => {
    expect(await runCli(['--version'])).toEqual({
      code: 0,
      stdout: `${CLI_VERSION}\n`,
      stderr: '',
    });
    expect(CLI_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    // The manifest's version, not the fallback for a manifest not found.
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(CLI_VERSION).toBe(manifest.version);
  });

  it('answers unknown commands, subcommands and options with one line and status 2', async () => {
    expect(await runCli(['frobnicate'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: unknown command 'frobnicate' (one of: demo, convert, caps, models, providers, fetch-image, registry validate, registry probe, registry sync; see crosswire --help)\n",
    });
    expect((await runCli(['registry'])).stderr).toBe(
      "crosswire: missing subcommand for 'registry' (one of: registry validate, registry probe, registry sync)\n",
    );
    expect((await runCli(['registry', 'check'])).stderr).toBe(
      "crosswire: unknown subcommand 'registry check' (one of: registry validate, registry probe, registry sync)\n",
    );
    expect(await runCli(['caps', 'openai', 'gpt-6.1-sol', '--frobnicate'])).toEqual({
      code: 2,
      stdout: '',
      stderr: "crosswire: caps: unknown option '--frobnicate' (see crosswire caps --help)\n",
    });
    expect((await runCli(['convert', '--wire'])).stderr).toBe(
      "crosswire: convert: option '--wire <value>' argument missing (see crosswire convert --help)\n",
    );
    expect((await runCli(['help', 'nope'])).code).toBe(2);
  });

  it('colours only on a terminal without NO_COLOR', async () => {
    const argv = ['caps', 'anthropic', 'claude-sonnet-5-5'];
    expect((await runCli(argv, { isTTY: true })).stdout).toContain('\u001b[');
    expect((await runCli(argv, { isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain(
      '\u001b[',
    );
    expect((await runCli(argv, { isTTY: false })).stdout).not.toContain('\u001b[');
  });

  it('names the command a mistyped one was meant to be', async () => {
    expect(await runCli(['covnert', '--wire', 'openai', '-'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: unknown command 'covnert'; did you mean 'convert'? (one of: demo, convert, caps, models, providers, fetch-image, registry validate, registry probe, registry sync; see crosswire --help)\n",
    });
  });

  it('names the provider a mistyped one was meant to be, in every command that takes one', async () => {
    const known =
      'aki, aki-anthropic, anthropic, anthropic-bedrock, anthropic-vertex, azure-openai, azure-openai-responses, bedrock, cerebras, deepseek, gemini, gemini-vertex, groq, huggingface, llamacpp, lmstudio, lmstudio-anthropic, minimax, minimax-anthropic, mistral, moonshot, moonshot-anthropic, nousresearch, ollama, openai, openai-responses, openrouter, perplexity, sglang, vllm, xai';
    expect(await runCli(['caps', 'antropic', 'claude-sonnet-5-5'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `crosswire: caps: unknown provider "antropic"; did you mean "anthropic"? (known: ${known})\n`,
    });
    expect((await runCli(['models', '--provider', 'opnai'])).stderr).toBe(
      `crosswire: models: unknown provider "opnai"; did you mean "openai"? (known: ${known})\n`,
    );
    expect(
      (await runCli(['convert', '--provider', 'gemnii', '--model', 'gemini-2.5-flash-lite', '-']))
        .stderr,
    ).toBe(
      `crosswire: convert: unknown provider "gemnii"; did you mean "gemini"? (known: ${known})\n`,
    );
    expect((await runCli(['caps', 'cohere', 'command-r'])).stderr).toBe(
      `crosswire: caps: unknown provider "cohere" (known: ${known})\n`,
    );
  });
});
