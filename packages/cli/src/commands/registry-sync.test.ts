import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';

const registryData = fileURLToPath(new URL('../../../registry/data', import.meta.url));

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => simulator.close());

/** The anthropic offerings as the shipped data has them. */
const shipped = JSON.parse(
  readFileSync(path.join(registryData, 'providers', 'anthropic.json'), 'utf8'),
) as {
  offerings: { id: string }[];
};
const offered = shipped.offerings.map((offering) => offering.id);
const kept = offered.filter((id) => id !== offered.at(-1));
const dropped = offered.at(-1) as string;

describe('registry sync against the simulator', () => {
  beforeAll(() => {
    simulator.listModels('sync', 'anthropic', [
      ...kept.map((id) => ({ id, vision: true, pdf: true })),
      {
        id: 'claude-fable-5-9',
        name: 'Claude Fable 5.9',
        vision: true,
        pdf: true,
        context: 1_000_000,
        output: 128_000,
      },
    ]);
  });

  it('prints what the data lacks and what the provider no longer lists', async () => {
    const run = await runCli(
      [
        'registry',
        'sync',
        'anthropic',
        '--base-url',
        simulator.baseUrl('anthropic', 'sync'),
        '--json',
      ],
      { env: { ANTHROPIC_API_KEY: 'sk-ant-secret' } },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(report).toEqual({
      provider: 'anthropic',
      endpoint: `${simulator.baseUrl('anthropic', 'sync')}/v1/models`,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      listed: kept.length + 1,
      missing: [{ id: 'claude-fable-5-9', model: null }],
      unlisted: [dropped],
      written: null,
    });
    expect(run.stdout).not.toContain('sk-ant-secret');
    expect(simulator.received('sync').at(-1)?.headers['x-api-key']).toBe('[redacted…et]');
  });

  it('--write adds the offering and a lab entry with listing evidence, flags the unlisted one, and the data validates', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crosswire-sync-'));
    try {
      cpSync(registryData, dataDir, { recursive: true });
      const run = await runCli(
        [
          'registry',
          'sync',
          'anthropic',
          '--base-url',
          simulator.baseUrl('anthropic', 'sync'),
          '--write',
          '--data',
          dataDir,
        ],
        { env: { ANTHROPIC_API_KEY: 'sk-ant-secret' }, cwd: dataDir },
      );
      expect(run.stderr).toBe('');
      const endpoint = `${simulator.baseUrl('anthropic', 'sync')}/v1/models`;
      const lines = run.stdout.trim().split('\n');
      expect(lines.slice(1)).toEqual([
        'the data lacks 1 (listed, no offering):',
        '  claude-fable-5-9  (no lab entry)',
        'the data offers 1 the provider no longer lists (candidates for "retired", review):',
        `  ${dropped}`,
        'wrote 1 offering(s), 1 lab entry, flagged 1 offering(s) in providers/anthropic.json, models/anthropic.json',
      ]);
      const provider = JSON.parse(
        readFileSync(path.join(dataDir, 'providers', 'anthropic.json'), 'utf8'),
      ) as {
        offerings: Record<string, unknown>[];
      };
      const date = (lines[0]?.match(/on (\d{4}-\d{2}-\d{2})$/) ?? [])[1];
      expect(provider.offerings.find((offering) => offering.id === 'claude-fable-5-9')).toEqual({
        id: 'claude-fable-5-9',
        model: 'anthropic/claude-fable-5-9',
        source: endpoint,
        note: `added by registry sync on ${date}: listed by ${endpoint} (evidence: listing); review`,
      });
      // Flagged for review, never removed.
      expect(provider.offerings.map((offering) => offering.id)).toContain(dropped);
      expect(provider.offerings.find((offering) => offering.id === dropped)?.note).toContain(
        `registry sync: not in the provider's model list (${endpoint}) on ${date}: a candidate for "retired"`,
      );
      const lab = JSON.parse(
        readFileSync(path.join(dataDir, 'models', 'anthropic.json'), 'utf8'),
      ) as {
        models: Record<string, unknown>[];
      };
      expect(lab.models.find((model) => model.id === 'claude-fable-5-9')).toMatchObject({
        name: 'Claude Fable 5.9',
        family: 'claude',
        review: expect.stringContaining('created by crosswire registry sync on'),
        limits: { context: 1_000_000, output: 128_000 },
        capabilities: {
          image_input: { value: true, evidence: 'listing', source: endpoint, date },
          pdf_input: { value: true, evidence: 'listing', source: endpoint, date },
        },
      });
      const validated = await runCli(['registry', 'validate', '--data', dataDir]);
      expect(validated.stdout + validated.stderr).toContain('registry data valid');
      expect(validated.code).toBe(0);
      // A second sync finds nothing new, and flags the same offering once.
      await runCli(
        [
          'registry',
          'sync',
          'anthropic',
          '--base-url',
          simulator.baseUrl('anthropic', 'sync'),
          '--write',
          '--data',
          dataDir,
        ],
        { env: { ANTHROPIC_API_KEY: 'sk-ant-secret' }, cwd: dataDir },
      );
      const again = readFileSync(path.join(dataDir, 'providers', 'anthropic.json'), 'utf8');
      expect(again.split('registry sync: not in').length - 1).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('needs the key of a provider that takes one', async () => {
    const run = await runCli(['registry', 'sync', 'anthropic'], { env: {} });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(
      'registry sync: provider "anthropic" needs an API key: set ANTHROPIC_API_KEY',
    );
  });
});
