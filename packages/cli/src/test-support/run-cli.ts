import { main } from '../main.js';

/** What one in-process run of the CLI printed and returned. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly stdin?: string;
  readonly env?: Record<string, string | undefined>;
  readonly isTTY?: boolean;
  readonly cwd?: string;
}

/** Runs `crosswire ...argv` in this process with captured output. */
export async function runCli(argv: readonly string[], options: RunOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  // Answers to questions, one line each, from the same text as standard input.
  const answers = (options.stdin ?? '').split('\n');
  if (answers.at(-1) === '') answers.pop();
  const code = await main(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readStdin: async () => options.stdin ?? '',
    readLine: async () => answers.shift(),
    env: options.env ?? {},
    isTTY: options.isTTY ?? false,
    cwd: options.cwd ?? process.cwd(),
  });
  return { code, stdout, stderr };
}
