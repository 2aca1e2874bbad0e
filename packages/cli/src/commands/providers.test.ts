import { defaultRegistry } from '@crosswire/registry';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';

describe('crosswire providers', () => {
  it('lists every registry provider with its wire, name, key variable and aliases', async () => {
    const run = await runCli(['providers']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^provider +wire +name +key +aliases$/);
    expect(lines).toHaveLength(defaultRegistry.providers().length + 1);
    expect(lines.find((line) => line.startsWith('openai-responses '))?.split(/ {2,}/)).toEqual([
      'openai-responses',
      'responses',
      'OpenAI (Responses)',
      'OPENAI_API_KEY',
      'responses, openairesponses',
    ]);
    expect(lines.find((line) => line.startsWith('ollama '))?.split(/ {2,}/)).toEqual([
      'ollama',
      'ollama',
      'Ollama',
      'OLLAMA_API_KEY (optional)',
    ]);
  });

  it('filters by wire, and prints JSON', async () => {
    const run = await runCli(['providers', '--wire', 'anthropic', '--json']);
    expect(run.code).toBe(0);
    const listed = JSON.parse(run.stdout) as { id: string; wire: string }[];
    expect(listed.map((provider) => provider.id)).toEqual([
      'aki-anthropic',
      'anthropic',
      'anthropic-bedrock',
      'anthropic-vertex',
      'lmstudio-anthropic',
      'minimax-anthropic',
      'moonshot-anthropic',
    ]);
    expect(listed.find((provider) => provider.id === 'anthropic')).toEqual({
      id: 'anthropic',
      name: 'Anthropic',
      wire: 'anthropic',
      aliases: ['claude'],
      apiKeyEnv: 'ANTHROPIC_API_KEY',
      keyRequired: true,
      baseUrl: 'https://api.anthropic.com',
      docs: defaultRegistry.provider('anthropic').docs,
    });
  });

  it('refuses an unknown wire and an argument in one line', async () => {
    expect(await runCli(['providers', '--wire', 'cohere'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: providers: unknown wire 'cohere' (one of: openai, anthropic, gemini, ollama, responses, hermes, bedrock) (see crosswire providers --help)\n",
    });
    expect((await runCli(['providers', 'openai'])).stderr).toBe(
      'crosswire: providers: unexpected argument openai (see crosswire providers --help)\n',
    );
  });
});
