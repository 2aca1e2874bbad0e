import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../create.js';
import { claim, SOURCE, testLab } from '../test-support/fixtures.js';
import {
  checkNamesResolve,
  formatIssue,
  parseRegistrySource,
  type RegistryFile,
  validateRegistrySources,
} from './validate.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const script = path.join(packageDir, 'scripts', 'registry.ts');

function readJson(relative: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(packageDir, relative), 'utf8'));
}

/** Validates the shipped data with one file replaced by `changed`. */
function problemsWith(relative: string, change: (data: Record<string, unknown>) => void): string[] {
  const sources = ['models', 'providers'].flatMap((folder) => {
    const dir = path.join(packageDir, 'data', folder);
    return readDirJson(dir).map((name) => {
      const file = `data/${folder}/${name}`;
      const data = readJson(file);
      if (file === relative) change(data);
      return { file, data };
    });
  });
  return validateRegistrySources(sources).issues.map(formatIssue);
}

function readDirJson(dir: string): string[] {
  return spawnSync('ls', [dir], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((name) => name.endsWith('.json'));
}

type Json = Record<string, unknown> & {
  models: Record<string, unknown>[];
  offerings: Record<string, unknown>[];
};

describe('validation of the shipped data', () => {
  it('finds no problem', () => {
    expect(problemsWith('', () => {})).toEqual([]);
  });
});

describe('validation failures name the file, the field and the problem', () => {
  it('a misspelt field (strict schema)', () => {
    expect(
      problemsWith('data/providers/anthropic.json', (data) => {
        data.quirk = { source_blocks: false };
      }),
    ).toEqual([
      'data/providers/anthropic.json: quirk: unknown field "quirk" (the schema is strict; check the spelling)',
    ]);
    expect(
      problemsWith('data/models/openai.json', (data) => {
        const model = (data as Json).models[0] as { capabilities: Record<string, unknown> };
        model.capabilities.image_inptu = { value: true };
      }),
    ).toEqual([
      'data/models/openai.json: models["gpt-4o"].capabilities.image_inptu: unknown field "image_inptu" (the schema is strict; check the spelling)',
    ]);
  });

  it('a missing required field says it is missing', () => {
    const problems = problemsWith('data/providers/anthropic.json', (data) => {
      data.tool_wire_fromat = data.tool_wire_format;
      delete data.tool_wire_format;
    });
    expect(problems).toContain(
      'data/providers/anthropic.json: tool_wire_fromat: unknown field "tool_wire_fromat" (the schema is strict; check the spelling)',
    );
    expect(problems.find((line) => line.includes(': tool_wire_format: '))).toMatch(
      /^data\/providers\/anthropic\.json: tool_wire_format: required field is missing \(/,
    );
  });

  it('a wrong value type or enum', () => {
    expect(
      problemsWith('data/providers/aki-anthropic.json', (data) => {
        (data.quirks as Record<string, unknown>).tool_result_images = 'sometimes';
      }),
    ).toEqual([
      'data/providers/aki-anthropic.json: quirks.tool_result_images: got "sometimes"; expected "never"',
    ]);
    expect(
      problemsWith('data/providers/ollama.json', (data) => {
        data.tool_wire_format = 'grpc';
      }),
    ).toEqual([
      'data/providers/ollama.json: tool_wire_format: got "grpc"; expected one of "openai", "anthropic", "gemini", "ollama", "responses", "hermes", "bedrock"',
    ]);
  });

  it('values the transport cannot use are refused here, not retried as unreachable later', () => {
    expect(
      problemsWith('data/providers/ollama.json', (data) => {
        data.base_url = 'file:///etc/passwd';
      }),
    ).toEqual([
      'data/providers/ollama.json: base_url: base_url must be an http or https URL (the transport speaks nothing else)',
    ]);
    expect(
      problemsWith('data/providers/ollama.json', (data) => {
        data.base_url = 'http://user:secret@localhost:11434';
      }),
    ).toEqual([
      'data/providers/ollama.json: base_url: base_url must not carry credentials (user:password@); the key goes in the auth header',
    ]);
    expect(
      problemsWith('data/providers/ollama.json', (data) => {
        data.base_url = 'http://localhost:11434/#v1';
      }),
    ).toEqual([
      'data/providers/ollama.json: base_url: base_url must not have a fragment (#...): it is never sent, so the chat path would be lost; a query (?name=value) is kept after the chat path',
    ]);
    // A query is a valid part of a base URL (Azure's api-version): the engine keeps it.
    expect(
      problemsWith('data/providers/openai.json', (data) => {
        data.base_url =
          'https://example.openai.azure.com/openai/deployments/x?api-version=2024-10-21';
      }),
    ).toEqual([]);
    expect(
      problemsWith('data/providers/anthropic.json', (data) => {
        data.headers = { 'anthropic-version': '2023-06-01\r\nx-injected: 1' };
      }),
    ).toEqual([
      'data/providers/anthropic.json: headers.anthropic-version: a header value must not contain CR, LF or NUL',
    ]);
    expect(
      problemsWith('data/providers/anthropic.json', (data) => {
        data.headers = { 'bad header': 'x' };
      }),
    ).toEqual([
      'data/providers/anthropic.json: headers.bad header: a header name must be an HTTP token (letters, digits, -)',
    ]);
    expect(
      problemsWith('data/providers/anthropic.json', (data) => {
        data.auth = { header: 'x-api-key\n', scheme: 'Bearer\r\n' };
      }),
    ).toEqual([
      'data/providers/anthropic.json: auth.header: a header name must be an HTTP token (letters, digits, -)',
      'data/providers/anthropic.json: auth.scheme: an auth scheme is one word, e.g. Bearer',
    ]);
  });

  it('a true claim without a source', () => {
    expect(
      problemsWith('data/models/openai.json', (data) => {
        const model = (data as Json).models[0] as {
          capabilities: { image_input: Record<string, unknown> };
        };
        delete model.capabilities.image_input.source;
      }),
    ).toEqual([
      'data/models/openai.json: models["gpt-4o"].capabilities.image_input.source: a true claim needs a source URL (docs page, changelog or recorded fixture)',
    ]);
  });

  it('a probe record on a claim that is not live', () => {
    expect(
      problemsWith('data/models/openai.json', (data) => {
        const model = (data as Json).models[0] as {
          capabilities: { image_input: Record<string, unknown> };
        };
        model.capabilities.image_input.probe = {
          code_word: 'KX7RMA',
          reply: 'KX7RMA',
          endpoint: 'https://api.openai.com/v1/chat/completions',
        };
      }),
    ).toEqual([
      'data/models/openai.json: models["gpt-4o"].capabilities.image_input.probe: a probe record belongs to a "live" claim (what a live probe observed)',
    ]);
  });

  it('an output limit over the context window', () => {
    expect(
      problemsWith('data/models/anthropic.json', (data) => {
        ((data as Json).models[5] as { limits: { context: number } }).limits.context = 20000;
      }),
    ).toEqual([
      'data/models/anthropic.json: models["claude-sonnet-4-5"].limits.output: output limit 64000 exceeds the context window 20000',
    ]);
  });

  it('a dangling model reference and a duplicate alias', () => {
    expect(
      problemsWith('data/providers/groq.json', (data) => {
        ((data as Json).offerings[0] as { model: string }).model = 'meta/llama-9';
      }),
    ).toEqual([
      'data/providers/groq.json: offerings["llama-3.1-8b-instant"].model: unknown model "meta/llama-9" (no lab file defines it)',
    ]);
    expect(
      problemsWith('data/models/xai.json', (data) => {
        ((data as Json).models[0] as { aliases: string[] }).aliases = ['GPT-4o'];
      }),
    ).toEqual([
      'data/models/xai.json: models["grok-4.3"].aliases[0]: model name "GPT-4o" is already a name of openai/gpt-4o (data/models/openai.json)',
    ]);
  });

  it('a quirk without provenance, and a tool-result claim the wire cannot carry', () => {
    expect(
      problemsWith('data/providers/minimax-anthropic.json', (data) => {
        data.quirks = { source_blocks: false };
      }),
    ).toEqual([
      'data/providers/minimax-anthropic.json: quirk_sources.source_blocks: quirk "source_blocks" needs its provenance in quirk_sources.source_blocks (evidence, date, source)',
    ]);
    expect(
      problemsWith('data/providers/deepseek.json', (data) => {
        data.capabilities = {
          tool_result_images: {
            value: true,
            evidence: 'docs',
            source: 'https://example.test',
            date: '2026-01-01',
          },
        };
      }),
    ).toEqual([
      'data/providers/deepseek.json: capabilities.tool_result_images.value: claims tool_result_images true, but the openai wire has no native image form in a tool result (carriesNative is false); remove the claim',
    ]);
  });

  it('an unreachable conditional claim and a bad version range', () => {
    expect(
      problemsWith('data/providers/gemini.json', (data) => {
        const capabilities = data.capabilities as { tool_result_images: Record<string, unknown>[] };
        delete capabilities.tool_result_images[0]?.when;
        (capabilities.tool_result_images[1]?.when as Record<string, unknown>).version = '< 3';
      }),
    ).toEqual([
      // the schema problem and the cross-field problem of the same file, in one run
      'data/providers/gemini.json: capabilities.tool_result_images[1].when.version: expected comparisons such as ">=3" or ">=2.5 <3"',
      'data/providers/gemini.json: capabilities.tool_result_images[0].when: claim has no "when" and matches every model, so the claims after it are unreachable; move it last',
    ]);
    expect(
      problemsWith('data/providers/gemini.json', (data) => {
        const capabilities = data.capabilities as { tool_result_images: Record<string, unknown>[] };
        delete capabilities.tool_result_images[0]?.when;
      }),
    ).toEqual([
      'data/providers/gemini.json: capabilities.tool_result_images[0].when: claim has no "when" and matches every model, so the claims after it are unreachable; move it last',
    ]);
  });

  it('a provider file whose id does not match its name', () => {
    expect(
      problemsWith('data/providers/xai.json', (data) => {
        data.id = 'xai-cloud';
      }),
    ).toEqual([
      'data/providers/xai.json: id: provider id "xai-cloud" does not match the file name (expected "xai")',
    ]);
  });
});

describe('every name resolves to its own entry', () => {
  function parsed(file: string, data: unknown): RegistryFile {
    const result = parseRegistrySource({ file, data });
    if (!result.file) throw new Error(JSON.stringify(result.issues));
    return result.file;
  }
  const model = (id: string, aliases: string[]) => ({
    id,
    name: id,
    family: 'acme',
    aliases,
    capabilities: { tools: claim(true) },
    source: SOURCE,
  });

  it('holds for the shipped data and for entries', () => {
    const registry = createRegistry({ entries: [testLab()] });
    expect(checkNamesResolve(registry.files())).toEqual([]);
  });

  // The uniqueness checks stop these data sets first (see the tests above); here the check
  // itself is fed them, as it would be if a resolver step shadowed a name.
  it('fails when a model name resolves to another model', () => {
    const files = [
      parsed('data/models/one.json', {
        lab: 'one',
        name: 'One',
        models: [model('m1', ['shared'])],
      }),
      parsed('data/models/two.json', {
        lab: 'two',
        name: 'Two',
        models: [model('m2', ['shared'])],
      }),
    ];
    expect(checkNamesResolve(files).map(formatIssue)).toEqual([
      'data/models/one.json: models["m1"].aliases[0]: "shared" resolves to two/m2, not to one/m1',
    ]);
    expect(validateRegistrySources(files).issues.map(formatIssue)).toEqual([
      'data/models/two.json: models["m2"].aliases[0]: model name "shared" is already a name of one/m1 (data/models/one.json)',
    ]);
  });

  it('fails when an offering name resolves to another offering', () => {
    const files = [
      parsed('data/models/one.json', {
        lab: 'one',
        name: 'One',
        models: [model('m1', []), model('m2', [])],
      }),
      parsed('data/providers/p.json', {
        id: 'p',
        name: 'P',
        tool_wire_format: 'openai',
        base_url: 'http://127.0.0.1:9/v1',
        chat_path: '/chat/completions',
        auth: null,
        docs: SOURCE,
        offerings: [
          { id: 'first', model: 'one/m1', aliases: ['both'] },
          { id: 'second', model: 'one/m2', aliases: ['both'] },
        ],
      }),
    ];
    expect(checkNamesResolve(files).map(formatIssue)).toEqual([
      'data/providers/p.json: offerings["first"].aliases[0]: "both" resolves to offering "second" on provider "p", not to offering "first"',
    ]);
    expect(validateRegistrySources(files).issues.map(formatIssue)).toEqual([
      'data/providers/p.json: offerings["second"].aliases[0]: offering name "both" is already used by offerings[0]',
    ]);
  });
});

describe('the registry script', () => {
  function run(...args: string[]) {
    return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: packageDir,
      encoding: 'utf8',
    });
  }

  it('validates the shipped data and finds the generated files up to date', () => {
    const result = run('check');
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(
      /^registry: \d+ providers, \d+ models: valid\nregistry: generated files up to date\n$/,
    );
    expect(result.status).toBe(0);
  });

  it('check fails, naming the stale files, when the data changed but CAPABILITIES.md did not', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-data-'));
    try {
      cpSync(path.join(packageDir, 'data'), dir, { recursive: true });
      const file = path.join(dir, 'providers', 'minimax-anthropic.json');
      const data = JSON.parse(readFileSync(file, 'utf8'));
      data.quirks = { source_blocks: false };
      data.quirk_sources = { source_blocks: { evidence: 'live', date: '2026-11-29' } };
      writeFileSync(file, JSON.stringify(data));
      const before = readFileSync(path.join(packageDir, 'CAPABILITIES.md'), 'utf8');
      const result = run('check', '--data', dir, '--quiet');
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        'registry: out of date: src/generated/data.ts, CAPABILITIES.md; run `node --import tsx packages/registry/scripts/registry.ts generate` and commit the result\n',
      );
      // check never writes.
      expect(readFileSync(path.join(packageDir, 'CAPABILITIES.md'), 'utf8')).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects an unknown command', () => {
    const result = run('publish');
    expect([result.status, result.stderr]).toEqual([
      2,
      'unknown command "publish" (use validate, generate or check)\n',
    ]);
  });

  it('fails on a bad data file, naming the file, the field and the problem', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-data-'));
    try {
      cpSync(path.join(packageDir, 'data'), dir, { recursive: true });
      const file = path.join(dir, 'providers', 'anthropic.json');
      const data = JSON.parse(readFileSync(file, 'utf8'));
      data.base_url = 'not a url';
      writeFileSync(file, JSON.stringify(data));
      writeFileSync(path.join(dir, 'models', 'broken.json'), '{ "lab": ');
      const result = run('validate', '--data', dir);
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      const relative = path.relative(packageDir, dir).split(path.sep).join('/');
      expect(lines[0]).toMatch(
        new RegExp(`^${relative}/models/broken\\.json: \\(file\\): not valid JSON: `),
      );
      expect(lines[1]).toBe(
        `${relative}/providers/anthropic.json: base_url: base_url must be an http or https URL (the transport speaks nothing else)`,
      );
      expect(lines[2]).toBe(`registry: 2 problem(s) in ${dir}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
