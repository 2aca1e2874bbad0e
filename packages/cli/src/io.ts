import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CrosswireError } from '@crosswire/core';
import { UsageError } from './errors.js';
import { formatBytes } from './format.js';

/**
 * The largest input a command reads (a file or standard input): 128 MiB, room for a tool
 * result with several large images in base64, well below what one JavaScript string holds.
 */
export const MAX_INPUT_BYTES = 128 * 1024 * 1024;

/** The refusal of an input over {@link MAX_INPUT_BYTES}, said before reading it. */
function tooLarge(command: string, what: string, size: string): CrosswireError {
  return new CrosswireError(
    'input_too_large',
    `${command}: ${what} is too large (${size}; at most ${formatBytes(MAX_INPUT_BYTES)})`,
    { details: { limit: MAX_INPUT_BYTES } },
  );
}

/** Where a command reads and writes, so tests run `main` in-process with captured output. */
export interface CliIo {
  /** Writes to standard output. */
  readonly stdout: (text: string) => void;
  /** Writes to standard error. */
  readonly stderr: (text: string) => void;
  /**
   * Reads all of standard input (for `convert -`). The real one stops past `maxBytes` and
   * resolves to `undefined` then.
   */
  readonly readStdin: (maxBytes?: number) => Promise<string | undefined>;
  /** The environment: API keys and `NO_COLOR`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether standard output is a terminal: colours only there. */
  readonly isTTY: boolean;
  /** The working directory relative paths resolve against. */
  readonly cwd: string;
  /**
   * Reads the next line of standard input (an answer to a question on the terminal), without
   * its line ending; `undefined` once the input has ended. Lines longer than
   * {@link MAX_ANSWER_LENGTH} are cut there (the rest of the line is dropped).
   */
  readonly readLine?: () => Promise<string | undefined>;
}

/** The longest answer line kept (characters); an answer is a word or two. */
export const MAX_ANSWER_LENGTH = 1024;

/**
 * Line by line reads of `stream`, for questions asked one at a time: the stream flows only
 * while a line is awaited (so a waiting command does not hold the process open), and a line
 * is kept only up to {@link MAX_ANSWER_LENGTH} characters.
 */
export function lineReader(stream: NodeJS.ReadableStream): () => Promise<string | undefined> {
  const lines: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let partial = '';
  let ended = false;
  let listening = false;
  const deliver = (line: string | undefined) => {
    const waiter = waiting.shift();
    if (waiter) waiter(line);
    else if (line !== undefined) lines.push(line);
    if (waiting.length === 0) stream.pause();
  };
  const listen = () => {
    if (listening) return;
    listening = true;
    stream.setEncoding?.('utf8');
    stream.on('data', (chunk: string | Buffer) => {
      const parts = `${partial}${chunk}`.split('\n');
      partial = (parts.pop() ?? '').slice(0, MAX_ANSWER_LENGTH);
      for (const line of parts) deliver(line.replace(/\r$/, '').slice(0, MAX_ANSWER_LENGTH));
    });
    stream.on('end', () => {
      ended = true;
      if (partial !== '') deliver(partial);
      partial = '';
      for (const waiter of waiting.splice(0)) waiter(undefined);
    });
  };
  return () => {
    const line = lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (ended) return Promise.resolve(undefined);
    listen();
    return new Promise((resolve) => {
      waiting.push(resolve);
      stream.resume();
    });
  };
}

async function readAll(
  stream: NodeJS.ReadableStream,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBytes) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** All of standard input, refused as too large past {@link MAX_INPUT_BYTES}. */
export async function readStdinText(io: CliIo, command: string): Promise<string> {
  const text = await io.readStdin(MAX_INPUT_BYTES);
  if (text === undefined || Buffer.byteLength(text) > MAX_INPUT_BYTES) {
    throw tooLarge(command, 'standard input', `more than ${formatBytes(MAX_INPUT_BYTES)}`);
  }
  return text;
}

/** The real process: its streams, environment and working directory. */
export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: (maxBytes) => readAll(process.stdin, maxBytes),
    readLine: lineReader(process.stdin),
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
 * read is a usage error: `COMMAND: cannot read WHAT: no such file` (or `is a directory`); a
 * file over {@link MAX_INPUT_BYTES} is refused by its size, before any of it is read.
 */
export async function readTextFile(
  io: CliIo,
  file: string,
  what: string,
  command: string,
): Promise<string> {
  const location = path.resolve(io.cwd, file);
  try {
    const facts = await stat(location);
    if (facts.isFile() && facts.size > MAX_INPUT_BYTES) {
      throw tooLarge(command, what, formatBytes(facts.size));
    }
    return await readFile(location, 'utf8');
  } catch (error) {
    if (error instanceof CrosswireError) throw error;
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
