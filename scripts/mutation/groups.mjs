// The module groups `pnpm test:mutation` runs Stryker on, one group at a time. Each group names
// the source files mutated and the test files that run against them (a narrow set, so the
// per-test coverage run stays short on a busy machine). `owner: 'streams'` marks the stream
// decoders (run last when no group is named); `timeoutMS` overrides Stryker's per-mutant timeout.
const E = 'packages/engines/src';
const D = 'packages/dialects/src';
const STREAM_TESTS = [
  `${D}/stream-*.test.ts`,
  `${D}/sse.test.ts`,
  'packages/engines/test/stream-decoder.test.ts',
  'packages/engines/test/engine-stream.test.ts',
  'packages/engines/test/stream-error-contract.test.ts',
  'packages/engines/test/engine-stream-rules.test.ts',
];

export const GROUPS = {
  secrets: {
    mutate: [`${E}/http/secrets.ts`],
    tests: [`${E}/http/secrets*.test.ts`],
  },
  retry: {
    mutate: [`${E}/http/retry.ts`],
    tests: [`${E}/http/retry*.test.ts`],
  },
  'rate-limit': {
    mutate: [`${E}/http/rate-limit.ts`],
    tests: [`${E}/http/rate-limit.test.ts`, `${E}/http/retry-after.test.ts`],
  },
  'durable-conversation': {
    mutate: [
      `${E}/durable/conversation.ts`,
      `${E}/durable/envelope.ts`,
      `${E}/durable/errors.ts`,
      `${E}/durable/json-copy.ts`,
    ],
    tests: [`${E}/durable/*.test.ts`, `${E}/loop/tool-loop-steps-rules.test.ts`],
  },
  'durable-state': {
    mutate: [
      `${E}/durable/tool-loop-state.ts`,
      `${E}/durable/media.ts`,
      `${E}/durable/blob-store.ts`,
    ],
    tests: [`${E}/durable/*.test.ts`, `${E}/loop/tool-loop-steps-rules.test.ts`],
  },
  steps: {
    mutate: [`${E}/loop/tool-loop-steps.ts`],
    // The in-process loop, the streamed loop and the durable continue run on these steps too.
    tests: [
      `${E}/loop/tool-loop*.test.ts`,
      `${E}/durable/continue.test.ts`,
      'packages/engines/test/tool-loop-faults.test.ts',
      'packages/engines/test/structured-output.test.ts',
      'packages/engines/test/prompt-cache.test.ts',
    ],
    // Many mutants here make a loop wait forever; a short timeout keeps the run under an hour.
    timeoutMS: 5_000,
  },
  'call-ids': {
    mutate: [`${D}/answerable-calls.ts`, `${D}/call-ids.ts`, `${D}/provider-reading.ts`],
    tests: [
      `${D}/call-ids.test.ts`,
      `${D}/answerable-calls*.test.ts`,
      `${D}/provider-reading.test.ts`,
      'packages/engines/test/provider-readers*.test.ts',
    ],
  },
  'private-hosts': {
    mutate: [
      'packages/content-image/src/deny-private-hosts.ts',
      'packages/content-image/src/address-policy.ts',
    ],
    tests: [
      'packages/content-image/src/deny-private-hosts*.test.ts',
      'packages/content-image/src/address-policy.test.ts',
    ],
  },
  derive: {
    mutate: ['packages/registry/src/derive.ts'],
    tests: ['packages/registry/src/derive*.test.ts'],
  },
  'python-literal': {
    mutate: ['packages/core/src/python-literal.ts'],
    tests: ['packages/core/src/python-literal*.test.ts'],
  },
  'stream-wires-a': {
    owner: 'streams',
    mutate: [
      `${D}/wires/anthropic-stream.ts`,
      `${D}/wires/gemini-stream.ts`,
      `${D}/wires/ollama-stream.ts`,
      `${D}/wires/hermes-stream.ts`,
    ],
    tests: STREAM_TESTS,
  },
  'stream-wires-b': {
    owner: 'streams',
    mutate: [
      `${D}/wires/chat-completions-stream.ts`,
      `${D}/wires/responses-stream.ts`,
      `${D}/wires/openai-stream.ts`,
    ],
    tests: STREAM_TESTS,
  },
  'stream-decoder': {
    owner: 'streams',
    mutate: [`${D}/stream-decoder.ts`],
    tests: STREAM_TESTS,
  },
  'stream-text': {
    owner: 'streams',
    mutate: [`${D}/stream-text.ts`],
    tests: STREAM_TESTS,
  },
  'chat-stream': {
    owner: 'streams',
    mutate: [`${E}/engine/chat-stream.ts`],
    tests: STREAM_TESTS,
  },
};
