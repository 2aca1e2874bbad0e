import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';

// What `crosswire registry sync` prints, returns and refuses, seen from the command line: each
// refusal in full (message, help hint, exit status) and before any request, the text report of
// each kind of listing, and which data a run compares with and writes into.

const registryData = fileURLToPath(new URL('../../../registry/data', import.meta.url));
const KEYS = { ANTHROPIC_API_KEY: 'sk-ant-secret', GROQ_API_KEY: 'gsk-secret' };

let simulator: Simulator;
/** Scratch directories, removed after the file. */
const scratch: string[] = [];
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  await simulator.close();
});

function scratchDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'crosswire-sync-usage-'));
  scratch.push(dir);
  return dir;
}

/** A copy of the shipped data, at `dir` (made) or in a scratch directory of its own. */
function dataCopy(dir = scratchDir()): string {
  mkdirSync(dir, { recursive: true });
  cpSync(registryData, dir, { recursive: true });
  return dir;
}

interface ProviderFile {
  default_model: string;
  offerings: { id: string }[];
}
const providerFile = (dir: string, provider: string) =>
  path.join(dir, 'providers', `${provider}.json`);
const readProvider = (dir: string, provider: string) =>
  JSON.parse(readFileSync(providerFile(dir, provider), 'utf8')) as ProviderFile;
const offered = (provider: string) =>
  readProvider(registryData, provider).offerings.map((offering) => offering.id);

/** Every file of a data directory, as text, to see that a run wrote nothing. */
function filesOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    ['providers/anthropic.json', 'models/anthropic.json', 'providers/groq.json'].map((file) => [
      file,
      readFileSync(path.join(dir, file), 'utf8'),
    ]),
  );
}

function sync(args: readonly string[], cwd: string = scratchDir()) {
  return runCli(['registry', 'sync', ...args], { env: KEYS, cwd });
}

/** The report's date, from its first line (the listing is read today). */
function dateOf(stdout: string): string {
  return (stdout.match(/ on (\d{4}-\d{2}-\d{2})/) ?? [])[1] ?? 'no date';
}

describe('registry sync refuses a wrong command line before asking the provider', () => {
  beforeAll(() => simulator.listModels('untouched', 'anthropic', [{ id: 'claude-x-1' }]));
  const anthropic = () => ['--base-url', simulator.baseUrl('anthropic', 'untouched')];

  it.each([
    [[], 'registry sync: missing PROVIDER'],
    [['anthropic', 'openai'], 'registry sync: unexpected argument openai'],
    [['nosuch'], 'registry sync: unknown provider "nosuch" (see crosswire providers)'],
  ])('%j: %s', async (args, message) => {
    const run = await sync(args);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      '',
      `crosswire: ${message} (see crosswire registry sync --help)\n`,
    ]);
  });

  it('a provider that takes a key, without its key variable set', async () => {
    const run = await runCli(['registry', 'sync', 'anthropic', ...anthropic()], {
      env: {},
      cwd: scratchDir(),
    });
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      '',
      'crosswire: registry sync: provider "anthropic" needs an API key: set ANTHROPIC_API_KEY (see crosswire registry sync --help)\n',
    ]);
    expect(simulator.received('untouched')).toEqual([]);
  });

  it('a provider with no model-list reader (and no key to ask for) exits 1 saying which have one', async () => {
    const run = await sync(['anthropic-vertex']);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      1,
      '',
      'crosswire: registry sync: provider "anthropic-vertex" has no model-list reader (providers with one: ollama, lmstudio, llamacpp, vllm, sglang, openrouter, mistral, openai, openai-responses, anthropic, gemini, xai, groq, deepseek, moonshot, cerebras)\n',
    ]);
  });

  it.each(['lots', '-1', '1.5', '+4', ' 4', '4 ', '1e3', '0x10', '99999999999999999999', ''])(
    '--max-new=%j is not a whole number of entries',
    async (value) => {
      const run = await sync(['anthropic', ...anthropic(), `--max-new=${value}`]);
      expect([run.code, run.stdout, run.stderr]).toEqual([
        2,
        '',
        `crosswire: registry sync: --max-new takes a whole number of entries, got "${value}" (see crosswire registry sync --help)\n`,
      ]);
      expect(simulator.received('untouched')).toEqual([]);
    },
  );

  it('--write outside a checkout without --data: nowhere to write', async () => {
    const run = await sync(['anthropic', ...anthropic(), '--write']);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      '',
      'crosswire: registry sync: --write needs the registry data: run it inside a Crosswire checkout or pass --data DIR (see crosswire registry sync --help)\n',
    ]);
    expect(simulator.received('untouched')).toEqual([]);
  });

  it('--data that does not validate: exits 1 with the first problem, and writes nothing', async () => {
    const dataDir = dataCopy();
    const broken = readProvider(dataDir, 'anthropic');
    writeFileSync(
      providerFile(dataDir, 'anthropic'),
      JSON.stringify({ ...broken, default_model: 'claude-nope' }, null, 2),
    );
    const before = filesOf(dataDir);
    for (const write of [[], ['--write']]) {
      const run = await sync(['anthropic', ...anthropic(), '--data', dataDir, ...write]);
      expect([run.code, run.stdout, run.stderr]).toEqual([
        1,
        '',
        `crosswire: registry sync: the data in ${dataDir} does not validate (1 problem(s), first: providers/anthropic.json: default_model: default_model "claude-nope" is neither an offering nor a known model); run crosswire registry validate\n`,
      ]);
    }
    expect(filesOf(dataDir)).toEqual(before);
    expect(simulator.received('untouched')).toEqual([]);
  });
});

describe('the text report', () => {
  it('a list the data agrees with says so; --write then writes nothing and names no file', async () => {
    simulator.listModels(
      'agrees',
      'anthropic',
      offered('anthropic').map((id) => ({ id })),
    );
    const base = simulator.baseUrl('anthropic', 'agrees');
    const header = `anthropic: ${base}/v1/models lists ${offered('anthropic').length} model(s) on `;
    const run = await sync(['anthropic', '--base-url', base]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toBe(`${header}${dateOf(run.stdout)}\nthe data agrees with the list\n`);

    const dataDir = dataCopy();
    const before = filesOf(dataDir);
    // No new entry at all: within a cap of 0.
    const written = await sync([
      'anthropic',
      '--base-url',
      base,
      '--write',
      '--data',
      dataDir,
      '--max-new=0',
    ]);
    expect([written.code, written.stderr]).toEqual([0, '']);
    expect(written.stdout).toBe(
      `${header}${dateOf(written.stdout)}\nthe data agrees with the list\nwrote 0 offering(s), 0 lab entries, 0 lifecycle(s), 0 retired, flagged 0\n`,
    );
    expect(filesOf(dataDir)).toEqual(before);
  });

  it('a list read in part says so on its first line, with the reason as a note, and flags nothing as unlisted', async () => {
    // One page that says more follow but names no cursor: the reader stops there.
    const server: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          data: [{ type: 'model', id: 'claude-x-1' }],
          has_more: true,
          last_id: null,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await sync(['anthropic', '--base-url', origin]);
      expect([run.code, run.stderr]).toEqual([0, '']);
      const date = dateOf(run.stdout);
      expect(run.stdout.split('\n')).toEqual([
        `anthropic: ${origin}/v1/models lists 1 model(s) on ${date} (in part)`,
        `note: the model list of provider "anthropic" (${origin}/v1/models) was read in part: a page says more follow but names no cursor to ask for them; the 1 model(s) read are kept and the listing is marked incomplete, so a model it lacks is not taken as unlisted`,
        `+ offering  claude-x-1: listed by the model list ${origin}/v1/models read ${date} and offered nowhere in the data; no lab file has the model`,
        '',
      ]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a local server: the report says why nothing is flagged as unlisted', async () => {
    simulator.listModels('local', 'ollama', [{ id: 'qwen3:8b', tools: true, context: 40_960 }]);
    const base = simulator.baseUrl('ollama', 'local');
    const run = await sync(['ollama', '--base-url', base]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout.split('\n')).toEqual([
      `ollama: ${base}/api/tags lists 1 model(s) on ${dateOf(run.stdout)}`,
      '"ollama" is a local server: its list is the models on this machine, so nothing is flagged as unlisted and --write is refused',
      // qwen3:8b is an offering of the shipped data; the others are not flagged.
      'the data agrees with the list',
      '',
    ]);
  });

  it('a new model of a provider with no lab of its own is listed, then not written, with why', async () => {
    const groq = offered('groq');
    simulator.listModels('groq', 'groq', [
      ...groq.map((id) => ({ id })),
      { id: 'fable-9-instant' },
    ]);
    const base = simulator.baseUrl('openai', 'groq');
    const dataDir = dataCopy();
    const before = filesOf(dataDir);
    const run = await sync(['groq', '--base-url', base, '--write', '--data', dataDir]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const date = dateOf(run.stdout);
    expect(run.stdout.split('\n')).toEqual([
      `groq: ${base}/models lists ${groq.length + 1} model(s) on ${date}`,
      `+ offering  fable-9-instant: listed by the model list ${base}/models read ${date} and offered nowhere in the data; no lab file has the model`,
      'wrote 0 offering(s), 0 lab entries, 0 lifecycle(s), 0 retired, flagged 0',
      'not written: fable-9-instant: no lab file has the model and this provider has no lab of its own: add a lab entry first',
      '',
    ]);
    expect(filesOf(dataDir)).toEqual(before);
  });
});

describe('which data a run compares with and writes into', () => {
  it('--data without --write compares with that data and writes nothing', async () => {
    // The copy lacks an offering the shipped data has, and the provider lists.
    const dataDir = dataCopy();
    const copy = readProvider(dataDir, 'anthropic');
    const gone = 'claude-fable-5-2';
    writeFileSync(
      providerFile(dataDir, 'anthropic'),
      JSON.stringify(
        { ...copy, offerings: copy.offerings.filter((offering) => offering.id !== gone) },
        null,
        2,
      ),
    );
    const before = filesOf(dataDir);
    simulator.listModels(
      'data-only',
      'anthropic',
      offered('anthropic').map((id) => ({ id })),
    );
    const base = simulator.baseUrl('anthropic', 'data-only');
    const run = await sync(['anthropic', '--base-url', base, '--data', dataDir]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const date = dateOf(run.stdout);
    expect(run.stdout.split('\n')).toEqual([
      `anthropic: ${base}/v1/models lists ${offered('anthropic').length} model(s) on ${date}`,
      `+ offering  ${gone} (anthropic/${gone}): listed by the model list ${base}/v1/models read ${date} and offered nowhere in the data; the model is anthropic/${gone}`,
      '',
    ]);
    const json = await sync(['anthropic', '--base-url', base, '--data', dataDir, '--json']);
    expect((JSON.parse(json.stdout) as { written: unknown }).written).toBeNull();
    expect(filesOf(dataDir)).toEqual(before);
  });

  it('--write inside a checkout writes its packages/registry/data, naming the files from where it runs', async () => {
    const checkout = scratchDir();
    const dataDir = dataCopy(path.join(checkout, 'packages', 'registry', 'data'));
    simulator.listModels('checkout', 'anthropic', [
      ...offered('anthropic').map((id) => ({ id })),
      { id: 'claude-fable-5-9' },
    ]);
    const base = simulator.baseUrl('anthropic', 'checkout');
    const run = await sync(
      ['anthropic', '--base-url', base, '--write'],
      path.join(checkout, 'packages'),
    );
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout.trim().split('\n').at(-1)).toBe(
      'wrote 1 offering(s), 1 lab entry, 0 lifecycle(s), 0 retired, flagged 0 in registry/data/providers/anthropic.json, registry/data/models/anthropic.json',
    );
    expect(readProvider(dataDir, 'anthropic').offerings.map((offering) => offering.id)).toContain(
      'claude-fable-5-9',
    );
  });

  it('a new model the imported catalogue knows gets the catalogue’s facts with its source', async () => {
    const dataDir = dataCopy();
    simulator.listModels('catalogued', 'anthropic', [
      ...offered('anthropic').map((id) => ({ id })),
      { id: 'claude-3-opus-20240229' },
    ]);
    const base = simulator.baseUrl('anthropic', 'catalogued');
    const run = await sync([
      'anthropic',
      '--base-url',
      base,
      '--write',
      '--data',
      dataDir,
      '--json',
    ]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const lab = JSON.parse(
      readFileSync(path.join(dataDir, 'models', 'anthropic.json'), 'utf8'),
    ) as {
      models: { id: string; capabilities: unknown }[];
    };
    // The listing states image and PDF input (false here); tools and audio come from the
    // catalogue's entry for the snapshot, above the family template, as inferred facts.
    const catalogued = {
      evidence: 'inferred',
      source:
        'https://github.com/anomalyco/models.dev/blob/f3fc692299671838c7c65fd8126bf84d81a2e817/providers/anthropic/models/claude-3-opus-20240229.toml',
      date: '2026-07-02',
      note: 'from the family claude template (registry sync)',
    };
    const { date } = JSON.parse(run.stdout) as { date: string };
    const listed = { value: false, evidence: 'listing', source: `${base}/v1/models`, date };
    expect(lab.models.find((model) => model.id === 'claude-3-opus-20240229')?.capabilities).toEqual(
      {
        tools: { value: true, ...catalogued },
        image_input: listed,
        pdf_input: listed,
        audio_input: { value: false, ...catalogued },
      },
    );
  });
});
