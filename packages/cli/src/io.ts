import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from './errors.js';

/** Where a command reads and writes, so tests run `main` in-process with captured output. */
export interface CliIo {
  /** Writes to standard output. */
  readonly stdout: (text: string) => void;
  /** Writes to standard error. */
  readonly stderr: (text: string) => void;
  /** Reads all of standard input (for `convert -`). */
  readonly readStdin: () => Promise<string>;
  /** The environment: API keys and `NO_COLOR`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether standard output is a terminal: colours only there. */
  readonly isTTY: boolean;
  /** The working directory relative paths resolve against. */
  readonly cwd: string;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The real process: its streams, environment and working directory. */
export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: () => readAll(process.stdin),
    env: process.env,
    isTTY: process.stdout.isTTY === true,
    cwd: process.cwd(),
  };
}

/** Fills what a partial `io` leaves out from the real process. */
export function completeIo(io: Partial<CliIo> | undefined): CliIo {
  return { ...processIo(), ...io };
}

/**
 * Reads a text file named on the command line (relative to `io.cwd`). A file that cannot be
 * read is a usage error: `COMMAND: cannot read WHAT: no such file` (or `is a directory`).
 */
export async function readTextFile(
  io: CliIo,
  file: string,
  what: string,
  command: string,
): Promise<string> {
  try {
    return await readFile(path.resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : (code ?? 'unreadable');
    throw new UsageError(`${command}: cannot read ${what}: ${reason}`, command);
  }
}
