// Wire-shaped messages in a conversation list.
import { CrosswireError, type WireFormat } from '@crosswire/core';
import type { WireMessage } from '../messages.js';

/** Wraps wire-shaped messages for a conversation list. */
export function wrap(wire: WireFormat, messages: readonly unknown[]): WireMessage[] {
  return messages.map((message) => ({ role: 'wire' as const, wire, message }));
}

/**
 * The message of a `WireMessage` when it is of `wire`; a clear error otherwise. `DIALECTS`
 * reads other wires' messages back before a wire's builder runs, so only a wire's own
 * builder called directly meets another wire's message here.
 */
export function unwrapWireMessage(wire: WireFormat, message: WireMessage): unknown {
  if (message.wire !== wire) {
    throw new CrosswireError(
      'wire_message_mismatch',
      `a ${message.wire} wire message cannot go into a ${wire} request as it is (build it through DIALECTS or buildRequest, which read it back for ${wire})`,
      { details: { expected: wire, got: message.wire } },
    );
  }
  return message.message;
}
