/** A degradable situation: the work went on, but the caller should know. */
export interface CrosswireWarning {
  /** Stable kind, e.g. `unknown_content_block`. One default emission per kind. */
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Receives warnings. Pass one as `onWarning` to any Crosswire call that can warn. */
export type WarningHandler = (warning: CrosswireWarning) => void;

const emittedKinds = new Set<string>();

/**
 * The default handler: one `process.emitWarning` per warning kind per process (no-op in
 * runtimes without `process`), so a loop that degrades every turn does not flood stderr.
 */
export const defaultWarningHandler: WarningHandler = (warning) => {
  if (emittedKinds.has(warning.code)) return;
  emittedKinds.add(warning.code);
  const proc = (globalThis as { process?: { emitWarning?: (...args: unknown[]) => void } }).process;
  proc?.emitWarning?.(warning.message, { type: 'CrosswireWarning', code: warning.code });
};

/** Sends `warning` to `handler`, or to the default handler when none is given. */
export function emitWarning(handler: WarningHandler | undefined, warning: CrosswireWarning): void {
  (handler ?? defaultWarningHandler)(warning);
}
