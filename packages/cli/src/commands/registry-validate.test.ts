import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';

const dataDirectory = fileURLToPath(new URL('../../../registry/data/', import.meta.url));

async function copyOfData(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'crosswire-registry-'));
  await cp(dataDirectory, directory, { recursive: true });
  return directory;
}

describe('crosswire registry validate', () => {
  it('passes on the shipped data, found from inside the checkout', async () => {
    const run = await runCli(['registry', 'validate'], {
      cwd: path.join(dataDirectory, '..', 'src'),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^ok registry data valid: \d+ files checked \(.*packages\/registry\/data\)\n$/,
    );
  });

  it('checks the built-in data outside a checkout', async () => {
    const run = await runCli(['registry', 'validate', '--json'], { cwd: tmpdir() });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      source: 'built-in data of @crosswire/registry',
      issues: [],
    });
  });

  it('names the file, the field and the problem, and exits 1', async () => {
    const directory = await copyOfData();
    const file = path.join(directory, 'providers', 'openai.json');
    const provider = JSON.parse(await readFile(file, 'utf8'));
    provider.tool_wire_fromat = provider.tool_wire_format;
    await writeFile(file, JSON.stringify(provider));
    await writeFile(path.join(directory, 'providers', 'broken.json'), '{ not json');
    const run = await runCli(['registry', 'validate', '--data', directory]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'x providers/openai.json: tool_wire_fromat: unknown field "tool_wire_fromat"',
    );
    expect(run.stdout).toMatch(/^x providers\/broken\.json: \(file\): not valid JSON: /m);
    expect(run.stdout).toMatch(/^\d+ problems in \d+ files \(/m);

    const json = JSON.parse(
      (await runCli(['registry', 'validate', '--data', directory, '--json'])).stdout,
    );
    expect(json.ok).toBe(false);
    expect(json.issues).toContainEqual({
      file: 'providers/openai.json',
      path: 'tool_wire_fromat',
      message: 'unknown field "tool_wire_fromat" (the schema is strict; check the spelling)',
    });
  });

  it('refuses a --data that is not a directory', async () => {
    expect(await runCli(['registry', 'validate', '--data', '/no/such/dir'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'crosswire: registry validate: /no/such/dir is not a directory (see crosswire registry validate --help)\n',
    });
  });

  it('takes the data directory as an argument too, and refuses it given twice', async () => {
    const flagged = await runCli(['registry', 'validate', '--data', dataDirectory, '--json']);
    expect(flagged.code).toBe(0);
    expect(await runCli(['registry', 'validate', dataDirectory, '--json'])).toEqual(flagged);
    expect(await runCli(['registry', 'validate', '--data', dataDirectory, dataDirectory])).toEqual({
      code: 2,
      stdout: '',
      stderr: `crosswire: registry validate: unexpected argument ${dataDirectory} (see crosswire registry validate --help)\n`,
    });
    expect((await runCli(['registry', 'validate', '/no/such/dir'])).stderr).toBe(
      'crosswire: registry validate: /no/such/dir is not a directory (see crosswire registry validate --help)\n',
    );
  });
});
