import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from './args.js';
import { runCli } from './test-support/run-cli.js';

describe('parseCommandArgs', () => {
  const options = { timeout: { type: 'string' }, json: { type: 'boolean' } } as const;

  it('takes a negative number after an option as its value', () => {
    expect(parseCommandArgs('x', ['--timeout', '-5', 'URL'], options)).toEqual({
      values: { timeout: '-5' },
      positionals: ['URL'],
    });
  });

  it('says how to pass a value that looks like an option', () => {
    expect(() => parseCommandArgs('x', ['--timeout', '-q'], options)).toThrow(
      "x: --timeout needs a value, and '-q' looks like an option (write --timeout=-q if it is the value)",
    );
  });
});

describe('crosswire fetch-image --timeout -5', () => {
  it('says what is wrong with the value, not that it is ambiguous', async () => {
    expect(await runCli(['fetch-image', '--timeout', '-5', 'http://images.test/x.png'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: fetch-image: --timeout must be a positive whole number (got '-5') (see crosswire fetch-image --help)\n",
    });
  });
});

describe('a mistyped option', () => {
  it('names the option it was most likely meant to be', async () => {
    expect(await runCli(['caps', 'anthropic', 'claude-sonnet-4-5', '--explian'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: caps: unknown option '--explian'; did you mean --explain? (see crosswire caps --help)\n",
    });
    expect((await runCli(['convert', '--wire', 'openai', '--verbos', '-'])).stderr).toBe(
      "crosswire: convert: unknown option '--verbos'; did you mean --verbose? (see crosswire convert --help)\n",
    );
  });

  it('suggests nothing when no option is near', async () => {
    expect((await runCli(['caps', 'anthropic', 'claude-sonnet-4-5', '--colour'])).stderr).toBe(
      "crosswire: caps: unknown option '--colour' (see crosswire caps --help)\n",
    );
  });
});
