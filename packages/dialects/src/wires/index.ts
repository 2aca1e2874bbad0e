// The dispatch table of the wires: one dialect per wire format, checked exhaustive by the compiler.
//
// Adding a wire (the compiler reports every place below once step 1 is done; never a `switch` or
// an `if (wire === ...)` instead):
//  1. core: the wire's name and its row of facts in `src/wire-format.ts`; its tool-call shapes in
//     `src/wires/<wire>.ts` (formatTools, locateToolCalls, extractToolCall).
//  2. content-image: `src/wires/<wire>.ts` (the image part) and its row in `src/wires/index.ts`.
//  3. tool-result: `src/wires/<wire>.ts` (the result block) and its row in `src/wires/index.ts`.
//  4. dialects (here): `<wire>.ts` (requests, replies, tool turns, provider-message reader) and
//     `<wire>-stream.ts` (the stream decoder), both rows below; goldens in `fixtures/wire/`.
//  5. simulator: `src/wires/<wire>.ts` (the request checks and scripted replies), its row in
//     `SIMULATOR_WIRES` (`src/server.ts`), and the wire's documented rules in `src/rules.ts`
//     (regenerate `docs/provider-rules.md`).
//  6. registry: a provider entry whose `wire` is the new wire (data, no code).
//  7. cli: `src/wires/<wire>.ts` (what a delivered block reached the model as) and its row in
//     `src/wires/index.ts`; the demo's provider in `src/demo/fixtures.ts`.
//  8. engines: a loop golden in `fixtures/loop/` (`pnpm golden:record packages/engines`).
//  9. engines: where the provider's endpoint needs more than a key (a signed request, a
//     region or project in the URL), a cloud kind in `src/cloud/` and its row there.
// 10. The layout test (`scripts/layout.test.ts`) lists the wire files; a minor changeset for
//     every package touched.
import type { WireFormat } from '@crosswire/core';
import { withProvenImages } from '../body-images.js';
import { crossWireMessages } from '../cross-wire.js';
import type { Dialect } from '../dialect-types.js';
import type { ChatMessage } from '../messages.js';
import type { ProviderMessageReader, ReadContext } from '../provider-reading.js';
import type { WireStream } from '../stream-types.js';
import * as anthropic from './anthropic.js';
import { stream as anthropicStream } from './anthropic-stream.js';
import * as bedrock from './bedrock.js';
import { stream as bedrockStream } from './bedrock-stream.js';
import * as gemini from './gemini.js';
import { stream as geminiStream } from './gemini-stream.js';
import * as hermes from './hermes.js';
import { stream as hermesStream } from './hermes-stream.js';
import * as ollama from './ollama.js';
import { stream as ollamaStream } from './ollama-stream.js';
import * as openai from './openai.js';
import { stream as openaiStream } from './openai-stream.js';
import * as responses from './responses.js';
import { stream as responsesStream } from './responses-stream.js';

/** Every wire's own dialect; the compiler checks the record is exhaustive. */
const WIRE_DIALECTS: Readonly<Record<WireFormat, Dialect>> = {
  openai: openai.dialect,
  anthropic: anthropic.dialect,
  gemini: gemini.dialect,
  ollama: ollama.dialect,
  responses: responses.dialect,
  hermes: hermes.dialect,
  bedrock: bedrock.dialect,
};

/** Every wire's reader of its own provider messages. */
const READERS = Object.fromEntries(
  Object.entries(WIRE_DIALECTS).map(([wire, dialect]) => [wire, dialect.readMessages]),
) as Record<WireFormat, ProviderMessageReader>;

/**
 * The conversation as a request of `target` takes it: provider messages of every other wire
 * read back into neutral messages by their wire's reader (`undefined`: every provider message).
 */
export function messagesFor(
  target: WireFormat | undefined,
  messages: readonly ChatMessage[],
  context: Pick<ReadContext, 'onWarning'> = {},
): ChatMessage[] {
  return crossWireMessages(target, messages, READERS, context.onWarning);
}

/**
 * `dialect`, its requests built after another wire's provider messages are read back, and
 * with every image of the body proved by its bytes (`withProvenImages`): the provider
 * messages copied verbatim too.
 */
function crossWire(dialect: Dialect): Dialect {
  return {
    ...dialect,
    buildRequest: (request, options) =>
      withProvenImages(
        dialect.buildRequest(
          { ...request, messages: messagesFor(dialect.wire, request.messages, options) },
          options,
        ),
        dialect.wire,
        options.onWarning,
      ),
  };
}

/**
 * Every wire's dialect: a request of one wire takes another wire's provider messages (read
 * back into neutral messages first); its own stay verbatim.
 */
export const DIALECTS = Object.freeze(
  Object.fromEntries(
    Object.entries(WIRE_DIALECTS).map(([wire, dialect]) => [wire, crossWire(dialect)]),
  ),
) as Readonly<Record<WireFormat, Dialect>>;

/** Every wire's streaming half; the compiler checks the record is exhaustive. */
export const STREAMS: Readonly<Record<WireFormat, WireStream>> = Object.freeze({
  openai: openaiStream,
  anthropic: anthropicStream,
  gemini: geminiStream,
  ollama: ollamaStream,
  responses: responsesStream,
  hermes: hermesStream,
  bedrock: bedrockStream,
});
