// The hostile-peer section of RELIABILITY.md (issue 26): cases proved by unit tests (they assert
// the typed outcome) with the figures of `node --expose-gc bench/hostile.bench.mjs`, which are
// not timed in CI. Update the figures from a bench run when the code they measure changes.
export const HOSTILE_SECTION = `## Hostile streams and signals

Each case below has a test that asserts its outcome (named in brackets); the figures come from
\`node --expose-gc bench/hostile.bench.mjs\` on the machine named at the end, and a doubling
ratio near 2 means linear time (near 4, quadratic).

| case | outcome | figure |
|---|---|---|
| Anthropic \`content_block_start\` with \`index\` 2^32 (Responses \`output_index\` 2e8 alike) | \`stream_bad_chunk\` from that one frame: positions beyond the blocks seen + 64 are refused | 0.73 ms for the push (was 108 s) [stream-hostile.test.ts] |
| 200 MB streamed reply | \`provider_response_too_large\` once 64 MiB (\`maxStreamBytes\`) arrived; the connection closed | refused after 64.0 MiB; peak heap growth 100 MB (under 2x the cap) [stream-hostile.test.ts, stream-error-contract.test.ts] |
| 10 MB / 20 MB of text in 16-character deltas (TextBuilder) | built without re-copying | 175 ms / 403 ms, ratio 2.30 (was 3.8 s for 10 MB) |
| SSE with \`x-trace: abc\`, \`retry: soon\`, CR, LF or CRLF line endings, comments and ids | the whole reply streams, as the SSE specification reads it | the specification's four examples pass with every line ending and any split [sse.test.ts] |
| a 5,000-character frame in one chunk, \`maxFrameSize: 1000\` (SSE and NDJSON) | \`stream_frame_too_large\` however the bytes are chunked | [sse.test.ts, stream-hostile.test.ts] |
| a JSON reply to \`stream: true\` | read as the reply that was not streamed (its events, then \`finish\`); a JSON error body is the provider error | [stream-hostile.test.ts] |
| an HTML page or cut JSON to \`stream: true\` | \`stream_not_sse\`, quoting the first 200 characters | [stream-hostile.test.ts] |
| reset, cut, idle gap, size cap mid-stream, on all six wires | the last event is \`{ type: 'error', error }\`, then the iterator, \`finalText()\` and \`finalResponse()\` throw that error; the streamed tool loop too | [stream-error-contract.test.ts] |
| Anthropic \`overloaded_error\` mid-stream | \`ProviderError\` with \`retryable: true\` (\`api_error\`, \`rate_limit_error\` too) | [stream-hostile.test.ts] |
| stored conversation or tool-call arguments nested 10,000 deep | \`ConversationError\` \`conversation_not_serializable\` naming the path (bound: 512 levels), parse and serialize | [deep-state.test.ts] |
| 20,000 calls sharing one long-lived signal | linked by listeners removed at the end | 239 KB retained (AbortSignal.any: 43,994 KB) |
| stream decoders, n and 2n | chat completions deltas 1.74, Anthropic deltas 1.66, Anthropic many blocks 2.22, Hermes calls naming the closing tag 1.95; Hermes one block with 10,000–20,000 closing tags inside one JSON string: now scanned once, JSON.parse at most twice per block (was once per closing tag, ratio 3.28) | ratios (2 cores shared; noisy); \`node bench/doubling.bench.mjs\` (six wires × text, one call, many calls; four schema converters × wide, deep, many \`$ref\`, wide \`anyOf\`): on a machine at load 30 most ratios 0.9–2.7, single outliers up to 6.6 that did not repeat (Responses many calls 2.6 / 6.6 in two runs; alone at 1k–8k calls 3.4, 3.0, 1.8); Hermes one call with 20,000 closing tags in its argument string, streamed in 64-character pieces: 122 ms (was 11.7 s: the open block was re-copied at every piece, besides the re-parse per tag), and 10k / 20k / 40k tags 119 / 315 / 167 ms (noisy, not quadratic); to rerun on a quiet machine [stream-text.test.ts] |
| 100,000 tools listed by one MCP server | the first 1,000 kept (\`maxToolsPerServer\`, a \`tool_list_truncated\` warning, no further page asked for); on \`openai\` more than its documented 128: \`ToolLoopError\` \`too_many_tools\` before any request | 751 ms for the case in the fault suite, nothing sent (was a 15.5 MB request) [bounded-input.test.ts, faults.test.ts] |
| 50 MB text (or image) tool result | an error result \`tool NAME returned a result larger than 16777216 bytes (maxToolResultBytes); it is not forwarded\`; the loop goes on | 163 ms for the text case (measured up to the cap, then stopped) [bounded-input.test.ts, faults.test.ts] |
| MCP tool with \`execution.taskSupport: "required"\` | run as an MCP task through the SDK client's \`experimental.tasks.callToolStream\`, bounded by \`toolTimeoutMs\` and the signal; not offered from a server object without that API (\`task_tool_not_offered\`) | [bounded-input.test.ts, faults.test.ts] |
| twelve calls in one turn with a caller's signal | one abort listener on the caller's signal during the turn, none after; no \`MaxListenersExceededWarning\` | 1 listener (was 2 per call: 24) [bounded-input.test.ts] |
| the simulator past its script, or its own check throwing | HTTP 400 \`simulator_script_exhausted\`; HTTP 500 \`simulator_check_failed\` (not "body is not JSON") | [simulator.test.ts] |
| tool-loop state with tool calls nested 10,000 deep | \`ToolLoopStateError\` \`tool_loop_state_not_serializable\` naming the path, parse and serialize | [deep-loop-state.test.ts] |
`;
