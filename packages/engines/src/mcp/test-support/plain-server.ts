import type { McpCallToolParams, McpToolServer } from '../server.js';

/** The smallest tool input schema a server may list. */
export const OBJECT = { type: 'object' } as const;

/** A plain server object offering `names`, answering each call with `answer`. */
export function server(
  names: readonly string[],
  answer: (params: McpCallToolParams, options: unknown) => unknown,
  extra: Record<string, unknown> = {},
): McpToolServer {
  return {
    async listTools() {
      return { tools: names.map((name) => ({ name, inputSchema: OBJECT })) };
    },
    async callTool(params, _schema, options) {
      return answer(params, options);
    },
    ...extra,
  };
}

/** The text of an output's first content block. */
export const text = (output: { result: { content: unknown } } | undefined) =>
  (output?.result.content as { text: string }[] | undefined)?.[0]?.text;
