import type { ToolCall } from '@crosswire/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll } from 'vitest';

/** A decoded OpenAI-wire call of `name` with `args`, as the loop hands it to `callTools`. */
export function call(
  name: string,
  args: Record<string, unknown> = {},
  id = `call_${name}`,
): ToolCall {
  return {
    id,
    name,
    arguments: args,
    rawArguments: JSON.stringify(args),
    argumentsUndecodable: false,
    argumentsError: undefined,
    wire: 'openai',
    raw: {},
  };
}

/** `track(connect(...))`: the connected client, closed after the file's tests. */
export function closedAfterAll(): (client: Client | Promise<Client>) => Promise<Client> {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });
  return async (client) => {
    const connected = await client;
    clients.push(connected);
    return connected;
  };
}
