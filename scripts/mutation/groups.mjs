// The module groups `pnpm test:mutation` runs Stryker on, one group at a time. Each group names
// the source files mutated (exact paths or globs: a file belongs to the first group, in this
// order, whose patterns match it, so the folder-wide groups at the end take what the narrower
// ones leave, and a new file in a folder joins its group) and the test files that run against
// them (a narrow set, so the per-test coverage run stays short on a busy machine).
// `owner: 'streams'` marks the stream decoders (run last when no group is named); `timeoutMS`
// overrides Stryker's per-mutant timeout; `static: true` measures static mutants too (code run
// once at import: the tables a module's behaviour lives in); `pending` says why a group is not
// yet held to the bar (not measured, or measured with survivors left: the report lists it, and
// `mutation:check` passes it until it meets the bar, then insists the reason goes). Every source file of every
// package is in a group or in EXCEPTIONS below: `mutation:check` fails otherwise
// (scripts/mutation/sources.mjs).
const E = 'packages/engines/src';
const D = 'packages/dialects/src';
const R = 'packages/registry/src';
const A = 'packages/ai-sdk/src';
/** Why a group added by issue 42 is not held to the bar yet: nobody has measured it. */
const PENDING = 'added by issue 42';

/**
 * The group of one package folder (its own files, not its subfolders'), or with no folder the
 * package's last group: every file of the package no group before it took, a new folder's
 * included. Run with the package's tests.
 */
function folder(pkg, dir) {
  return {
    mutate: [dir ? `packages/${pkg}/src/${dir}/*.ts` : `packages/${pkg}/src/**/*.ts`],
    tests: [`packages/${pkg}/src/**/*.test.ts`, `packages/${pkg}/test/**/*.test.ts`],
    pending: PENDING,
  };
}
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
    // The private-address tables are the module's behaviour: static mutants measured.
    static: true,
    mutate: [
      'packages/content-image/src/deny-private-hosts.ts',
      'packages/content-image/src/address-policy.ts',
    ],
    tests: [
      'packages/content-image/src/deny-private-hosts*.test.ts',
      'packages/content-image/src/address-policy*.test.ts',
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
  cost: {
    mutate: [`${E}/cost/*.ts`],
    tests: [`${E}/cost/cost.test.ts`, `${E}/purity.test.ts`],
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
  // Issue 42: the modules added or rewritten since the first report.
  structured: {
    mutate: [`${D}/structured/*.ts`],
    tests: [`${D}/structured/*.test.ts`],
  },
  'image-limits': {
    mutate: [`${D}/preflight/image-limits.ts`, `${D}/preflight/image-header.ts`],
    // Header reading and every limit at its boundary, tested beside the module (byte fixtures
    // laid out by hand), so the engine's image tests need not run here.
    tests: [`${D}/preflight/image-*.test.ts`, `${D}/preflight/preflight.test.ts`],
  },
  // The engine's resizing: the recording-library tests beside it (fractions of a second a
  // mutant) and the bounds (queue, abort, timeout) through the engine. The engine-level
  // image-limits.test.ts (real sharp on megabytes of noise, seconds a mutant) is left out.
  'engine-image-limits': {
    mutate: [`${E}/engine/image-limits.ts`],
    tests: [`${E}/engine/image-limits-resize.test.ts`, `${E}/engine/image-bounds.test.ts`],
    // A mutant of the resize queue leaves resizes waiting forever: time out in 5 s, not 20.
    timeoutMS: 5_000,
  },
  // The preflight folder, split by file so each group runs in minutes (the whole folder with
  // its static mutants is over 2,000 mutants, an hour or more of one core).
  'preflight-tool-names': {
    // The per-wire name patterns are the module's behaviour: static mutants measured.
    static: true,
    mutate: [`${D}/preflight/tool-names.ts`],
    tests: [`${D}/preflight/tool-names*.test.ts`, `${D}/preflight/preflight.test.ts`],
  },
  // The structured-output rules with their catalogue (static mutants): each rule's refusals and
  // near misses (structured-rules.test.ts) and each example refused by its own rule alone, a whole
  // request otherwise, its violation text its own (structured-rules-catalogue.test.ts).
  'preflight-structured-rules': {
    static: true,
    mutate: [`${D}/preflight/structured-rules.ts`],
    tests: [
      // Not structured-rules.oracle.test.ts: compiling the OpenAPI documents costs seconds,
      // once per static mutant.
      `${D}/preflight/structured-rules.test.ts`,
      `${D}/preflight/structured-rules-catalogue.test.ts`,
      `${D}/preflight/preflight.test.ts`,
      `${D}/structured/strict-limits.test.ts`,
      'packages/simulator/src/rules.test.ts',
    ],
  },
  // Split by file: the two together hold 1,146 mutants, 584 of them static (each a whole run of
  // the group's tests), about 40 minutes of one core. request-rules.ts: 95.7 % (2026-12-07,
  // --force, 12 minutes), every example written out in request-rules-catalogue.test.ts.
  'preflight-request-rules': {
    static: true,
    mutate: [`${D}/preflight/request-rules.ts`],
    tests: [
      `${D}/preflight/request-rules*.test.ts`,
      `${D}/preflight/preflight.test.ts`,
      'packages/simulator/src/rules.test.ts',
    ],
  },
  // bedrock-rules.ts: 94.9 % raw, every survivor explained (2026-12-07, --force, 19 minutes).
  'preflight-bedrock-rules': {
    static: true,
    mutate: [`${D}/preflight/bedrock-rules.ts`],
    tests: [
      `${D}/preflight/bedrock-rules*.test.ts`,
      `${D}/preflight/preflight.test.ts`,
      `${D}/wires/bedrock.test.ts`,
      'packages/simulator/src/rules.test.ts',
    ],
  },
  'preflight-rules': {
    // The rule catalogue (rules.ts, cache-rules.ts) and preflight itself: static mutants
    // measured, each a run of every test below, so only the tests that reach these files (the
    // other preflight modules have groups of their own). rules-catalogue.test.ts writes out the
    // conversation and cache rules' examples; the simulator's catalogue test holds each example
    // refused for its rule alone, and the rules page.
    static: true,
    mutate: [`${D}/preflight/*.ts`],
    tests: [
      `${D}/preflight/preflight*.test.ts`,
      `${D}/preflight/rules-catalogue.test.ts`,
      `${D}/preflight/cache-rules.test.ts`,
      'packages/simulator/src/rules.test.ts',
    ],
  },
  listing: {
    mutate: [`${R}/catalogue/listing/*.ts`],
    tests: [`${R}/catalogue/listing/*.test.ts`],
  },
  // `registry sync`, split in two: the comparison (compareListing, pure: unit tests on a small
  // registry of their own, fractions of a second a mutant) and the writing and the command
  // (each mutant runs the CLI against the simulator and validates a copy of the data).
  'registry-compare': {
    mutate: ['packages/cli/src/sync/compare.ts'],
    tests: ['packages/cli/src/sync/compare.test.ts'],
  },
  // The write of `registry sync --write`, measured by tests of writeSync and the checked write on
  // a small data directory of their own (milliseconds a mutant). The CLI tests drive the same
  // writes against the simulator on a copy of the shipped data (seconds a mutant), so they
  // measure only the command.
  'registry-sync': {
    mutate: ['packages/cli/src/sync/write-sync.ts', 'packages/cli/src/sync/checked-write.ts'],
    tests: ['packages/cli/src/sync/write-sync.test.ts'],
  },
  // The command itself: its refusals, exit statuses and text report (registry-sync-usage.test.ts)
  // beside the end-to-end runs against the simulator. 2026-12-07: 70.1 % on the first run
  // (184 mutants, 12.6 minutes), 95.0 % after the command-line tests (179 mutants, 149 retested
  // incrementally, 13.7 minutes at load average 6 to 8), every survivor explained.
  'registry-sync-command': {
    mutate: ['packages/cli/src/commands/registry-sync.ts'],
    tests: ['packages/cli/src/commands/registry-sync*.test.ts'],
  },
  // The AI SDK adapter, one group per module (the whole package was 673 mutants, about 50
  // minutes): each runs only the tests that reach its module, so a change re-measures one part.
  // The tests that drive the real AI SDK against the simulator (ai-sdk.test.ts,
  // engines-differential.test.ts) cost seconds a mutant and run only for the modules they reach.
  'ai-sdk-routes': {
    mutate: [`${A}/wires.ts`, `${A}/capabilities.ts`],
    tests: [`${A}/capabilities*.test.ts`, `${A}/middleware.test.ts`],
  },
  'ai-sdk-output': {
    mutate: [`${A}/mcp-to-model-output.ts`],
    tests: [
      `${A}/mcp-to-model-output.test.ts`,
      `${A}/hostile-results.test.ts`,
      `${A}/purity.test.ts`,
      `${A}/middleware-per-model.test.ts`,
    ],
  },
  'ai-sdk-convert': {
    mutate: [`${A}/convert.ts`],
    tests: [
      `${A}/convert.test.ts`,
      `${A}/engines-differential.test.ts`,
      `${A}/middleware.test.ts`,
      `${A}/hostile-results.test.ts`,
      `${A}/ai-sdk.test.ts`,
    ],
  },
  'ai-sdk-middleware': {
    mutate: [`${A}/middleware.ts`],
    tests: [
      `${A}/middleware*.test.ts`,
      `${A}/hostile-results.test.ts`,
      `${A}/purity.test.ts`,
      `${A}/ai-sdk.test.ts`,
    ],
  },
  // A new file of the adapter joins this group until it gets one of its own.
  'ai-sdk': {
    mutate: [`${A}/**/*.ts`],
    tests: [`${A}/*.test.ts`],
    pending: PENDING,
  },
  // The structured reply's JSON Schema check: pure, with its own tests (the Ajv differential), so
  // a group of its own runs in minutes; the engine's structured output runs engine-level tests.
  'json-schema-check': {
    mutate: [`${E}/engine/json-schema-check.ts`],
    tests: [`${E}/engine/json-schema-check*.test.ts`],
  },
  // The engine's structured output: the option checks and errors (structured.test.ts), the
  // stream's pacing and nesting count on hand-made events (structured-stream.test.ts), and the
  // turns as the strict simulator sees them (structured-output-turns.test.ts: repair turns on
  // both forms, the two-step form of one chat, the anthropic tool form streamed).
  'engine-structured': {
    mutate: [`${E}/engine/structured*.ts`, `${E}/engine/json-schema-check.ts`],
    tests: [`${E}/engine/*.test.ts`, 'packages/engines/test/structured-output*.test.ts'],
  },
  // The rest, one group per package folder, then one per package for whatever is left: a new
  // file joins its folder's group, a new folder its package's.
  // The wires' tool formats and call readers, reached through formatTools and toolCallsFrom:
  // only the tests that call those. 2026-12-07: 83.2 % on the first run (327 mutants, 4.5
  // minutes at load average 5), 97.2 % after wires/call-locating.test.ts (0.7 minutes); its
  // static mutants (the client-action messages) need a `--force` run after a new test.
  'core-wires': {
    mutate: ['packages/core/src/wires/*.ts'],
    tests: [
      'packages/core/src/wires/*.test.ts',
      'packages/core/src/{acceptance,conformance,purity,schema-references}.test.ts',
      'packages/core/src/{tool-call,tool-definition,tools-cache,tools}.test.ts',
    ],
    static: true,
  },
  // The rest of core, split by concern (the package's 22 test files in one list run property
  // tests against every mutant they reach), each with the tests that call its modules.
  // Media types, image signatures and the wires' native media: tables, static mutants measured.
  // 2026-12-07: 65.6 % (image-signatures.ts) and 71.8 % (media.ts) on the first run (449
  // mutants, 9.2 minutes at load average 6), 92.2 % and 88.8 % raw after the edge tests (6.2
  // minutes with --force), the rest explained.
  'core-media': {
    mutate: [
      'packages/core/src/media.ts',
      'packages/core/src/image-signatures.ts',
      'packages/core/src/wire-format.ts',
    ],
    tests: [
      'packages/core/src/{media,image-signatures,base64,wire-format}.test.ts',
      'packages/core/src/{media,image-signatures}-edges.test.ts',
      'packages/core/src/without-buffer.test.ts',
    ],
    static: true,
  },
  // The MCP content schemas and their parsers. 2026-12-07: 79.6 % on the first run (343
  // mutants, 6.1 minutes), 82.1 % raw after the edge tests; the survivors left are the fast
  // base64 check, which only proves (a mutant makes it fall back to the definition).
  'core-content': {
    mutate: ['packages/core/src/content.ts', 'packages/core/src/zod-messages.ts'],
    tests: ['packages/core/src/{content,content-edges,base64,without-buffer}.test.ts'],
  },
  // The schema transforms and reference resolution: the keyword tables are their behaviour.
  'core-schemas': {
    mutate: ['packages/core/src/json-schema.ts', 'packages/core/src/schema-references.ts'],
    tests: [
      'packages/core/src/{json-schema,json-schema-edges,schema-references,tool-definition}.test.ts',
    ],
    static: true,
  },
  'core-hermes': {
    mutate: ['packages/core/src/hermes.ts'],
    tests: [
      'packages/core/src/{hermes,hermes-edges,hermes-blocks,tools,tool-call,acceptance}.test.ts',
    ],
  },
  // Tool definitions and calls, formatTools and its caches, the errors and warnings.
  core: {
    ...folder('core'),
    pending:
      'split from the package group on 2026-12-07; a first run was stopped at 201 of 627 mutants (35 survived, 3 minutes) to leave time for the other core groups: not measured yet',
    tests: [
      'packages/core/src/{tool-call,tool-definition,tools,tools-cache,is-deeply-frozen}.test.ts',
      'packages/core/src/{wire-format,errors,acceptance,conformance,purity}.test.ts',
      'packages/core/src/wires/*.test.ts',
    ],
  },
  'content-image-wires': folder('content-image', 'wires'),
  'content-image': folder('content-image'),
  // Each wire's result block, reached through toolResult: every test of the package but the
  // two that test the PDF filename and the string form alone. 2026-12-07: 87.5 % on the first
  // run (487 mutants, 8.6 minutes at load average 5), 96.9 % after wires/native-blocks.test.ts
  // (1 minute).
  'tool-result-wires': {
    mutate: ['packages/tool-result/src/wires/*.ts'],
    tests: [
      'packages/tool-result/src/wires/*.test.ts',
      'packages/tool-result/src/{acceptance,conformance,golden,image-bytes,items}.test.ts',
      'packages/tool-result/src/{property,purity,seed-000,structured-media,tool-result}.test.ts',
    ],
  },
  // The rest of tool-result, each with the tests that reach it; the property tests (fast-check
  // over every wire, seconds a run) are left out: the tests beside each module assert more.
  // The string form (text of each block, PDF names, structured content without media).
  'tool-result-text': {
    mutate: [
      'packages/tool-result/src/string-form.ts',
      'packages/tool-result/src/pdf-filename.ts',
      'packages/tool-result/src/structured-media.ts',
    ],
    tests: [
      'packages/tool-result/src/{string-form,pdf-filename,structured-media}.test.ts',
      'packages/tool-result/src/{tool-result,seed-000,acceptance,purity}.test.ts',
      'packages/tool-result/src/wires/bedrock.test.ts',
    ],
    pending:
      'split from the package group on 2026-12-07; first run on 2026-12-07 (668 mutants, 12.6 minutes at load average 5): string-form.ts 81.8 %, structured-media.ts 75.7 %, pdf-filename.ts 84.9 %, 137 survivors none yet killed or explained',
  },
  // ToolResult itself, its items and media helpers, the Bedrock document block.
  'tool-result': {
    ...folder('tool-result'),
    pending:
      'split from the package group on 2026-12-07 with its narrow test list; a first run (750 mutants) was stopped at 82 after a minute for lack of time: not measured yet',
    tests: [
      'packages/tool-result/src/{tool-result,seed-000,acceptance,purity,items}.test.ts',
      'packages/tool-result/src/{image-bytes,conformance,golden,structured-media}.test.ts',
      'packages/tool-result/src/wires/*.test.ts',
    ],
  },
  'dialects-wires': { ...folder('dialects', 'wires'), static: true },
  'dialects-support': folder('dialects', 'support'),
  dialects: folder('dialects'),
  // The registry's folders, each with only the tests that reach its modules (the whole
  // package's tests are 30 files, 40 seconds a run, several of them CLI subprocesses).
  // 2026-12-07: 90.2 % on the first run (389 mutants, 12 minutes at load average 6 to 8), 93.8 %
  // after name-steps.test.ts and the suggestion bounds (179 retested, 3.8 minutes).
  'registry-names': {
    mutate: [`${R}/names/*.ts`],
    tests: [
      `${R}/names/*.test.ts`,
      `${R}/validation/validate.test.ts`,
      `${R}/lookup/lookup.test.ts`,
      `${R}/acceptance.test.ts`,
      `${R}/conventions.test.ts`,
      `${R}/today.test.ts`,
    ],
  },
  // 2026-12-07: 59.3 % with the derive tests (384 mutants, 12.3 minutes forced, load average 5
  // to 7); most survivors were answers the default registry had cached before the mutant ran
  // (Stryker reuses the test worker), so the tests now build their registry in each test.
  // find-model.test.ts (every layer a name comes from, whole), the cache's eviction policy and
  // the delivery reasons: 94.9 % raw after two incremental reruns (6.5 and 3.4 minutes; every
  // file 93.2 % or more), the 18 survivors explained.
  'registry-resolution': {
    mutate: [`${R}/resolution/*.ts`],
    tests: [
      `${R}/resolution/*.test.ts`,
      // find-model.ts is reached through derive.ts.
      `${R}/derive*.test.ts`,
      `${R}/acceptance.test.ts`,
      `${R}/api.test.ts`,
      `${R}/conventions.test.ts`,
      `${R}/cloud-providers.test.ts`,
      `${R}/precedence.test.ts`,
      `${R}/today.test.ts`,
    ],
  },
  // The validation of the data files, split by concern (the whole folder was 960 mutants, about
  // an hour a run): each module with the tests that build a small data set of their own (no
  // shipped data, no subprocess), so a mutant costs a fraction of a second. 2026-12-07, load
  // average 2 to 6: schema 83.5 % on the first run (260 mutants, 3.7 minutes), 91.2 % after
  // schema-issues.test.ts named entries (4.1 minutes); labs 86.9 % (175 mutants, 2.3 minutes),
  // 97.6 % (167, 2.3 minutes); providers 92.8 % (390 mutants, 6.8 minutes), 97.7 % (5.8
  // minutes); every survivor explained.
  'registry-validation-schema': {
    mutate: [`${R}/validation/schema-issues.ts`, `${R}/validation/issues.ts`],
    tests: [`${R}/validation/schema-issues.test.ts`, `${R}/validation/validate-checks.test.ts`],
  },
  'registry-validation-labs': {
    mutate: [`${R}/validation/lab-checks.ts`, `${R}/validation/common-checks.ts`],
    tests: [`${R}/validation/validate-checks.test.ts`],
  },
  'registry-validation-providers': {
    mutate: [`${R}/validation/provider-checks.ts`],
    tests: [`${R}/validation/validate-checks.test.ts`],
  },
  // What is left: validateRegistrySources, the repair of a file with schema problems and the
  // filter of the cross-field issues that would echo them. 2026-12-07: 76.5 % on the first run
  // (115 mutants, 8.4 minutes at load average 6), 85.4 % after the tests of what it gives back
  // and the repair's simpler guard (103 mutants, 6.0 minutes with --force), every survivor
  // explained.
  'registry-validation': {
    mutate: [`${R}/validation/*.ts`],
    tests: [`${R}/validation/validate-checks.test.ts`, `${R}/validation/validate.test.ts`],
  },
  // 2026-12-07, first run with catalogue-models.test.ts (createCatalogue's models whole, its
  // lookups and provenance, the claims a registry takes from it): 95.4 % (65 mutants, 1.8
  // minutes); 96.9 % after a test of a tool-result fact the catalogue never states (0.9
  // minutes), the two left the claim cache. schema.ts is all static (the snapshot schema,
  // checked when the snapshot is made), so it has no measured mutant.
  'registry-catalogue': {
    mutate: [`${R}/catalogue/*.ts`],
    tests: [
      `${R}/catalogue/catalogue.test.ts`,
      `${R}/catalogue/catalogue-models.test.ts`,
      `${R}/precedence.test.ts`,
      `${R}/pricing.test.ts`,
      `${R}/acceptance.test.ts`,
      `${R}/crosscheck-review.test.ts`,
    ],
  },
  // What is left of the package, in two groups, each with the tests that reach its files (the
  // package's 30 test files in one run would be about 40 seconds a mutant): the registry's API
  // (the registry object, createRegistry, the data date, the capabilities table) and the
  // entries, index, capability facts and versions the resolver builds on.
  // registry-api, 2026-12-07: 73.5 % on the first run (603 mutants, 12.6 minutes at load average
  // 6); with create-entries, served-models, data-date and query-errors.test.ts, two incremental
  // reruns (4.7 and 3.1 minutes): 95.4 % raw, every file 92.1 % or more, 28 survivors explained.
  'registry-api': {
    mutate: [
      `${R}/registry.ts`,
      `${R}/create.ts`,
      `${R}/data-date.ts`,
      `${R}/default-registry.ts`,
      `${R}/capabilities-table.ts`,
    ],
    tests: [
      `${R}/api.test.ts`,
      `${R}/conventions.test.ts`,
      `${R}/create*.test.ts`,
      `${R}/served-models.test.ts`,
      `${R}/data-date.test.ts`,
      `${R}/query-errors.test.ts`,
      `${R}/purity.test.ts`,
      `${R}/today.test.ts`,
      `${R}/lookup/lookup.test.ts`,
      `${R}/resolution/cache.test.ts`,
      `${R}/catalogue/listing/learned-resolution.test.ts`,
      // discover's new registry (a loopback server).
      `${R}/catalogue/listing/discover.test.ts`,
    ],
  },
  // registry, 2026-12-07: 66.3 % on the first run (424 mutants, 7.8 minutes at load average 6),
  // its tests reaching these files through registries whose index was built before the mutant.
  // With tests that build their registry in each test (entries, build-index, capabilities,
  // base-url, version) and the list narrowed to them: 95.1 % forced (10 minutes at load average
  // 7), 96.7 % after one incremental rerun (104 retested, 2.1 minutes), every file 93.6 % or
  // more, the 14 survivors explained.
  registry: {
    // What the groups before it leave of the package.
    mutate: [`${R}/**/*.ts`],
    // Only tests that build their registry in each test: the index is built once per registry,
    // so one built before the mutant was switched on (defaultRegistry) would hide it.
    tests: [
      `${R}/{build-index,entries,capabilities,base-url,version}.test.ts`,
      `${R}/cloud-providers.test.ts`,
      `${R}/derive-conditions.test.ts`,
      `${R}/create-entries.test.ts`,
      `${R}/resolution/find-model.test.ts`,
    ],
  },
  // The engines package's folders, each with only the tests that reach its modules (the
  // package's tests drive the whole engine against loopback servers, seconds a mutant, so a
  // folder run with all of them would be hours).
  // Measured 2026-12-07: every file at 85 % or more with its equivalents, survivors explained.
  'engines-http': {
    mutate: [`${E}/http/*.ts`],
    tests: [
      `${E}/http/{json-body,transport,url,retry,provider-error}*.test.ts`,
      'packages/engines/test/transport-values.test.ts',
      'packages/engines/test/engine-url.test.ts',
    ],
  },
  'engines-durable': folder('engines', 'durable'),
  // The engine's hooks, split from engine.ts: middleware, observers, inlined images.
  'engines-engine-hooks': {
    // Measured 2026-12-07 with the tests beside each module only: the engine-level tests call
    // the event helpers on every request, seconds a mutant for nothing these miss.
    mutate: [`${E}/engine/{middleware,observe,inline-images}.ts`],
    tests: [`${E}/engine/{observe,observe-payloads,middleware-chain,inline-images}.test.ts`],
  },
  // What engine.ts did before its class, moved out by concern on 2026-12-07: the endpoint
  // checks, the dialect options and request features from the model's facts, the response
  // event a hook sees. Measured 2026-12-07: every file at 85 % or more, survivors explained.
  'engines-engine-setup': {
    mutate: [
      `${E}/engine/endpoint.ts`,
      `${E}/engine/model-settings.ts`,
      `${E}/engine/response-event.ts`,
    ],
    tests: [
      // Each module's rules at their edges, through createEngine and beside the module.
      `${E}/engine/engine-setup.test.ts`,
      'packages/engines/test/engine-url.test.ts',
      'packages/engines/test/transport-values.test.ts',
      'packages/engines/test/secrets.test.ts',
      'packages/engines/test/hooks.test.ts',
      'packages/engines/test/middleware.test.ts',
      'packages/engines/test/structured-mechanism-table.test.ts',
      `${E}/engine/tool-result-delivery.test.ts`,
    ],
  },
  'engines-engine': {
    ...folder('engines', 'engine'),
    pending:
      'engine.ts alone (1,105 lines once its helpers moved to engines-engine-setup, nearly all the Engine class; engine-level tests at seconds a mutant); not measured yet: likely 30 minutes or more a run',
    tests: [
      `${E}/engine/engine.test.ts`,
      `${E}/engine/tool-result-delivery.test.ts`,
      'packages/engines/test/engine-abort.test.ts',
      'packages/engines/test/engine-url.test.ts',
      'packages/engines/test/defaults.test.ts',
      'packages/engines/test/user-parts.test.ts',
      'packages/engines/test/preflight.test.ts',
      'packages/engines/test/transport-values.test.ts',
    ],
  },
  // The loop's approval policy and hook events, apart from the loop itself: each half's tests
  // drive whole engines (seconds a mutant), so together they were about 40 minutes a run.
  // Measured 2026-12-07: every file at 85 % or more, survivors explained.
  'engines-loop-approval': {
    mutate: [`${E}/loop/approval.ts`, `${E}/loop/loop-events.ts`],
    tests: [
      `${E}/loop/approval*.test.ts`,
      `${E}/loop/loop-events.test.ts`,
      `${E}/loop/tool-loop-steps-approval.test.ts`,
      // The loop's hook events through a whole engine (loop-events.ts).
      'packages/engines/test/hooks.test.ts',
    ],
  },
  // Measured 2026-12-07 with the tests that reach tool-loop.ts and tool-loop-stream.ts only
  // (about 17 minutes a full run): every file at 85 % or more, survivors explained.
  'engines-loop': {
    mutate: [`${E}/loop/*.ts`],
    tests: [
      // Each turn's record, the run's result, the stream's approval and error events, a
      // consumer that stops early; then the loop's rules on every path.
      `${E}/loop/tool-loop-turns.test.ts`,
      `${E}/loop/approval-checks.test.ts`,
      `${E}/loop/tool-loop-stream.test.ts`,
      `${E}/loop/tool-loop-frozen-turns.test.ts`,
      `${E}/loop/tool-loop.test.ts`,
    ],
  },
  // Measured 2026-12-07: every file at 85 % or more with its equivalents.
  'engines-mcp': {
    mutate: [`${E}/mcp/*.ts`],
    tests: [
      `${E}/mcp/*.test.ts`,
      'packages/engines/test/mcp-reference.test.ts',
      'packages/engines/test/tool-loop-faults.test.ts',
    ],
  },
  // What is left of the package: the abort helpers and the cloud routes' signing. Measured
  // 2026-12-07: every file at 85 % or more with its equivalents.
  engines: {
    mutate: [`${E}/**/*.ts`],
    // The tests beside the modules only: the engine-level cloud-routes and AWS SDK oracle tests
    // run the whole engine, which calls the abort helpers everywhere, so each abort-helper
    // mutant cost a run of both (a first run with them was on course for 40 minutes).
    // cloud-route.test.ts compares the signature with AWS's own signer itself.
    tests: [`${E}/abortable*.test.ts`, `${E}/cloud/*.test.ts`],
  },
  langchain: folder('langchain'),
  // Measured 2026-12-07: 93.7 % raw, every survivor explained.
  otel: { mutate: ['packages/otel/src/**/*.ts'], tests: ['packages/otel/src/*.test.ts'] },
  'cli-commands': folder('cli', 'commands'),
  'cli-demo': folder('cli', 'demo'),
  'cli-probe': folder('cli', 'probe'),
  cli: folder('cli'),
  // The provider simulator, split so each group runs in minutes with the tests that reach its
  // modules (the simulator's own tests, about 5 seconds together, and the registry's listing
  // readers against its model lists); the engine-level tests that drive it cost seconds a mutant.
  // simulator-listings, 2026-12-07: 54.8 % on the first run (551 mutants, 18.6 minutes at load
  // average 7 to 9); with listing-shapes.test.ts (every list whole) 91.5 %, then 97.8 % after
  // the tests of which requests a list answers (incremental reruns of 17, 13 and 0.3 minutes),
  // the 12 survivors explained.
  'simulator-listings': {
    mutate: ['packages/simulator/src/listings.ts'],
    // Every list whole (listing-shapes.test.ts) and read by the official clients; the
    // registry's readers against these lists (discover.test.ts) add two seconds a mutant.
    tests: ['packages/simulator/src/{listings,listing-shapes,listing-unscripted}.test.ts'],
  },
  // The wires and checks.ts together are about 1,500 mutants (some 50 minutes at concurrency 1
  // on a loaded machine), so they are split in three groups of minutes each (2026-12-08).
  'simulator-wires': {
    mutate: ['packages/simulator/src/wires/{gemini,hermes}.ts', 'packages/simulator/src/checks.ts'],
    pending:
      'first run on 2026-12-08 (735 mutants, 10.5 minutes): 56.8 %; rerun with wire-checks.test.ts (5.7 minutes): 85.1 % (gemini.ts 87.8 %, hermes.ts 78.4 %, checks.ts 88.6 %), 103 survivors neither killed nor explained; Hermes edge tests were added after the rerun and are not measured yet',
    tests: ['packages/simulator/src/{simulator,rules,wire-checks}.test.ts'],
  },
  'simulator-wires-anthropic': {
    mutate: ['packages/simulator/src/wires/{anthropic,bedrock}.ts'],
    pending: PENDING,
    tests: ['packages/simulator/src/{simulator,rules}.test.ts'],
  },
  'simulator-wires-openai': {
    mutate: ['packages/simulator/src/wires/{openai,responses,ollama}.ts'],
    pending: PENDING,
    tests: ['packages/simulator/src/{simulator,rules}.test.ts'],
  },
  'simulator-stream': {
    mutate: ['packages/simulator/src/stream.ts'],
    pending: PENDING,
    tests: ['packages/simulator/src/{stream,stream-wires,simulator}.test.ts'],
  },
  simulator: {
    ...folder('simulator'),
    tests: ['packages/simulator/src/{simulator,rules,listings,stream}.test.ts'],
  },
};

/**
 * Source files no group measures, each with why. `kind` is checked by `mutation:check`:
 * `types` must compile to nothing, `re-exports` to imports and re-exports only, `constants` to
 * arrays of literals only (`as const` tables, in which Stryker finds no mutant), `generated`
 * must start with a "// Generated from" line.
 */
export const EXCEPTIONS = [
  {
    kind: 'generated',
    files: ['packages/registry/src/generated/*.ts'],
    why: 'The registry data and catalogue as one JSON string each, generated from data/ by `registry generate` and checked by `registry:check`; the code that reads them is measured.',
  },
  {
    kind: 're-exports',
    files: [
      'packages/*/src/index.ts',
      'packages/engines/src/durable/index.ts',
      'packages/registry/src/lookup/index.ts',
      'packages/content-image/src/image/index.ts',
    ],
    why: 'Entry points that only re-export: nothing to mutate (Stryker finds no mutant in an export list).',
  },
  {
    kind: 'constants',
    files: ['packages/registry/src/catalogue/listing/types.ts'],
    why: 'Types and `as const` arrays of literals only (the facts and modalities a listing can state): Stryker finds no mutant in them, so they never appear in results; the snapshot schema and the readers built from them are measured.',
  },
  {
    kind: 'types',
    files: [
      'packages/cli/src/command.ts',
      'packages/cli/src/demo/report.ts',
      'packages/content-image/src/wires/types.ts',
      'packages/core/src/tool-wire.ts',
      'packages/dialects/src/dialect-types.ts',
      'packages/dialects/src/preflight/types.ts',
      'packages/dialects/src/stream-types.ts',
      'packages/dialects/src/structured/types.ts',
      'packages/engines/src/cloud/types.ts',
      'packages/engines/src/engine/chat-options.ts',
      'packages/registry/src/files.ts',
      'packages/registry/src/types.ts',
      'packages/simulator/src/types.ts',
      'packages/tool-result/src/wire-blocks.ts',
    ],
    why: 'Types and interfaces only: they compile to nothing, so there is no code to mutate (the type checker is their test).',
  },
];
