import { CrosswireError } from '@crosswire/core';

/** Codes of {@link ConversationError}. */
export type ConversationErrorCode =
  | 'invalid_conversation'
  | 'unsupported_conversation_version'
  | 'conversation_not_serializable'
  | 'blob_store_required'
  | 'blob_missing'
  | 'blob_corrupt';

/**
 * A conversation that cannot be saved or loaded. `path` names the entry and field
 * (`messages[3].toolCalls[0].id`); the message says what was refused and why.
 */
export class ConversationError extends CrosswireError {
  declare readonly code: ConversationErrorCode;
  readonly path: string;
  constructor(
    code: ConversationErrorCode,
    message: string,
    options: { path?: string; cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(code, message, {
      cause: options.cause,
      details: { path: options.path ?? '', ...options.details },
    });
    this.path = options.path ?? '';
  }
}
