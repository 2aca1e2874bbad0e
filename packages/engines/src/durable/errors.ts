import { CrosswireError } from '@crosswire/core';

/** Codes of {@link ConversationError}. */
export type ConversationErrorCode =
  | 'invalid_conversation'
  | 'unsupported_conversation_version'
  | 'conversation_not_serializable'
  | 'blob_store_required'
  | 'blob_missing'
  | 'blob_corrupt';

/** Codes of {@link ToolLoopStateError}. */
export type ToolLoopStateErrorCode =
  | 'invalid_tool_loop_state'
  | 'unsupported_tool_loop_state_version'
  | 'tool_loop_state_not_serializable'
  | 'blob_store_required'
  | 'blob_missing'
  | 'blob_corrupt';

/**
 * A stored document (a conversation, a tool-loop state) that cannot be saved or loaded:
 * `path` names where, the message says what was refused and why.
 */
export class StoredDocumentError<Code extends string = string> extends CrosswireError {
  declare readonly code: Code;
  readonly path: string;
  constructor(
    code: Code,
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

/**
 * A conversation that cannot be saved or loaded. `path` names the entry and field
 * (`messages[3].toolCalls[0].id`); the message says what was refused and why.
 */
export class ConversationError extends StoredDocumentError<ConversationErrorCode> {}

/**
 * A tool-loop state that cannot be saved or loaded. `path` names the field
 * (`conversation.messages[3].content`, `pending.calls[1].callId`).
 */
export class ToolLoopStateError extends StoredDocumentError<ToolLoopStateErrorCode> {}
