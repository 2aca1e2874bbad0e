/**
 * `@crosswire/engines/durable`: conversations and tool-loop states as versioned JSON documents,
 * with large media moved to a blob store, so a conversation or a stepped loop survives a restart.
 *
 * @module @crosswire/engines/durable
 */
export { type BlobStore, blobKey, FileBlobStore, MemoryBlobStore } from './blob-store.js';
export {
  CONVERSATION_FORMAT,
  CONVERSATION_VERSION,
  type ConversationDocument,
  type MediaReference,
  parseConversation,
  type StoredMessage,
  serializeConversation,
} from './conversation.js';
export { ConversationError, type ConversationErrorCode, StoredDocumentError } from './errors.js';
export {
  DEFAULT_MIN_BLOB_BYTES,
  type LoadConversationOptions,
  loadConversation,
  MIN_BLOB_BYTES_FLOOR,
  type SaveConversationOptions,
  saveConversation,
} from './media.js';
export {
  loadToolLoopState,
  parseToolLoopState,
  saveToolLoopState,
  serializeToolLoopState,
  TOOL_LOOP_STATE_FORMAT,
  TOOL_LOOP_STATE_VERSION,
  type ToolLoopStateDocument,
  ToolLoopStateError,
  type ToolLoopStateErrorCode,
} from './tool-loop-state.js';
