import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';

// What a reviewer sees after running `registry sync --write` again and again: a model the data
// has retired stays retired even while the provider still lists it, and an offering the list
// lacks carries one review flag after its own note, however many runs found it missing.

const registryData = fileURLToPath(new URL('../../../registry/data', import.meta.url));

interface Offering {
  id: string;
  note?: string;
}
interface ProviderFile {
  offerings: Offering[];
  retired: { id: string; aliases?: string[] }[];
}

const shipped = JSON.parse(
  readFileSync(path.join(registryData, 'providers', 'anthropic.json'), 'utf8'),
) as ProviderFile;
const offered = shipped.offerings.map((offering) => offering.id);

let simulator: Simulator;
let dataDir: string;
beforeAll(async () => {
  simulator = await startSimulator();
  dataDir = mkdtempSync(path.join(tmpdir(), 'crosswire-sync-repeat-'));
  cpSync(registryData, dataDir, { recursive: true });
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await simulator.close();
});

const providerFile = () => path.join(dataDir, 'providers', 'anthropic.json');
const readProvider = () => JSON.parse(readFileSync(providerFile(), 'utf8')) as ProviderFile;

function sync(lane: string, extra: readonly string[]) {
  return runCli(
    ['registry', 'sync', 'anthropic', '--base-url', simulator.baseUrl('anthropic', lane), ...extra],
    { env: { ANTHROPIC_API_KEY: 'sk-ant-secret' }, cwd: dataDir },
  );
}

describe('registry sync run again and again', () => {
  it('a retired model the provider still lists as current is not offered again', async () => {
    // The whole current list, plus two retired models, one under its dated alias, with no
    // lifecycle stated: the provider still answers its list with them.
    simulator.listModels('retired', 'anthropic', [
      ...offered.map((id) => ({ id })),
      { id: 'claude-sonnet-4-5' },
      { id: 'claude-opus-4-1-20250805' },
    ]);
    const before = readFileSync(providerFile(), 'utf8');
    for (let run = 0; run < 2; run++) {
      const report = await sync('retired', ['--json']);
      expect(report.stderr).toBe('');
      expect(report.code).toBe(0);
      expect((JSON.parse(report.stdout) as { changes: unknown[] }).changes).toEqual([]);
      const written = await sync('retired', ['--write', '--data', dataDir]);
      expect(written.code).toBe(0);
    }
    expect(readFileSync(providerFile(), 'utf8')).toBe(before);
    const provider = readProvider();
    expect(provider.offerings.map((offering) => offering.id)).toEqual(offered);
    expect(provider.retired.map((retired) => retired.id)).toContain('claude-sonnet-4-5');
  });

  it('an unlisted offering with a note of its own gets one flag after it, however many runs', async () => {
    // A reviewer's own note on an offering the provider has stopped listing.
    const provider = readProvider();
    const haiku = provider.offerings.find((offering) => offering.id === 'claude-haiku-4-5');
    if (!haiku) throw new Error('the data has no claude-haiku-4-5');
    haiku.note = 'kept for the EU region, where it is still served';
    writeFileSync(providerFile(), `${JSON.stringify(provider, null, 2)}\n`);
    simulator.listModels(
      'unlisted',
      'anthropic',
      offered.filter((id) => id !== 'claude-haiku-4-5').map((id) => ({ id })),
    );
    const endpoint = `${simulator.baseUrl('anthropic', 'unlisted')}/v1/models`;
    let date = '';
    for (let run = 0; run < 3; run++) {
      const written = await sync('unlisted', ['--write', '--data', dataDir]);
      expect(written.stderr).toBe('');
      expect(written.code).toBe(0);
      date = (written.stdout.match(/on (\d{4}-\d{2}-\d{2})\n/) ?? [])[1] ?? '';
    }
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(readProvider().offerings.find((offering) => offering.id === 'claude-haiku-4-5')).toEqual(
      {
        id: 'claude-haiku-4-5',
        model: 'anthropic/claude-haiku-4-5',
        note: `kept for the EU region, where it is still served | registry sync: not in the provider's model list (${endpoint}) on ${date}: a candidate for "retired"; review, then move it there or remove this note`,
      },
    );
  });
});
