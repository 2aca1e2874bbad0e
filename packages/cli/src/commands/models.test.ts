import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';

describe('crosswire models', () => {
  it('lists the models a provider serves, curated and catalogue, with their values', async () => {
    const run = await runCli(['models', '--provider', 'deepseek']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'provider  model            tools  image  pdf  audio  tr-image  tr-pdf  from  status',
        'deepseek  deepseek-flash   yes    yes    ?    ?      no        no      data  current',
        'deepseek  deepseek-v4-pro  yes    no     no   no     no        no      data  current',
        '2 models',
        '',
      ].join('\n'),
    );
  });

  it('takes providers as arguments too, alone or beside --provider', async () => {
    const flagged = await runCli(['models', '--provider', 'deepseek']);
    expect(await runCli(['models', 'deepseek'])).toEqual(flagged);
    const both = await runCli(['models', 'deepseek', '--provider', 'cerebras', '--json']);
    expect(both.code).toBe(0);
    const providers = (JSON.parse(both.stdout) as { provider: string }[]).map(
      (row) => row.provider,
    );
    expect([...new Set(providers)]).toEqual(['deepseek', 'cerebras']);
  });

  it('filters by capability: which models see tool-result PDFs', async () => {
    const run = await runCli(['models', '--capability', 'tool_result_pdf', '--json']);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as {
      provider: string;
      model: string;
      values: Record<string, unknown>;
    }[];
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row.values.tool_result_pdf).toBe(true);
    const providers = new Set(rows.map((row) => row.provider));
    // only wires with a native PDF form in a tool result can answer true
    // (openai's gpt-5-pro offering speaks the responses wire)
    expect([...providers].sort()).toEqual([
      'anthropic',
      'anthropic-bedrock',
      'anthropic-vertex',
      'azure-openai-responses',
      'bedrock',
      'gemini',
      'gemini-vertex',
      'openai',
      'openai-responses',
    ]);
    expect(rows).toContainEqual(
      expect.objectContaining({ provider: 'anthropic', model: 'claude-sonnet-5-5', from: 'data' }),
    );
  });

  it('takes several filters and a value; an unknown capability is a usage error', async () => {
    const run = await runCli([
      'models',
      '--provider',
      'openrouter',
      '--capability',
      'image_input=false',
      '--capability',
      'tools',
      '--json',
    ]);
    const rows = JSON.parse(run.stdout) as { values: Record<string, unknown> }[];
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows)
      expect([row.values.image_input, row.values.tools]).toEqual([false, true]);
    const bad = await runCli(['models', '--capability', 'vision']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('models: unknown capability "vision" (one of: tools, image_input');
  });
});
