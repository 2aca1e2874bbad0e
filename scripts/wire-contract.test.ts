import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkWireContract,
  formatReport,
  parseChangeset,
  recordWireContract,
} from './wire-contract.mjs';

const script = fileURLToPath(new URL('./wire-contract.mjs', import.meta.url));

let root: string;

function write(relative: string, text: string): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function addPackage(name: string, goldens: Record<string, unknown>, version = '0.1.0'): void {
  write(`packages/${name}/package.json`, JSON.stringify({ name: `@crosswire/${name}`, version }));
  for (const [file, value] of Object.entries(goldens)) {
    write(`packages/${name}/fixtures/wire/${file}`, `${JSON.stringify(value, null, 2)}\n`);
  }
}

function addChangeset(file: string, releases: Record<string, string>): void {
  const lines = Object.entries(releases).map(([name, bump]) => `'${name}': ${bump}`);
  write(`.changeset/${file}`, ['---', ...lines, '---', '', 'What changed.', ''].join('\n'));
}

function runCli(...args: string[]) {
  const run = spawnSync(process.execPath, [script, ...args, '--root', root], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const anthropicImage = {
  type: 'tool_result',
  tool_use_id: 'call_1',
  content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } }],
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'wire-contract-'));
  write('.changeset/README.md', '# Changesets\n');
  write('.changeset/config.json', '{}\n');
  addPackage('tool-result', {
    'anthropic/image.json': anthropicImage,
    'openai/text.json': { role: 'tool', tool_call_id: 'call_1', content: 'hello' },
  });
  addPackage('core', {});
  recordWireContract(root);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('wire-contract record', () => {
  it('writes one sorted digest line per golden, and none for a package without goldens', () => {
    const digest = readFileSync(
      path.join(root, 'packages/tool-result/fixtures/wire.digest'),
      'utf8',
    );
    const entries = digest.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(entries).toHaveLength(3);
    expect(entries[0]).toBe('version 0.1.0');
    expect(entries[1]).toMatch(/^[0-9a-f]{64} {2}wire\/anthropic\/image\.json$/);
    expect(entries[2]).toMatch(/^[0-9a-f]{64} {2}wire\/openai\/text\.json$/);
    expect(() => readFileSync(path.join(root, 'packages/core/fixtures/wire.digest'))).toThrow();
  });

  it('passes right after recording', () => {
    expect(checkWireContract(root)).toEqual({ ok: true, packages: [], stale: [] });
    expect(runCli('check').status).toBe(0);
  });

  it('does not count reformatting a golden as a contract change', () => {
    write(
      'packages/tool-result/fixtures/wire/anthropic/image.json',
      JSON.stringify(anthropicImage).replace(/,/g, ',\r\n  '),
    );
    expect(checkWireContract(root).ok).toBe(true);
  });
});

describe('wire-contract check', () => {
  function changeGolden(): void {
    write(
      'packages/tool-result/fixtures/wire/anthropic/image.json',
      JSON.stringify({ ...anthropicImage, is_error: true }),
    );
  }

  it('fails on a changed golden with no changeset, and says what changed and what to do', () => {
    changeGolden();
    const result = checkWireContract(root);
    expect(result.ok).toBe(false);
    expect(result.packages).toMatchObject([
      { name: '@crosswire/tool-result', changed: ['wire/anthropic/image.json'], covering: null },
    ]);

    const cli = runCli('check');
    expect(cli.status).toBe(1);
    expect(cli.output).toContain(
      'the wire goldens of @crosswire/tool-result differ from its released version, and no pending changeset bumps it by minor or major',
    );
    expect(cli.output).toContain(
      'changed  packages/tool-result/fixtures/wire/anthropic/image.json',
    );
    expect(cli.output).toContain('npx -y pnpm@12.4.2 changeset');
    expect(cli.output).toContain('recording is not a way around it');
  });

  it('passes once a minor changeset names the package, with a notice', () => {
    changeGolden();
    addChangeset('brave-tools-sing.md', { '@crosswire/tool-result': 'minor' });
    const result = checkWireContract(root);
    expect(result.ok).toBe(true);
    expect(result.packages[0]?.covering).toEqual({
      file: path.join('.changeset', 'brave-tools-sing.md'),
      bump: 'minor',
    });

    const cli = runCli('check');
    expect(cli.status).toBe(0);
    expect(cli.output).toContain(
      'notice: the wire goldens of @crosswire/tool-result differ from its released version; covered by the minor bump',
    );
  });

  it('recording without a changeset does not make the check pass: the released goldens are kept', () => {
    const digestFile = path.join(root, 'packages/tool-result/fixtures/wire.digest');
    const released = readFileSync(digestFile, 'utf8');
    changeGolden();
    const recorded = runCli('record');
    expect(recorded.status).toBe(0);
    expect(recorded.output).toContain(
      'notice: packages/tool-result/fixtures/wire.digest holds the released goldens of @crosswire/tool-result 0.1.0; kept as they are.',
    );
    expect(recorded.output).toContain(
      'changed  packages/tool-result/fixtures/wire/anthropic/image.json',
    );
    expect(readFileSync(digestFile, 'utf8')).toBe(released);
    expect(recordWireContract(root)).toMatchObject({
      written: [],
      refused: [{ name: '@crosswire/tool-result', changed: ['wire/anthropic/image.json'] }],
    });
    expect(runCli('check').status).toBe(1);

    // A changeset covers it until the release; recording in between changes nothing either.
    addChangeset('brave-tools-sing.md', { '@crosswire/tool-result': 'minor' });
    expect(runCli('record').status).toBe(0);
    expect(readFileSync(digestFile, 'utf8')).toBe(released);
    unlinkSync(path.join(root, '.changeset/brave-tools-sing.md'));
    expect(checkWireContract(root).ok).toBe(false);
  });

  it('a release records the goldens of the new version; until then the check names the stale digest', () => {
    changeGolden();
    addChangeset('brave-tools-sing.md', { '@crosswire/tool-result': 'minor' });
    // What `changeset version` does: bump the version, consume the changeset.
    addPackage('tool-result', {}, '0.2.0');
    unlinkSync(path.join(root, '.changeset/brave-tools-sing.md'));
    const before = runCli('check');
    expect(before.status).toBe(1);
    expect(before.output).toContain(
      'packages/tool-result/fixtures/wire.digest holds the goldens of @crosswire/tool-result 0.1.0, but the package is at 0.2.0.',
    );
    expect(checkWireContract(root).stale).toEqual([
      {
        name: '@crosswire/tool-result',
        dir: path.join('packages', 'tool-result'),
        recorded: '0.1.0',
        version: '0.2.0',
      },
    ]);
    expect(recordWireContract(root).written).toEqual([
      path.join('packages', 'tool-result', 'fixtures', 'wire.digest'),
    ]);
    expect(checkWireContract(root)).toEqual({ ok: true, packages: [], stale: [] });
    expect(
      readFileSync(path.join(root, 'packages/tool-result/fixtures/wire.digest'), 'utf8'),
    ).toContain('\nversion 0.2.0\n');
  });

  it('refuses a digest that names no released version', () => {
    write(
      'packages/tool-result/fixtures/wire.digest',
      `# old format\n${'0'.repeat(64)}  wire/openai/text.json\n`,
    );
    const cli = runCli('check');
    expect(cli.status).toBe(2);
    expect(cli.output).toContain('names no released version');
  });

  it('passes with a major changeset too', () => {
    changeGolden();
    addChangeset('major.md', { '@crosswire/tool-result': 'major' });
    expect(checkWireContract(root).ok).toBe(true);
  });

  it('still fails with a patch changeset, and names it as not enough', () => {
    changeGolden();
    addChangeset('small-fix.md', { '@crosswire/tool-result': 'patch' });
    const cli = runCli('check');
    expect(cli.status).toBe(1);
    expect(cli.output).toContain(
      `${path.join('.changeset', 'small-fix.md')} bumps @crosswire/tool-result by patch only: not enough.`,
    );
  });

  it('still fails when the minor changeset names another package', () => {
    changeGolden();
    addChangeset('other.md', { '@crosswire/core': 'minor' });
    expect(checkWireContract(root).ok).toBe(false);
  });

  it('treats added and removed goldens as contract changes', () => {
    write('packages/tool-result/fixtures/wire/gemini/pdf.json', '{"inlineData":{}}\n');
    unlinkSync(path.join(root, 'packages/tool-result/fixtures/wire/openai/text.json'));
    const [entry] = checkWireContract(root).packages;
    expect(entry).toMatchObject({
      added: ['wire/gemini/pdf.json'],
      removed: ['wire/openai/text.json'],
    });
    expect(formatReport(checkWireContract(root)).join('\n')).toContain(
      'removed  packages/tool-result/fixtures/wire/openai/text.json',
    );
  });

  it('treats goldens of a package with no recorded digest as new contract', () => {
    addPackage('content-image', { 'anthropic/url.json': { type: 'image' } });
    const result = checkWireContract(root);
    expect(result.ok).toBe(false);
    expect(result.packages).toMatchObject([
      { name: '@crosswire/content-image', added: ['wire/anthropic/url.json'] },
    ]);
  });

  it('covers the tool-loop goldens in fixtures/loop/ as well', () => {
    write('packages/engines/package.json', JSON.stringify({ name: '@crosswire/engines' }));
    write('packages/engines/fixtures/loop/openai.json', '{"messages":[]}\n');
    expect(checkWireContract(root).packages).toMatchObject([
      { name: '@crosswire/engines', added: ['loop/openai.json'], covering: null },
    ]);
    // The first record of a package (no digest yet) writes its goldens.
    expect(recordWireContract(root).written).toEqual([
      path.join('packages', 'engines', 'fixtures', 'wire.digest'),
    ]);
    write('packages/engines/fixtures/loop/openai.json', '{"messages":[1]}\n');
    const cli = runCli('check');
    expect(cli.status).toBe(1);
    expect(cli.output).toContain('changed  packages/engines/fixtures/loop/openai.json');
  });

  it('reports a golden that is not JSON instead of skipping it', () => {
    write('packages/tool-result/fixtures/wire/openai/text.json', '{ not json');
    const cli = runCli('check');
    expect(cli.status).toBe(2);
    expect(cli.output).toContain('is not valid JSON');
  });
});

describe('the release records the goldens of each new version', () => {
  it('the release workflow versions through version-packages, which records after changeset version', () => {
    const repository = fileURLToPath(new URL('..', import.meta.url));
    const workflow = readFileSync(path.join(repository, '.github/workflows/release.yml'), 'utf8');
    const manifest = JSON.parse(readFileSync(path.join(repository, 'package.json'), 'utf8'));
    expect(workflow).toContain('version: npx -y pnpm@12.4.2 version-packages\n');
    expect(manifest.scripts['version-packages']).toBe(
      'changeset version && node scripts/wire-contract.mjs record',
    );
  });
});

describe('parseChangeset', () => {
  it('reads single- and double-quoted names from the front matter only', () => {
    const text = [
      '---',
      '"@crosswire/core": minor',
      "'@crosswire/engines': patch",
      '"@crosswire/cli":  major  ',
      '---',
      '',
      '"@crosswire/registry": major',
    ].join('\n');
    expect([...parseChangeset(text)]).toEqual([
      ['@crosswire/core', 'minor'],
      ['@crosswire/engines', 'patch'],
      ['@crosswire/cli', 'major'],
    ]);
  });

  it('reads nothing from a file without front matter', () => {
    expect(parseChangeset('# just notes\n').size).toBe(0);
  });
});
