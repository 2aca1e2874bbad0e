import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRegistry, defaultRegistry, type Registry } from '@crosswire/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';

// `registry sync --write` of each recorded cloud listing (../shared/oracles/listings, see its
// SOURCES.md; the MIT ones also in packages/registry/fixtures/listings): the data validates
// afterwards, and every name that was retired or deprecated still is, and every model the
// listing says shut down answers as such. A recording not on this machine skips its test.

const registryData = fileURLToPath(new URL('../../../registry/data', import.meta.url));
const FOLDERS = [
  fileURLToPath(new URL('../../../registry/fixtures/listings/', import.meta.url)),
  fileURLToPath(new URL('../../../../../shared/oracles/listings/', import.meta.url)),
];
const TODAY = new Date().toISOString().slice(0, 10);

function recording(file: string): unknown {
  const folder = FOLDERS.find((candidate) => existsSync(path.join(candidate, file)));
  return folder ? JSON.parse(readFileSync(path.join(folder, file), 'utf8')) : undefined;
}

let answer: (url: URL) => unknown = () => ({});
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer(url)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

/** The registry of a data directory, judged at today. */
function registryOf(dataDir: string): Registry {
  const entries = ['models', 'providers'].flatMap((folder) =>
    readdirSync(path.join(dataDir, folder))
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(readFileSync(path.join(dataDir, folder, file), 'utf8'))),
  );
  return createRegistry({
    extends: null,
    entries,
    catalogue: defaultRegistry.catalogue() ?? null,
    today: TODAY,
  });
}

/** Every name of the provider's data (offerings and retired, with aliases) and its status. */
function statuses(registry: Registry, provider: string): Map<string, string> {
  const entry = registry.provider(provider);
  const result = new Map<string, string>();
  for (const offering of [...entry.offerings, ...entry.retired]) {
    for (const name of [offering.id, ...offering.aliases]) {
      result.set(name, registry.resolve(provider, name).lifecycle?.status ?? 'current');
    }
  }
  return result;
}

interface Case {
  readonly folder: string;
  readonly provider: string;
  readonly base: string;
  readonly key: string;
  /** Serves the recording; the Gemini one is cut into two pages at its real token. */
  readonly serve?: (body: unknown) => (url: URL) => unknown;
}

const CASES: readonly Case[] = [
  { folder: 'openai-starmap', provider: 'openai', base: '/v1', key: 'OPENAI_API_KEY' },
  { folder: 'openai-langertha', provider: 'openai', base: '/v1', key: 'OPENAI_API_KEY' },
  { folder: 'anthropic-starmap', provider: 'anthropic', base: '', key: 'ANTHROPIC_API_KEY' },
  { folder: 'anthropic-gptportal', provider: 'anthropic', base: '', key: 'ANTHROPIC_API_KEY' },
  { folder: 'anthropic-langertha', provider: 'anthropic', base: '', key: 'ANTHROPIC_API_KEY' },
  {
    folder: 'gemini-thorax',
    provider: 'gemini',
    base: '/v1beta',
    key: 'GEMINI_API_KEY',
    serve: (body) => {
      const page = body as { models: unknown[]; nextPageToken: string };
      return (url) =>
        url.searchParams.get('pageToken') === page.nextPageToken
          ? { models: page.models.slice(25) }
          : { models: page.models.slice(0, 25), nextPageToken: page.nextPageToken };
    },
  },
  { folder: 'gemini-langertha', provider: 'gemini', base: '/v1beta', key: 'GEMINI_API_KEY' },
  { folder: 'groq-2026', provider: 'groq', base: '/openai/v1', key: 'GROQ_API_KEY' },
  { folder: 'groq-starmap', provider: 'groq', base: '/openai/v1', key: 'GROQ_API_KEY' },
  { folder: 'groq-langertha', provider: 'groq', base: '/openai/v1', key: 'GROQ_API_KEY' },
  { folder: 'mistral-marquis', provider: 'mistral', base: '/v1', key: 'MISTRAL_API_KEY' },
  { folder: 'mistral-langertha', provider: 'mistral', base: '/v1', key: 'MISTRAL_API_KEY' },
  { folder: 'deepseek-starmap', provider: 'deepseek', base: '', key: 'DEEPSEEK_API_KEY' },
  { folder: 'deepseek-langertha', provider: 'deepseek', base: '', key: 'DEEPSEEK_API_KEY' },
  { folder: 'moonshot-starmap', provider: 'moonshot', base: '/v1', key: 'MOONSHOT_API_KEY' },
  {
    folder: 'openrouter-cline',
    provider: 'openrouter',
    base: '/api/v1',
    key: 'OPENROUTER_API_KEY',
  },
];

describe('registry sync --write of each recorded cloud listing', () => {
  it.each(CASES.map((entry) => [entry.folder, entry] as const))(
    '%s: the data validates and no lifecycle is lost',
    async (_folder, entry) => {
      const body = recording(`${entry.folder}/models.json`);
      if (body === undefined) return;
      answer = entry.serve ? entry.serve(body) : () => body;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'crosswire-sync-recording-'));
      try {
        cpSync(registryData, dataDir, { recursive: true });
        const before = statuses(registryOf(dataDir), entry.provider);
        const run = await runCli(
          [
            'registry',
            'sync',
            entry.provider,
            '--base-url',
            `${origin}${entry.base}`,
            '--write',
            '--max-new',
            '1000',
            '--data',
            dataDir,
            '--json',
          ],
          { env: { [entry.key]: 'k' }, cwd: dataDir },
        );
        expect(run.stderr).toBe('');
        const report = JSON.parse(run.stdout) as {
          changes: { id: string; change: string; listed?: { lifecycle?: { retired?: string } } }[];
          written: { ok: boolean; issues: unknown[] };
        };
        expect([run.code, report.written.issues]).toEqual([0, []]);
        const validated = await runCli(['registry', 'validate', '--data', dataDir]);
        expect(validated.stdout).toContain('registry data valid');
        const after = registryOf(dataDir);
        const now = statuses(after, entry.provider);
        // Every name the data had retired or deprecated still is (nothing became current).
        for (const [name, status] of before) {
          if (status !== 'current') expect([name, now.get(name)]).not.toEqual([name, 'current']);
        }
        // Nothing the listing says shut down answers as current, and no non-chat model is offered.
        for (const change of report.changes) {
          const retired = change.listed?.lifecycle?.retired;
          if (retired !== undefined && retired <= TODAY) {
            const status = after.resolve(entry.provider, change.id).lifecycle?.status;
            if (change.change !== 'skip')
              expect([change.id, status]).toEqual([change.id, 'retired']);
          }
        }
        const offered = new Set(
          after.provider(entry.provider).offerings.map((offering) => offering.id),
        );
        for (const change of report.changes) {
          if (change.change === 'skip' && change.listed && 'kind' in change.listed) {
            expect(offered.has(change.id)).toBe(false);
          }
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
