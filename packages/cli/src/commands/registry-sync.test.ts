import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WireFormat } from '@crosswire/core';
import { type SimulatedModel, type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';

const registryData = fileURLToPath(new URL('../../../registry/data', import.meta.url));

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => simulator.close());

/** The offerings as the shipped data has them. */
function shippedOfferings(provider: string): string[] {
  const data = JSON.parse(
    readFileSync(path.join(registryData, 'providers', `${provider}.json`), 'utf8'),
  ) as { offerings: { id: string }[] };
  return data.offerings.map((offering) => offering.id);
}

const anthropicOffered = shippedOfferings('anthropic');
const kept = anthropicOffered.filter((id) => id !== anthropicOffered.at(-1));
const dropped = anthropicOffered.at(-1) as string;

/** A copy of the shipped data to write into; removed after the test. */
function dataCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'crosswire-sync-'));
  cpSync(registryData, dir, { recursive: true });
  return dir;
}

function readData(dir: string, file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
}

async function sync(
  provider: string,
  lane: string,
  wire: WireFormat,
  extra: readonly string[],
  cwd?: string,
) {
  return runCli(
    ['registry', 'sync', provider, '--base-url', simulator.baseUrl(wire, lane), ...extra],
    {
      env: { ANTHROPIC_API_KEY: 'sk-ant-secret', OPENAI_API_KEY: 'sk-openai-secret' },
      // Outside the checkout unless a test names a data copy: no bug can write the real data.
      cwd: cwd ?? tmpdir(),
    },
  );
}

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

  it('prints, model by model, what the data lacks and what the provider no longer lists', async () => {
    const run = await sync('anthropic', 'sync', 'anthropic', ['--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    const endpoint = `${simulator.baseUrl('anthropic', 'sync')}/v1/models`;
    const date = report.date as string;
    const source = `the model list ${endpoint} read ${date}`;
    expect(report).toEqual({
      provider: 'anthropic',
      endpoint,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      listed: kept.length + 1,
      complete: true,
      local: false,
      notes: [],
      changes: [
        {
          id: 'claude-fable-5-9',
          change: 'add-offering',
          reason: `listed by ${source} and offered nowhere in the data; no lab file has the model`,
          listed: {
            id: 'claude-fable-5-9',
            name: 'Claude Fable 5.9',
            created: '2026-11-24',
            context: 1_000_000,
            output: 128_000,
            capabilities: { image_input: true, pdf_input: true, structured_output: false },
          },
        },
        {
          id: dropped,
          change: 'flag-unlisted',
          reason: `not in ${source}, under any of its names or its model's snapshots: a candidate for "retired"`,
          model: `anthropic/${dropped}`,
          offering: dropped,
        },
      ],
      written: null,
    });
    expect(run.stdout).not.toContain('sk-ant-secret');
    expect(simulator.received('sync').at(-1)?.headers['x-api-key']).toBe('[redacted…et]');
  });

  it('--write adds the offering and a lab entry with listing evidence, flags the unlisted one, and the data validates', async () => {
    const dataDir = dataCopy();
    try {
      const run = await sync(
        'anthropic',
        'sync',
        'anthropic',
        ['--write', '--data', dataDir],
        dataDir,
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const endpoint = `${simulator.baseUrl('anthropic', 'sync')}/v1/models`;
      const lines = run.stdout.trim().split('\n');
      const date = (lines[0]?.match(/on (\d{4}-\d{2}-\d{2})$/) ?? [])[1];
      const source = `the model list ${endpoint} read ${date}`;
      expect(lines.slice(1)).toEqual([
        `+ offering  claude-fable-5-9: listed by ${source} and offered nowhere in the data; no lab file has the model`,
        `? unlisted  ${dropped} (anthropic/${dropped}): not in ${source}, under any of its names or its model's snapshots: a candidate for "retired"`,
        'wrote 1 offering(s), 1 lab entry, 0 lifecycle(s), 0 retired, flagged 1 in providers/anthropic.json, models/anthropic.json',
      ]);
      const provider = readData(dataDir, 'providers/anthropic.json') as {
        offerings: Record<string, unknown>[];
      };
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
      const lab = readData(dataDir, 'models/anthropic.json') as {
        models: Record<string, unknown>[];
      };
      expect(lab.models.find((model) => model.id === 'claude-fable-5-9')).toMatchObject({
        name: 'Claude Fable 5.9',
        family: 'claude',
        release_date: '2026-11-24',
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
      const again = await sync(
        'anthropic',
        'sync',
        'anthropic',
        ['--write', '--data', dataDir],
        dataDir,
      );
      expect(again.code).toBe(0);
      const text = readFileSync(path.join(dataDir, 'providers', 'anthropic.json'), 'utf8');
      expect(text.split('registry sync: not in').length - 1).toBe(1);
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

describe('registry sync keeps lifecycle, understands snapshots and kinds', () => {
  const listed: SimulatedModel[] = [
    ...shippedOfferings('openai')
      .filter((id) => id !== 'gpt-5.6-luna' && id !== 'gpt-5.2')
      .map((id) => ({ id })),
    // The listing says these shut down, or will: lifecycle the data lacks.
    { id: 'gpt-5.6-luna', retires: '2026-01-15' },
    { id: 'gpt-5.2', retires: '2030-01-01' },
    // Dated snapshots of a current and a retired offering: the offering's, nothing new.
    { id: 'gpt-6.1-sol-2026-09-30' },
    { id: 'o4-mini-2025-04-16' },
    { id: 'gpt-5.1-2025-11-13', retires: '2027-04-01' },
    // A snapshot the listing says shut down on its own: an entry of its own, retired.
    { id: 'gpt-5.4-2026-03-05', retires: '2026-02-01' },
    // Not chat models.
    { id: 'whisper-1' },
    { id: 'text-embedding-3-large' },
    // Already shut down by the listing's word, and unknown to the data: not added.
    { id: 'o1', retires: '2026-10-23' },
    // A new model, to come off in the future.
    { id: 'gpt-7', retires: '2031-06-30' },
  ];
  beforeAll(() => simulator.listModels('lifecycle', 'openai', listed));

  it('--write writes the listing’s lifecycle with listing evidence, retires what shut down, keeps snapshots with their offering, and never offers a non-chat model', async () => {
    const dataDir = dataCopy();
    try {
      const run = await sync(
        'openai',
        'lifecycle',
        'openai',
        ['--write', '--data', dataDir, '--json'],
        dataDir,
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as {
        date: string;
        endpoint: string;
        changes: { id: string; change: string; model?: string; offering?: string }[];
        written: Record<string, unknown>;
      };
      const summary = report.changes.map((change) => [change.id, change.change, change.offering]);
      expect(summary).toEqual([
        ['gpt-5.6-luna', 'retire', 'gpt-5.6-luna'],
        ['gpt-5.2', 'lifecycle', 'gpt-5.2'],
        ['gpt-5.4-2026-03-05', 'retire', 'gpt-5.4'],
        ['whisper-1', 'skip', undefined],
        ['text-embedding-3-large', 'skip', undefined],
        ['o1', 'skip', undefined],
        ['gpt-7', 'add-offering', undefined],
      ]);
      expect(report.written).toMatchObject({
        ok: true,
        offerings: ['gpt-7'],
        labEntries: ['openai/gpt-7'],
        lifecycles: ['gpt-5.2'],
        retired: ['gpt-5.6-luna', 'gpt-5.4-2026-03-05'],
        flagged: [],
        // Relative to where the command ran (here the data directory itself).
        files: ['providers/openai.json', 'models/openai.json'],
      });
      const provider = readData(dataDir, 'providers/openai.json') as {
        offerings: Record<string, unknown>[];
        retired: Record<string, unknown>[];
      };
      const note = `registry sync on ${report.date}: as the provider's model list states it; review`;
      expect(provider.offerings.find((offering) => offering.id === 'gpt-5.2')?.lifecycle).toEqual({
        retired: '2030-01-01',
        source: report.endpoint,
        evidence: 'listing',
        note,
      });
      expect(provider.offerings.find((offering) => offering.id === 'gpt-7')?.lifecycle).toEqual({
        retired: '2031-06-30',
        source: report.endpoint,
        evidence: 'listing',
        note,
      });
      expect(provider.offerings.map((offering) => offering.id)).not.toContain('gpt-5.6-luna');
      expect(provider.retired.find((retired) => retired.id === 'gpt-5.6-luna')).toEqual({
        id: 'gpt-5.6-luna',
        model: 'openai/gpt-5.6-luna',
        retired: '2026-01-15',
        source: report.endpoint,
        evidence: 'listing',
        note: `registry sync on ${report.date}: the provider's model list says it shut down; review`,
      });
      expect(provider.retired.find((retired) => retired.id === 'gpt-5.4-2026-03-05')).toEqual({
        id: 'gpt-5.4-2026-03-05',
        model: 'openai/gpt-5.4',
        retired: '2026-02-01',
        source: report.endpoint,
        evidence: 'listing',
        note: `registry sync on ${report.date}: the provider's model list says it shut down; review`,
      });
      const shipped = readFileSync(path.join(registryData, 'models', 'openai.json'), 'utf8');
      expect(readFileSync(path.join(dataDir, 'models', 'openai.json'), 'utf8')).not.toBe(shipped);
      const files = JSON.stringify([provider, readData(dataDir, 'models/openai.json')]);
      // Already the offering's snapshot in the data: nothing added for it.
      expect(files.split('"gpt-5.1-2025-11-13"').length).toBe(
        shipped.split('"gpt-5.1-2025-11-13"').length,
      );
      for (const id of ['whisper-1', 'text-embedding-3-large', 'o1', 'gpt-6.1-sol-2026-09-30']) {
        expect(files).not.toContain(`"${id}"`);
      }
      const validated = await runCli(['registry', 'validate', '--data', dataDir]);
      expect(validated.code).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a listing that would retire the default writes nothing and exits 1 with the validator’s reason', async () => {
    simulator.listModels('default-gone', 'openai', [
      ...shippedOfferings('openai').map((id) => ({
        id,
        ...(id === 'gpt-6.1-sol' ? { retires: '2026-01-01' } : {}),
      })),
    ]);
    const dataDir = dataCopy();
    try {
      const before = readFileSync(path.join(dataDir, 'providers', 'openai.json'), 'utf8');
      const run = await sync(
        'openai',
        'default-gone',
        'openai',
        ['--write', '--data', dataDir],
        dataDir,
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        'nothing written:\n  providers/openai.json: default_model: default_model "gpt-6.1-sol" is retired; the default must be a current offering',
      );
      expect(readFileSync(path.join(dataDir, 'providers', 'openai.json'), 'utf8')).toBe(before);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('more new entries than --max-new writes nothing and says how to raise it', async () => {
    simulator.listModels('flood', 'anthropic', [
      ...anthropicOffered.map((id) => ({ id })),
      ...Array.from({ length: 5 }, (_, index) => ({ id: `claude-flood-${index}` })),
    ]);
    const dataDir = dataCopy();
    try {
      const before = readFileSync(path.join(dataDir, 'models', 'anthropic.json'), 'utf8');
      const run = await sync(
        'anthropic',
        'flood',
        'anthropic',
        ['--write', '--data', dataDir, '--max-new', '4'],
        dataDir,
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        'nothing written:\n  providers/anthropic.json: (file): the listing would add 10 new entries, more than 4 per run: nothing written (check the listing; raise the cap with --max-new 10 if it is right)',
      );
      expect(readFileSync(path.join(dataDir, 'models', 'anthropic.json'), 'utf8')).toBe(before);
      const raised = await sync(
        'anthropic',
        'flood',
        'anthropic',
        ['--write', '--data', dataDir, '--max-new', '10'],
        dataDir,
      );
      expect(raised.code).toBe(0);
      const bad = await sync('anthropic', 'flood', 'anthropic', ['--max-new', 'lots']);
      expect([bad.code, bad.stderr]).toEqual([
        2,
        expect.stringContaining(
          'registry sync: --max-new takes a whole number of entries, got "lots"',
        ),
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the default cap is 100 new entries a run: 50 new models (an offering and a lab entry each) write, 51 do not', async () => {
    const listing = (count: number) => [
      ...anthropicOffered.map((id) => ({ id })),
      ...Array.from({ length: count }, (_, index) => ({ id: `claude-cap-${index}` })),
    ];
    simulator.listModels('cap-50', 'anthropic', listing(50));
    simulator.listModels('cap-51', 'anthropic', listing(51));
    const dataDir = dataCopy();
    try {
      const over = await sync(
        'anthropic',
        'cap-51',
        'anthropic',
        ['--write', '--data', dataDir],
        dataDir,
      );
      expect(over.code).toBe(1);
      expect(over.stdout).toContain('the listing would add 102 new entries, more than 100 per run');
      const within = await sync(
        'anthropic',
        'cap-50',
        'anthropic',
        ['--write', '--data', dataDir],
        dataDir,
      );
      expect(within.code).toBe(0);
      expect(within.stdout).toContain('wrote 50 offering(s), 50 lab entries');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('escapes bidirectional and zero-width characters in every report, text and JSON', async () => {
    simulator.listModels('spoof', 'anthropic', [
      ...anthropicOffered.map((id) => ({ id })),
      { id: 'claude-\u202Efable\u200B-9' },
      { id: 'claude-fable-5-8', name: 'Claude\u2066 Fable\u2069 5.8' },
    ]);
    const text = await sync('anthropic', 'spoof', 'anthropic', []);
    const json = await sync('anthropic', 'spoof', 'anthropic', ['--json']);
    for (const run of [text, json]) {
      expect(run.code).toBe(0);
      expect(run.stdout).not.toMatch(/[\u202E\u200B\u2066\u2069]/);
    }
    expect(text.stdout).toContain(
      'note: the model list of provider "anthropic" names 1 model(s) the registry cannot keep, left out: "claude-\\u{202e}fable\\u{200b}-9" holds a control, bidirectional, zero-width or non-space whitespace character',
    );
    const report = JSON.parse(json.stdout) as { changes: { listed?: { name?: string } }[] };
    // The name with isolates was left off the model; the id was kept.
    expect(report.changes.find((change) => change.listed)?.listed?.name).toBeUndefined();
  });
});

describe('local servers', () => {
  beforeAll(() =>
    simulator.listModels('mine', 'ollama', [
      { id: 'deepseek-r1:14b', context: 131_072 },
      { id: 'qwen3:8b', tools: true, context: 40_960 },
    ]),
  );

  it('--write is refused: their list is the models on the machine, not a catalogue', async () => {
    // Run outside any checkout: were the refusal ever lost, there is no data to write into (a
    // mutation run once wrote review flags into the checkout's own data this way).
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'crosswire-sync-local-'));
    try {
      const run = await runCli(
        [
          'registry',
          'sync',
          'ollama',
          '--base-url',
          simulator.baseUrl('ollama', 'mine'),
          '--write',
        ],
        { cwd: elsewhere },
      );
      expect([run.code, run.stdout, run.stderr]).toEqual([
        2,
        '',
        'crosswire: registry sync: --write is refused for "ollama": a local server lists the models on this machine, not a catalogue of what "ollama" serves; use registry.discover (or an engine\'s discovery on first use) to learn what it serves (see crosswire registry sync --help)\n',
      ]);
      expect(simulator.received('mine')).toEqual([]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('the report flags nothing as unlisted', async () => {
    const run = await runCli([
      'registry',
      'sync',
      'ollama',
      '--base-url',
      simulator.baseUrl('ollama', 'mine'),
      '--json',
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { local: boolean; changes: { change: string }[] };
    expect(report.local).toBe(true);
    expect(report.changes.some((change) => change.change === 'flag-unlisted')).toBe(false);
  });
});
