// `crosswire demo --approve`: the question on the terminal before each call of the demo's
// tool that is not read-only, answered in process and through a real pipe into the bin.
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lineReader, MAX_ANSWER_LENGTH } from '../io.js';
import { runCli } from '../test-support/run-cli.js';
import { DEMO_TOOLS } from './mcp-server.js';
import type { DemoReport } from './report.js';

const QUESTION =
  'crosswire: book_table {"city":"Paris"} on "crosswire-demo" (mcpServers[0]): run it? [y/N] ';

/** What book_table's result reached the model as, per conversation. */
function bookings(report: DemoReport): unknown[] {
  return report.outcomes.map(
    (outcome) => outcome.rows.find((row) => row.tool === 'book_table')?.block,
  );
}

describe('crosswire demo --approve', () => {
  it('asks before each book_table call only; yes runs it, no denies it and the model reads the denial', async () => {
    const run = await runCli(['demo', '--approve', '--wire', 'openai', '--json'], {
      stdin: 'y\nno\n',
    });
    expect(run.code).toBe(0);
    // One question per conversation (vision model, then text model), for book_table only: the
    // other four tools are annotated read-only.
    expect(run.stderr).toBe(`${QUESTION}  approved\n${QUESTION}  denied\n`);
    expect(bookings(JSON.parse(run.stdout) as DemoReport)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_book_table',
        content: 'booking service unavailable: try again later',
      },
      { role: 'tool', tool_call_id: 'call_book_table', content: 'the user denied this call' },
    ]);
  });

  it('the demo tools carry the MCP annotations the policy reads', () => {
    expect(DEMO_TOOLS.map((tool) => [tool.name, tool.annotations.readOnlyHint])).toEqual([
      ['get_weather', true],
      ['render_chart', true],
      ['fetch_report', true],
      ['read_notes', true],
      ['book_table', false],
    ]);
  });

  it('without --approve nothing is asked', async () => {
    const run = await runCli(['demo', '--wire', 'openai', '--json'], { stdin: 'n\n' });
    expect(run.stderr).toBe('');
    expect(bookings(JSON.parse(run.stdout) as DemoReport)).toEqual([
      expect.objectContaining({ content: 'booking service unavailable: try again later' }),
      expect.objectContaining({ content: 'booking service unavailable: try again later' }),
    ]);
  });

  it('--approve does not go with --output', async () => {
    const run = await runCli(['demo', '--output', '--approve']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'crosswire: demo: --output calls no tools; there is nothing to --approve (see crosswire demo --help)\n',
    );
  });

  it('the bin, answers piped into it: an input that ends denies the rest', async () => {
    const entry = fileURLToPath(new URL('../cli.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', entry, 'demo', '--approve', '--wire', 'anthropic', '--stream'],
      {
        cwd: fileURLToPath(new URL('../../../../', import.meta.url)),
        env: {
          PATH: process.env.PATH ?? '',
          TSX_TSCONFIG_PATH: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
          NO_COLOR: '1',
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    // One answer, then the input ends: the second question gets none.
    child.stdin.end('yes\n');
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toBe(`${QUESTION}  approved\n${QUESTION}\n  denied\n`);
    // The stream shows the question, the decision and the denial reaching the model.
    expect(stdout).toContain('  ? book_table waits for a decision\n  approved\n');
    expect(stdout).toContain(
      '  ? book_table waits for a decision\n  denied: no answer (standard input ended)\n',
    );
    expect(stdout).toContain('  ← book_table: error result (denied)\n');
  }, 60_000);
});

describe('lineReader', () => {
  it('reads one line per question, without its line ending, cut at MAX_ANSWER_LENGTH; undefined once ended', async () => {
    const input = new PassThrough();
    const readLine = lineReader(input);
    const first = readLine();
    input.write('yes\r\nn');
    expect(await first).toBe('yes');
    input.write(`o\n${'y'.repeat(MAX_ANSWER_LENGTH + 10)}\nlast`);
    expect(await readLine()).toBe('no');
    expect(await readLine()).toBe('y'.repeat(MAX_ANSWER_LENGTH));
    input.end();
    expect(await readLine()).toBe('last');
    expect(await readLine()).toBeUndefined();
    expect(MAX_ANSWER_LENGTH).toBe(1024);
  });
});
