/**
 * One family of errors for every Crosswire package: catch `CrosswireError` and switch on
 * `code`, or `instanceof` a subclass. Messages say what was refused and why.
 */
export class CrosswireError extends Error {
  /** A stable, machine-readable reason, e.g. `unknown_media_kind`. */
  readonly code: string;
  /** Facts about the refusal (a path, a URL, a limit), for logs and programs. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    code: string,
    message: string,
    options: { cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = Object.freeze({ ...options.details });
  }
}

/** Input that does not match its schema; `path` names the bad field (`content[2].mimeType`). */
export class ValidationError extends CrosswireError {
  readonly path: string;
  constructor(message: string, options: { path?: string; cause?: unknown; code?: string } = {}) {
    super(options.code ?? 'invalid_input', message, {
      cause: options.cause,
      details: { path: options.path ?? '' },
    });
    this.path = options.path ?? '';
  }
}

/** `'name'` for a string, as the seeds quote names; the plain value otherwise. */
function quoted(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

/** A media kind other than the ones the wire facts know (`image`, `pdf`). */
export class UnknownMediaKindError extends CrosswireError {
  constructor(kind: unknown) {
    super('unknown_media_kind', `unknown media kind ${quoted(kind)} (known kinds: image, pdf)`, {
      details: { kind },
    });
  }
}

/** A wire format name that is not one of the known wire formats. */
export class UnknownWireFormatError extends CrosswireError {
  constructor(wire: unknown) {
    super(
      'unknown_wire_format',
      `unknown wire format ${quoted(wire)} (known: openai, anthropic, gemini, ollama, responses, hermes, bedrock)`,
      { details: { wire } },
    );
  }
}

/**
 * Codes of {@link ImageFetchError}: why an image URL was not fetched or its bytes not kept.
 */
export type ImageFetchErrorCode =
  | 'image_url_scheme_refused'
  | 'image_url_refused'
  | 'image_too_large'
  | 'image_encoding_refused'
  | 'image_redirect_refused'
  | 'image_too_many_redirects'
  | 'image_fetch_timeout'
  | 'image_fetch_failed'
  | 'image_http_status'
  | 'image_type_mismatch'
  | 'image_type_refused';

/** A refused or failed image fetch. Nothing was stored on the image. */
export class ImageFetchError extends CrosswireError {
  declare readonly code: ImageFetchErrorCode;
  readonly url: string;
  constructor(
    code: ImageFetchErrorCode,
    message: string,
    options: { url: string; cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(code, message, {
      cause: options.cause,
      details: { url: options.url, ...options.details },
    });
    this.url = options.url;
  }
}

/**
 * A serializer needed bytes the value does not hold yet (a URL-only image on a wire that
 * takes inline data). The message names the call to make first.
 */
export class ImageNotFetchedError extends CrosswireError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super('image_not_fetched', message, { details });
  }
}

/** An error the provider reported: an HTTP error status, or an error body in a 200 reply. */
export class ProviderError extends CrosswireError {
  readonly status: number | undefined;
  readonly providerCode: string | undefined;
  readonly providerMessage: string | undefined;
  readonly retryAfterMs: number | undefined;
  /**
   * Whether the same request may succeed when sent again: a transient failure the provider
   * documents as such (Anthropic `overloaded_error` in the middle of a stream), or a status
   * of 408, 409, 429 or 5xx.
   */
  readonly retryable: boolean;
  constructor(
    message: string,
    options: {
      code?: string;
      status?: number;
      providerCode?: string;
      providerMessage?: string;
      retryAfterMs?: number;
      retryable?: boolean;
      cause?: unknown;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(options.code ?? 'provider_error', message, {
      cause: options.cause,
      details: {
        status: options.status,
        providerCode: options.providerCode,
        providerMessage: options.providerMessage,
        ...options.details,
      },
    });
    this.status = options.status;
    this.providerCode = options.providerCode;
    this.providerMessage = options.providerMessage;
    this.retryAfterMs = options.retryAfterMs;
    const status = options.status;
    this.retryable =
      options.retryable ??
      (status !== undefined &&
        (status === 408 || status === 409 || status === 429 || status >= 500));
  }
}

/** The provider refused the prompt outright (Gemini `promptFeedback.blockReason`). */
export class PromptBlockedError extends CrosswireError {
  readonly reason: string;
  constructor(message: string, reason: string) {
    super('prompt_blocked', message, { details: { reason } });
    this.reason = reason;
  }
}

/** The tool loop could not go on: too many iterations, or every call was cut off. */
export class ToolLoopError extends CrosswireError {}

/** Registry data that fails its schema or a cross-field check; `file` and `path` say where. */
export class RegistryError extends CrosswireError {}

/**
 * A model called a tool that no server offers. The tool loop answers it with an error
 * result reading `unknown tool NAME` and goes on.
 */
export class UnknownToolError extends CrosswireError {
  readonly toolName: string;
  constructor(toolName: string) {
    super('unknown_tool', `unknown tool ${toolName}`, { details: { toolName } });
    this.toolName = toolName;
  }
}

/**
 * A tool call whose arguments do not decode to a JSON object. The message is the call's
 * `argumentsError`: `arguments are not valid JSON: REASON`.
 */
export class ToolArgumentsError extends CrosswireError {
  readonly toolName: string;
  readonly callId: string;
  constructor(
    message: string,
    options: { toolName: string; callId?: string; rawArguments?: unknown },
  ) {
    super('invalid_tool_arguments', message, {
      details: {
        toolName: options.toolName,
        callId: options.callId ?? '',
        rawArguments: options.rawArguments,
      },
    });
    this.toolName = options.toolName;
    this.callId = options.callId ?? '';
  }
}

/**
 * A reply asks the client for an action that is not a function call (an OpenAI Responses
 * `computer_call`, `custom_tool_call`, `mcp_approval_request`, ...). Ending the turn as if
 * the model were done would hide it, so it is refused.
 */
export class UnsupportedToolCallError extends CrosswireError {
  readonly itemType: string;
  constructor(message: string, itemType: string) {
    super('unsupported_tool_call', message, { details: { itemType } });
    this.itemType = itemType;
  }
}

/**
 * The caller's `AbortSignal` fired. `cause` is the signal's reason (what `abort(reason)` was
 * given, or the platform's `AbortError`/`TimeoutError`); `during` says what was stopped
 * (`listing tools`, `calling tool search`...).
 */
export class AbortedError extends CrosswireError {
  readonly during: string;
  constructor(during: string, reason: unknown) {
    super('aborted', `aborted while ${during}: ${abortReasonText(reason)}`, {
      cause: reason,
      details: { during },
    });
    this.during = during;
  }
}

function abortReasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  return reason === undefined ? 'the signal was aborted' : String(reason);
}
