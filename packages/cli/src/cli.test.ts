import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The bin entry as a user's shell runs it: a separate Node process, real streams, the exit
// status the shell sees. CI runs the tests before the build, so the source entry runs through
// tsx, with the workspace's tsconfig paths mapping @crosswire/* to the sources.
const packageDirectory = fileURLToPath(new URL('../', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const entry = fileURLToPath(new URL('./cli.ts', import.meta.url));

interface ProcessRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function runBin(argv: readonly string[], stdin?: string): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...argv], {
      cwd: repositoryRoot,
      env: {
        PATH: process.env.PATH ?? '',
        TSX_TSCONFIG_PATH: `${packageDirectory}tsconfig.json`,
        NO_COLOR: '1',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

describe('the crosswire bin entry', () => {
  it('is the file package.json names as the bin, with a node shebang', () => {
    const manifest = JSON.parse(readFileSync(`${packageDirectory}package.json`, 'utf8')) as {
      bin: Record<string, string>;
    };
    const build = JSON.parse(readFileSync(`${packageDirectory}tsconfig.build.json`, 'utf8')) as {
      compilerOptions: { rootDir: string; outDir: string };
    };
    expect(manifest.bin).toEqual({ crosswire: './dist/node/cli.js' });
    // src/cli.ts compiles to dist/cli.js and is bundled to dist/node/cli.js (the Node build,
    // scripts/bundle-package.mjs): the bin is the bundle of this entry.
    expect(build.compilerOptions).toMatchObject({ rootDir: 'src', outDir: 'dist' });
    expect(readFileSync(entry, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('exits 0 with help, 2 on a wrong command line, 1 on a failed command, one line each', async () => {
    const [help, unknown, none, failed, converted] = await Promise.all([
      runBin(['--help']),
      runBin(['frobnicate']),
      runBin([]),
      runBin(['caps', 'no-such-provider', 'some-model']),
      runBin(['convert', '--wire', 'ollama', '-'], '[{"type":"text","text":"hi"}]'),
    ]);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^crosswire: MCP tool results, exact on every LLM wire\n/);
    expect(unknown).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: unknown command 'frobnicate' (one of: demo, convert, caps, models, providers, fetch-image, registry validate, registry probe, registry sync; see crosswire --help)\n",
    });
    expect(none.code).toBe(2);
    expect(none.stdout).toBe(help.stdout);
    expect(none.stderr).toBe(
      'crosswire: missing command (start with crosswire demo; see crosswire --help)\n',
    );
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toMatch(
      /^crosswire: caps: unknown provider "no-such-provider" [^\n]*\n$/,
    );
    // Standard input through the real process stream.
    expect(converted).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(converted.stdout)).toEqual({
      role: 'tool',
      tool_name: 'tool',
      tool_call_id: 'call_1',
      content: 'hi',
    });
  }, 60_000); // five Node processes compiling TypeScript through tsx: slow on a busy machine
});
