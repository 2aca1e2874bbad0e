// Cross-wire continuity: provider messages of one wire in a request of another are read back
// into neutral messages by their own wire's reader, then built by the target like any other.
import type { WarningHandler, WireFormat } from '@crosswire/core';
import type { ChatMessage } from './messages.js';
import type { ProviderMessageReader } from './provider-reading.js';

/** The tool name of the call `id` in `messages`, the latest first. */
function callName(messages: readonly ChatMessage[], id: string): string | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role !== 'assistant') continue;
    const call = message.toolCalls?.find((candidate) => candidate.id === id);
    if (call !== undefined) return call.name;
  }
  return undefined;
}

/**
 * The conversation for a request of `target` (or of no wire: every provider message read):
 * each run of consecutive provider messages of another wire is replaced by what that wire's
 * reader makes of it; `target`'s own provider messages and canonical messages stay as they are.
 */
export function crossWireMessages(
  target: WireFormat | undefined,
  messages: readonly ChatMessage[],
  readers: Readonly<Record<WireFormat, ProviderMessageReader>>,
  onWarning: WarningHandler | undefined,
): ChatMessage[] {
  if (!messages.some((message) => message.role === 'wire' && message.wire !== target)) {
    return messages as ChatMessage[];
  }
  const out: ChatMessage[] = [];
  let index = 0;
  while (index < messages.length) {
    const message = messages[index] as ChatMessage;
    index += 1;
    if (message.role !== 'wire' || message.wire === target) {
      out.push(message);
      continue;
    }
    const run: unknown[] = [message.message];
    for (let next = messages[index]; next?.role === 'wire' && next.wire === message.wire; ) {
      run.push(next.message);
      index += 1;
      next = messages[index];
    }
    out.push(
      ...readers[message.wire](run, {
        callName: (id) => callName(out, id),
        onWarning,
      }),
    );
  }
  return out;
}
