import {
  emitWarning,
  formatTools,
  parseToolDefinition,
  type ToolDefinition,
  ToolLoopError,
  type WarningHandler,
  type WireFormat,
} from '@crosswire/core';
import { abortedError, settleWithin } from '../abortable.js';
import { watchMalformedResponses } from './malformed-responses.js';
import { type McpTool, type McpToolServer, serverLabel } from './server.js';

/**
 * How long listing the tools may take, every page of every server together, before the loop
 * gives up: a deadline for the whole listing, not one per page.
 */
export const DEFAULT_LIST_TOOLS_TIMEOUT_MS = 30_000;

/** MCP's JSON-RPC code for a request the client gave up on (`ErrorCode.RequestTimeout`). */
const MCP_REQUEST_TIMEOUT = -32001;

/** The most tools kept from one server's `tools/list` by default; the rest are not offered. */
export const DEFAULT_MAX_TOOLS_PER_SERVER = 1_000;

/** A tool offered to the model, and the server that runs it. */
export interface RoutedTool {
  readonly tool: ToolDefinition;
  readonly server: McpToolServer;
  readonly serverIndex: number;
  readonly serverLabel: string;
  /**
   * The tool says `execution.taskSupport: "required"` (MCP 2025-11-25): a plain `tools/call`
   * of it always fails, so it runs as an MCP task (`experimental.tasks.callToolStream`).
   */
  readonly taskRequired: boolean;
}

/** The tools of all servers, each name once. */
export interface ToolRoster {
  /** Validated, in server order, then each server's order; a name offered twice appears once. */
  readonly tools: readonly ToolDefinition[];
  /** The server that runs `name`: the first in `mcpServers` that offers it. */
  route(name: string): RoutedTool | undefined;
}

export interface GatherToolsOptions {
  readonly signal?: AbortSignal | undefined;
  /**
   * The whole listing, every page of every server: a server that has not listed all its tools
   * by then fails the gathering with `ToolLoopError` `mcp_list_tools_timeout`, even one that
   * ignores the SDK's timeout, and even when each page arrives just in time. Default
   * {@link DEFAULT_LIST_TOOLS_TIMEOUT_MS} (30 000 ms).
   */
  readonly timeoutMs?: number | undefined;
  /** Pages read per server before giving up on a cursor that never ends. Default 100. */
  readonly maxPages?: number | undefined;
  /**
   * Tools kept per server: past it, the server's other tools are not offered (and no further
   * page is requested), with a `tool_list_truncated` warning. Default
   * {@link DEFAULT_MAX_TOOLS_PER_SERVER} (1 000).
   */
  readonly maxToolsPerServer?: number | undefined;
  readonly onWarning?: WarningHandler | undefined;
}

/**
 * Lists the tools of every server, following `nextCursor` page by page (the 1.x SDK does not
 * paginate for you). Servers are listed concurrently, results kept in server order. A name
 * offered by two servers is kept once, on the first server, with a `duplicate_tool` warning
 * naming both. A server whose listing fails fails the gathering with a `ToolLoopError`
 * (`mcp_list_tools_failed`) that names it: a tool set silently missing a server's tools would
 * make the model answer without them. A tool that requires task-based execution is offered
 * only when its server offers the SDK's task API (`experimental.tasks.callToolStream`);
 * otherwise it is left out with a `task_tool_not_offered` warning (every call would fail).
 */
export async function gatherTools(
  servers: readonly McpToolServer[],
  options: GatherToolsOptions = {},
): Promise<ToolRoster> {
  for (const server of servers) watchMalformedResponses(server);
  // When one server fails, or the caller aborts, the listings still running are stopped
  // (their timers too). The caller's signal is linked by a listener removed at the end, not
  // by AbortSignal.any: Node 20 keeps a signal made by AbortSignal.any alive for good once it
  // has an 'abort' listener, and the MCP SDK adds one per request that it never removes, so
  // every gathering with a signal would leak its listing.
  const stop = new AbortController();
  const parent = options.signal;
  const onParentAbort = () => stop.abort(parent?.reason);
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  const signal = stop.signal;
  // One deadline for the whole listing: a server whose pages each arrive just inside a
  // per-page timeout would otherwise hold the first request for up to maxPages times it.
  const deadline = performance.now() + (options.timeoutMs ?? DEFAULT_LIST_TOOLS_TIMEOUT_MS);
  const pages = await Promise.all(
    servers.map((server, index) => listAllTools(server, index, { ...options, signal }, deadline)),
  )
    .catch((error: unknown) => {
      stop.abort(error);
      throw error;
    })
    .finally(() => parent?.removeEventListener('abort', onParentAbort));
  const routes = new Map<string, RoutedTool>();
  const tools: ToolDefinition[] = [];
  pages.forEach((serverTools, serverIndex) => {
    const server = servers[serverIndex] as McpToolServer;
    const label = serverLabel(server, serverIndex);
    for (const listed of serverTools) {
      const taskRequired = requiresTask(listed);
      if (taskRequired && !offersTasks(server)) {
        emitWarning(options.onWarning, {
          code: 'task_tool_not_offered',
          message: `tool "${listed.name}" of ${label} requires task-based execution (execution.taskSupport "required") and the server object offers no task API (experimental.tasks.callToolStream); it is not offered to the model`,
          details: { tool: listed.name, server: label },
        });
        continue;
      }
      const tool = validTool(listed, label, options.onWarning);
      if (!tool) continue;
      const first = routes.get(tool.name);
      if (first) {
        if (first.serverIndex !== serverIndex) {
          emitWarning(options.onWarning, {
            code: 'duplicate_tool',
            message: `tool "${tool.name}" is offered by ${first.serverLabel} and ${label}; it is sent once and runs on ${first.serverLabel}`,
            details: { tool: tool.name, servers: [first.serverLabel, label] },
          });
        }
        continue;
      }
      routes.set(tool.name, { tool, server, serverIndex, serverLabel: label, taskRequired });
      tools.push(tool);
    }
  });
  // Frozen (its tools are too): the list is sent on every turn of a loop, and what the dialects
  // make of a deeply frozen list (wire names, formatted tools) is remembered per list.
  return {
    tools: Object.freeze(tools),
    route: (name) => routes.get(name),
  };
}

/**
 * `roster` without the tools `wire` cannot send, each left out with an
 * `invalid_tool_definition` warning naming the wire: a schema every wire reads may still break
 * one wire's converter (Gemini refuses one whose `$ref`s inline to more than 100 times its
 * size), and that one tool must not fail every request of the loop. `roster` itself when all go.
 */
export function rosterForWire(
  roster: ToolRoster,
  wire: WireFormat,
  onWarning: WarningHandler | undefined,
): ToolRoster {
  const refused = new Set<string>();
  for (const tool of roster.tools) {
    try {
      // Only whether it throws matters here: what it degrades, the request's build tells.
      formatTools(wire, [tool], { onWarning: () => undefined });
    } catch (error) {
      refused.add(tool.name);
      const label = roster.route(tool.name)?.serverLabel ?? 'an MCP server';
      emitWarning(onWarning, {
        code: 'invalid_tool_definition',
        message: `${label} offers tool "${tool.name}", which the ${wire} wire cannot send; it is left out: ${error instanceof Error ? error.message : String(error)}`,
        details: { tool: tool.name, server: label, wire },
      });
    }
  }
  if (refused.size === 0) return roster;
  return {
    tools: Object.freeze(roster.tools.filter((tool) => !refused.has(tool.name))),
    route: (name) => (refused.has(name) ? undefined : roster.route(name)),
  };
}

/** Whether a listed tool says a plain `tools/call` of it fails (MCP 2025-11-25 `execution`). */
function requiresTask(tool: McpTool): boolean {
  const execution = tool.execution as { taskSupport?: unknown } | undefined;
  return (
    typeof execution === 'object' && execution !== null && execution.taskSupport === 'required'
  );
}

/** Whether the server object offers the SDK's task API (the 1.x `Client` does). */
export function offersTasks(server: McpToolServer): boolean {
  try {
    return typeof server.experimental?.tasks?.callToolStream === 'function';
  } catch {
    return false;
  }
}

/** A tool whose definition no wire could send is left out (and never routed), with a warning. */
function validTool(
  tool: McpTool,
  label: string,
  onWarning: WarningHandler | undefined,
): ToolDefinition | undefined {
  try {
    return parseToolDefinition(tool, { path: `tool "${String(tool.name)}"` });
  } catch (error) {
    emitWarning(onWarning, {
      code: 'invalid_tool_definition',
      message: `${label} offers an invalid tool definition, left out: ${error instanceof Error ? error.message : String(error)}`,
      details: { tool: tool.name, server: label },
    });
    return undefined;
  }
}

async function listAllTools(
  server: McpToolServer,
  index: number,
  options: GatherToolsOptions,
  deadline: number,
): Promise<McpTool[]> {
  const maxPages = options.maxPages ?? 100;
  const maxTools = options.maxToolsPerServer ?? DEFAULT_MAX_TOOLS_PER_SERVER;
  const tools: McpTool[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  const timeoutMs = options.timeoutMs ?? DEFAULT_LIST_TOOLS_TIMEOUT_MS;
  const label = serverLabel(server, index);
  const timedOut = () =>
    new ToolLoopError(
      'mcp_list_tools_timeout',
      `listing the tools of ${label} timed out after ${timeoutMs} ms`,
      { details: { server: label, timeoutMs } },
    );
  for (let page = 0; ; page++) {
    // What is left of the listing's deadline; at least 1 ms, so a page still gets its timer.
    const remaining = Math.max(1, Math.ceil(deadline - performance.now()));
    let result: Awaited<ReturnType<McpToolServer['listTools']>>;
    try {
      result = await settleWithin(
        Promise.resolve().then(() =>
          server.listTools(cursor === undefined ? undefined : { cursor }, {
            timeout: remaining,
            ...(options.signal ? { signal: options.signal } : {}),
          }),
        ),
        {
          signal: options.signal,
          during: `listing the tools of ${label}`,
          timeoutMs: remaining,
          onTimeout: timedOut,
        },
      );
    } catch (error) {
      if (options.signal?.aborted)
        throw abortedError(options.signal, `listing the tools of ${label}`);
      if (error instanceof ToolLoopError) throw error;
      if ((error as { code?: unknown } | null)?.code === MCP_REQUEST_TIMEOUT) throw timedOut();
      throw new ToolLoopError(
        'mcp_list_tools_failed',
        `listing the tools of ${label} failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error, details: { server: label } },
      );
    }
    if (!result || !Array.isArray(result.tools)) {
      throw new ToolLoopError(
        'mcp_list_tools_failed',
        `listing the tools of ${label} failed: the reply has no tools array`,
        { details: { server: label } },
      );
    }
    for (const tool of result.tools) {
      // A tool without a usable name is kept here so that `validTool` leaves it out with an
      // `invalid_tool_definition` warning: it never disappears silently.
      if (!tool) continue;
      if (tools.length >= maxTools) {
        emitWarning(options.onWarning, {
          code: 'tool_list_truncated',
          message: `${label} lists more than ${maxTools} tools (maxToolsPerServer); the first ${maxTools} are offered, the rest are not`,
          details: { server: label, maxToolsPerServer: maxTools },
        });
        return recacheToolMetadata(server, tools, page);
      }
      tools.push(tool);
    }
    const next = result.nextCursor;
    if (typeof next !== 'string' || next === '') return recacheToolMetadata(server, tools, page);
    if (seenCursors.has(next) || page + 1 >= maxPages) {
      emitWarning(options.onWarning, {
        code: 'tool_list_truncated',
        message: `${label} kept paginating tools/list (${page + 1} pages); the rest of its tools are not offered`,
        details: { server: label, pages: page + 1 },
      });
      return recacheToolMetadata(server, tools, page);
    }
    seenCursors.add(next);
    cursor = next;
  }
}

/**
 * Works around an SDK 1.x bug: `Client.listTools` replaces its cache of output-schema
 * validators (and task-only tools) with each page's tools, so after paging only the last
 * page's tools would have their `structuredContent` checked against their `outputSchema`.
 * When the listing took more than one page, the cache is rebuilt from every page through the
 * Client's own `cacheToolMetadata` (a TypeScript-private method, present in 1.x at run time);
 * a server without it (not the 1.x SDK Client) is left alone.
 */
function recacheToolMetadata(server: McpToolServer, tools: McpTool[], lastPage: number): McpTool[] {
  if (lastPage === 0) return tools;
  const cache = (server as { cacheToolMetadata?: unknown }).cacheToolMetadata;
  if (typeof cache === 'function') {
    try {
      cache.call(server, tools);
    } catch {
      // An SDK whose private method changed shape: its validation stays as the SDK left it.
    }
  }
  return tools;
}
