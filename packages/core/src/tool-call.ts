import type { WireFormat } from './wire-format.js';

/**
 * One tool call the model asked for, read off a reply of any wire. Immutable.
 *
 * `arguments` is always an object: the decoded arguments, or `{}` when they did not decode
 * (then `argumentsUndecodable` is true and `argumentsError` reads
 * `arguments are not valid JSON: REASON`).
 */
export interface ToolCall {
  /** The provider's call id (`tool_call_id`, `tool_use_id`, `call_id`); may be ''. */
  readonly id: string;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The arguments as the wire carried them: a JSON string or an object. */
  readonly rawArguments: unknown;
  readonly argumentsUndecodable: boolean;
  readonly argumentsError: string | undefined;
  /** The wire the call was read from. */
  readonly wire: WireFormat;
  /** The raw call structure as located in the reply body. */
  readonly raw: unknown;
}
