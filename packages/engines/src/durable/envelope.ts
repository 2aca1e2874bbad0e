import { isRecord } from '@crosswire/dialects';
import type { StoredDocumentError } from './errors.js';

/** What the envelope of one kind of stored document (`format`, `version`) is checked against. */
export interface DocumentKind<Code extends string> {
  /** How messages name the document: `conversation`, `tool-loop state`. */
  readonly noun: string;
  readonly format: string;
  /** The newest version this release reads. */
  readonly version: number;
  /** The code for a document that is not of this kind or is malformed. */
  readonly invalid: Code;
  /** The code for a document newer than this release reads. */
  readonly unsupported: Code;
  readonly error: new (
    code: Code,
    message: string,
    options?: { path?: string; cause?: unknown; details?: Record<string, unknown> },
  ) => StoredDocumentError<Code>;
}

/**
 * The stored document (JSON text is parsed first) after checking that its `format` is the
 * kind's and its `version` one this release reads; the rest is left to the kind's schema.
 */
export function checkEnvelope<Code extends string>(
  input: unknown,
  kind: DocumentKind<Code>,
): Record<string, unknown> {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (cause) {
      throw new kind.error(kind.invalid, `the ${kind.noun} is not JSON`, { cause });
    }
  }
  if (!isRecord(value) || value.format !== kind.format) {
    throw new kind.error(
      kind.invalid,
      `not a stored ${kind.noun}: expected an object with format '${kind.format}'`,
      { path: 'format' },
    );
  }
  const version = value.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new kind.error(
      kind.invalid,
      `the ${kind.noun}'s version must be a positive integer, got ${JSON.stringify(version)}`,
      { path: 'version' },
    );
  }
  if (version > kind.version) {
    throw new kind.error(
      kind.unsupported,
      `the ${kind.noun} is version ${version}; this release of @crosswire/engines reads versions up to ${kind.version} (upgrade it to load this document)`,
      { path: 'version', details: { version, supported: kind.version } },
    );
  }
  return value;
}
