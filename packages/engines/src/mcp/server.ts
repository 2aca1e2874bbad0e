/**
 * What the tool loop needs from an MCP server: `listTools` and `callTool` with the call
 * shapes of the official SDK's `Client` (`@modelcontextprotocol/sdk/client/index.js`), so a
 * connected `Client` is a server as it is, and so is any object with those two methods.
 */

/** One tool as `tools/list` describes it. Extra fields (`title`, `annotations`, `_meta`) are kept. */
export interface McpTool {
  readonly name: string;
  readonly description?: string | undefined;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
}

/** One page of `tools/list`. */
export interface McpListToolsResult {
  readonly tools: readonly McpTool[];
  readonly nextCursor?: string | undefined;
  readonly [key: string]: unknown;
}

/** Per-request options the SDK's `RequestOptions` accepts (a subset). */
export interface McpRequestOptions {
  /** Milliseconds before the SDK gives up with `McpError -32001`. */
  timeout?: number;
  signal?: AbortSignal;
}

export interface McpCallToolParams {
  name: string;
  arguments?: Record<string, unknown>;
  /** Request metadata; the step API sends its idempotency key here. */
  _meta?: Record<string, unknown>;
}

/** One message of `callToolStream`: task progress, then a `result` or an `error`. */
export interface McpTaskMessage {
  /** `taskCreated`, `taskStatus`, then `result` or `error`. */
  readonly type: string;
  readonly result?: unknown;
  readonly error?: unknown;
}

/** Any MCP client: the SDK `Client` or an object with the same two methods. */
export interface McpToolServer {
  listTools(params?: { cursor?: string }, options?: McpRequestOptions): Promise<McpListToolsResult>;
  /**
   * The second parameter is the SDK's result schema: the loop passes a loose one
   * (`LOOSE_CALL_TOOL_RESULT_SCHEMA`, any object) so one unknown block cannot reject the whole
   * result. A server that is not the SDK `Client` may ignore it.
   */
  callTool(
    params: McpCallToolParams,
    resultSchema?: unknown,
    options?: McpRequestOptions,
  ): Promise<unknown>;
  /**
   * The SDK `Client`'s experimental task API (MCP 2025-11-25): a tool that requires
   * task-based execution runs through `callToolStream`, which ends with a `result` or an
   * `error` message. A server object without it is not offered such tools.
   */
  readonly experimental?:
    | {
        readonly tasks?:
          | {
              callToolStream(
                params: McpCallToolParams,
                resultSchema?: unknown,
                options?: McpRequestOptions & { task?: { ttl?: number } },
              ): AsyncIterable<McpTaskMessage>;
            }
          | undefined;
      }
    | undefined;
  /** The SDK `Client` reports the connected server's name here; used to name servers in warnings. */
  getServerVersion?(): { readonly name: string; readonly version?: string } | undefined;
}

/** A label for warnings and errors: the server's own name when it gives one, and its position. */
export function serverLabel(server: McpToolServer, index: number): string {
  let name: string | undefined;
  try {
    name = server.getServerVersion?.()?.name;
  } catch {
    name = undefined;
  }
  return name ? `"${name}" (mcpServers[${index}])` : `mcpServers[${index}]`;
}
