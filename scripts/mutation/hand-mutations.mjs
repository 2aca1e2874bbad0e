#!/usr/bin/env node
// The hand-made mutations of issue 27: each is a bug real code once had (or could easily get),
// applied alone to the source; some test of the listed files must then fail. Run:
//   node scripts/mutation/hand-mutations.mjs [id-prefix ...]
// Each mutation is applied, the tests run, and the file restored byte for byte, whatever happens.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const E = 'packages/engines/src';
const D = 'packages/dialects/src';
const MUTATIONS = [
  // secrets
  {
    id: 'secrets-cookie',
    file: `${E}/http/secrets.ts`,
    from: ` && name.toLowerCase() !== 'cookie'`,
    to: '',
    tests: [`${E}/http/secrets.test.ts`, `${E}/http/secrets-forms.test.ts`],
  },
  {
    id: 'secrets-error-url',
    file: `${E}/http/secrets.ts`,
    from: `'providerCode', 'url']`,
    to: `'providerCode']`,
    tests: [`${E}/http/secrets.test.ts`, `${E}/http/secrets-forms.test.ts`],
  },
  {
    id: 'secrets-url-encoded',
    file: `${E}/http/secrets.ts`,
    from: `[value, decoded(value), encodeURIComponent(value)]`,
    to: '[value, decoded(value)]',
    tests: [`${E}/http/secrets.test.ts`, `${E}/http/secrets-forms.test.ts`],
  },
  {
    id: 'secrets-shortest-first',
    file: `${E}/http/secrets.ts`,
    from: 'b.length - a.length',
    to: 'a.length - b.length',
    tests: [`${E}/http/secrets.test.ts`, `${E}/http/secrets-forms.test.ts`],
  },
  // durable state and steps
  {
    id: 'durable-non-finite',
    file: `${E}/durable/json-copy.ts`,
    from: 'return Number.isFinite(value) ? value : null;',
    to: 'return value;',
    tests: [
      `${E}/durable/json-copy.test.ts`,
      `${E}/durable/tool-loop-state.test.ts`,
      `${E}/loop/tool-loop-steps-rules.test.ts`,
    ],
  },
  {
    id: 'durable-shared-is-cycle',
    file: `${E}/durable/json-copy.ts`,
    from: '  open.delete(value);\n',
    to: '',
    tests: [
      `${E}/durable/json-copy.test.ts`,
      `${E}/durable/tool-loop-state.test.ts`,
      `${E}/loop/tool-loop-steps-rules.test.ts`,
    ],
  },
  {
    id: 'durable-stored-result-id',
    file: `${E}/durable/tool-loop-state.ts`,
    from: 'if (result && (result.name !== call.name || result.id !== call.id))',
    to: 'if (result && result.name !== call.name)',
    tests: [
      `${E}/durable/json-copy.test.ts`,
      `${E}/durable/tool-loop-state.test.ts`,
      `${E}/loop/tool-loop-steps-rules.test.ts`,
    ],
  },
  {
    id: 'steps-record-wrong-id',
    file: `${E}/loop/tool-loop-steps.ts`,
    from: 'if (result.name !== pending.call.name || result.id !== pending.call.id)',
    to: 'if (result.name !== pending.call.name)',
    tests: [`${E}/loop/tool-loop-steps-rules.test.ts`],
  },
  {
    id: 'steps-pre-aborted',
    file: `${E}/loop/tool-loop-steps.ts`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text, not a template
    from: '    throwIfAborted(options.signal, `running tool step ${callId}`);\n',
    to: '',
    tests: [`${E}/loop/tool-loop-steps-rules.test.ts`],
  },
  {
    id: 'steps-total-tokens',
    file: `${E}/loop/tool-loop-steps.ts`,
    from: '(usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0))',
    to: '(usage.totalTokens ?? 0)',
    tests: [`${E}/loop/tool-loop-steps-rules.test.ts`],
  },
  {
    id: 'blob-memory-shares-buffer',
    file: `${E}/durable/blob-store.ts`,
    from: 'return bytes === undefined ? undefined : Uint8Array.from(bytes);',
    to: 'return bytes;',
    tests: [`${E}/durable/json-copy.test.ts`, `${E}/durable/media.test.ts`],
  },
  {
    id: 'blob-file-any-key',
    file: `${E}/durable/blob-store.ts`,
    from: 'if (!KEY.test(key))',
    to: "if (key.includes('/'))",
    tests: [`${E}/durable/json-copy.test.ts`, `${E}/durable/media.test.ts`],
  },
  // call ids and readers
  {
    id: 'call-ids-unmatched-takes-last',
    file: 'packages/dialects/src/call-ids.ts',
    from: 'pending.splice(Math.max(index, 0), 1)',
    to: 'pending.splice(index, 1)',
    tests: ['packages/dialects/src/call-ids.test.ts'],
  },
  {
    id: 'call-ids-pending-kept',
    file: 'packages/dialects/src/call-ids.ts',
    from: '      pending = [];\n',
    to: '',
    tests: ['packages/dialects/src/call-ids.test.ts'],
  },
  {
    id: 'call-ids-any-name',
    file: 'packages/dialects/src/call-ids.ts',
    from: 'pending.findIndex((entry) => entry.name === name)',
    to: 'pending.findIndex(() => true)',
    tests: ['packages/dialects/src/call-ids.test.ts'],
  },
  {
    id: 'reading-upper-case-media-type',
    file: 'packages/dialects/src/provider-reading.ts',
    from: 'const type = mediaType.toLowerCase();',
    to: 'const type = mediaType;',
    tests: ['packages/dialects/src/provider-reading.test.ts'],
  },
  // others
  {
    id: 'rate-limit-trailing-junk',
    file: `${E}/http/rate-limit.ts`,
    from: 'return consumed === trimmed.length && consumed > 0',
    to: 'return consumed > 0',
    tests: [`${E}/http/retry-after.test.ts`],
  },
  {
    id: 'private-hosts-only-file',
    file: 'packages/content-image/src/deny-private-hosts.ts',
    from: "if (url.protocol !== 'http:' && url.protocol !== 'https:') {",
    to: "if (url.protocol === 'file:') {",
    tests: [
      'packages/content-image/src/deny-private-hosts.test.ts',
      'packages/content-image/src/deny-private-hosts-schemes.test.ts',
    ],
  },
  {
    id: 'registry-retired-only',
    file: 'packages/registry/src/derive.ts',
    from: 'notice.deprecated !== undefined || notice.retired !== undefined',
    to: 'notice.deprecated !== undefined',
    tests: ['packages/registry/src/derive-conditions.test.ts'],
  },
  {
    id: 'registry-variant-ignored',
    file: 'packages/registry/src/derive.ts',
    from: '  if (when.variant !== undefined && when.variant !== model.variant) return false;\n',
    to: '',
    tests: ['packages/registry/src/derive-conditions.test.ts'],
  },
  {
    id: 'python-u-is-raw',
    file: 'packages/core/src/python-literal.ts',
    from: 'raw = /[rR]/.test(this.peek());',
    to: 'raw = true;',
    tests: [
      'packages/core/src/python-literal.test.ts',
      'packages/core/src/python-literal-strings.test.ts',
    ],
  },
  {
    id: 'python-continuation-kept',
    file: 'packages/core/src/python-literal.ts',
    from: "  '\\n': '',\n",
    to: '',
    tests: [
      'packages/core/src/python-literal.test.ts',
      'packages/core/src/python-literal-strings.test.ts',
    ],
  },
  {
    id: 'python-code-point-throws',
    file: 'packages/core/src/python-literal.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text, not a template
    from: '      if (code > 0x10ffff) this.fail(`bad \\\\${char} escape`);\n',
    to: '',
    tests: [
      'packages/core/src/python-literal.test.ts',
      'packages/core/src/python-literal-strings.test.ts',
    ],
  },
  {
    id: 'retry-after-untrimmed',
    file: `${E}/http/retry.ts`,
    from: '  const trimmed = value.trim();\n  if (trimmed',
    to: '  const trimmed = value;\n  if (trimmed',
    tests: [`${E}/http/retry.test.ts`, `${E}/http/retry-after.test.ts`],
  },
  {
    id: 'retry-after-no-letter-check',
    file: `${E}/http/retry.ts`,
    from: '  if (!/[a-z]/i.test(trimmed)) return undefined;\n',
    to: '',
    tests: [`${E}/http/retry.test.ts`, `${E}/http/retry-after.test.ts`],
  },
  {
    id: 'retry-after-ms-unanchored',
    file: `${E}/http/retry.ts`,
    from: '/^\\d+(\\.\\d+)?$/.test(precise.trim())',
    to: '/\\d+(\\.\\d+)?/.test(precise.trim())',
    tests: [`${E}/http/retry.test.ts`, `${E}/http/retry-after.test.ts`],
  },
  // issue 42: the survivors of the hand-planted sample of the newer code
  {
    id: 'i42-replace-images-in-place',
    file: `${D}/preflight/image-limits.ts`,
    from: 'child = Array.isArray(child) ? [...child] : { ...(child as object) };',
    to: '',
    tests: [`${D}/preflight/image-limits.test.ts`],
  },
  {
    id: 'i42-strict-depth-off-by-one',
    file: `${D}/structured/strict.ts`,
    from: 'if (depth > STRICT_MAX_DEPTH) {',
    to: 'if (depth > STRICT_MAX_DEPTH + 1) {',
    tests: [`${D}/structured/strict-limits.test.ts`],
  },
  {
    id: 'i42-strict-items-unchecked',
    file: `${D}/preflight/structured-rules.ts`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text, not a template
    from: 'if (node.items !== undefined) unclosedObjects(node.items, `${path}.items`, out);',
    to: '',
    tests: [`${D}/structured/strict-limits.test.ts`],
  },
  {
    id: 'i42-discover-cap-per-chunk',
    file: 'packages/registry/src/catalogue/listing/discover.ts',
    from: 'size += value.byteLength;',
    to: 'size = value.byteLength;',
    tests: ['packages/registry/src/catalogue/listing/discover-chunked.test.ts'],
  },
  {
    id: 'i42-sync-readds-retired',
    file: 'packages/cli/src/sync/compare.ts',
    from: 'for (const offering of entry.retired) {',
    to: 'for (const offering of [] as typeof entry.retired) {',
    tests: ['packages/cli/src/commands/registry-sync-repeat.test.ts'],
  },
  {
    id: 'i42-sync-flag-repeated',
    file: 'packages/cli/src/sync/write-sync.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text, not a template
    from: 'offering.note.split(` | ${FLAG}`)[0]',
    to: 'offering.note',
    tests: ['packages/cli/src/commands/registry-sync-repeat.test.ts'],
  },
  {
    id: 'i42-cost-free-cache-writes',
    file: `${E}/cost/cost.ts`,
    from: 'price(pricing.cacheWrite) ?? inputPrice',
    to: 'price(pricing.cacheWrite) ?? 0',
    tests: [`${E}/cost/cost.test.ts`],
  },
  {
    id: 'i42-preflight-empty-block-top-only',
    file: `${D}/prompt-cache.ts`,
    from: 'if (isEmptyText(block)) {',
    to: 'if (isEmptyText(block) && at.length <= 2) {',
    tests: [`${D}/preflight/cache-rules.test.ts`],
  },
  {
    id: 'i42-ai-sdk-plan-per-provider',
    file: 'packages/ai-sdk/src/middleware.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text, not a template
    from: 'const key = `${model.provider}\\u0000${model.modelId}`;',
    to: 'const key = model.provider;',
    tests: ['packages/ai-sdk/src/middleware-per-model.test.ts'],
  },
  {
    id: 'i42-ai-sdk-audio-as-text',
    file: 'packages/ai-sdk/src/mcp-to-model-output.ts',
    from: "(block.type === 'image' || block.type === 'audio') && typeof record.data === 'string'",
    to: "block.type === 'image' && typeof record.data === 'string'",
    tests: ['packages/ai-sdk/src/middleware-per-model.test.ts'],
  },
  // issue 42: purity (a function documented not to change its input writes into it)
  {
    id: 'i42-purity-merge-extra-in-place',
    file: `${D}/support/extra.ts`,
    from: 'const merged: JsonObject = { ...target };',
    to: 'const merged: JsonObject = target;',
    tests: [`${D}/purity.test.ts`],
  },
  {
    id: 'i42-purity-ttl-raised-in-place',
    file: `${D}/prompt-cache.ts`,
    from: "return { ...block, cache_control: { ...asRecord(block.cache_control), ttl: '1h' } };",
    to: "return Object.assign(block, { cache_control: { ...asRecord(block.cache_control), ttl: '1h' } });",
    tests: [`${D}/purity.test.ts`],
  },
  {
    id: 'i42-purity-cost-in-place',
    file: `${E}/cost/cost.ts`,
    from: 'return cost === undefined ? response : { ...response, cost };',
    to: 'return cost === undefined ? response : Object.assign(response, { cost });',
    tests: [`${E}/purity.test.ts`],
  },
  // issue 42 item 4: the purity tests of every function documented not to change its input
  {
    id: 'i42-purity-cache-marker-in-place',
    file: `${D}/prompt-cache.ts`,
    from: 'blocks[at] = { ...(blocks[at] as JsonObject), cache_control: marker };',
    to: 'blocks[at] = Object.assign(blocks[at] as JsonObject, { cache_control: marker });',
    tests: [`${D}/purity.test.ts`],
  },
  {
    id: 'i42-purity-bedrock-cache-point-in-place',
    file: `${D}/prompt-cache.ts`,
    from: 'messages[index] = { ...message, content: [...asArray(message.content), point] };',
    to: 'messages[index] = Object.assign(message, { content: [...asArray(message.content), point] });',
    tests: [`${D}/purity.test.ts`],
  },
  {
    id: 'i42-purity-replace-images-in-place',
    file: `${D}/preflight/image-limits.ts`,
    from: 'if (!copied.has(child)) {',
    to: 'if (!copied.has(child) && index === 0) {',
    tests: [`${D}/purity.test.ts`],
  },
  {
    // Written only where the schema is not frozen: only the unfrozen run can see it.
    id: 'i42-purity-strict-closed-in-place',
    file: 'packages/core/src/json-schema.ts',
    from: '  result.additionalProperties = false;',
    to: '  result.additionalProperties = false;\n  if (!Object.isFrozen(node)) (node as Record<string, unknown>).additionalProperties = false;',
    tests: ['packages/core/src/purity.test.ts'],
  },
  {
    id: 'i42-purity-approval-in-place',
    file: `${E}/loop/tool-loop-steps.ts`,
    from: 'entry === pending ? { ...entry, approval: { ...approval, decision: checked } } : entry,',
    to: 'entry === pending ? Object.assign(entry, { approval: { ...approval, decision: checked } }) : entry,',
    tests: [`${E}/purity.test.ts`],
  },
  {
    // The write into a frozen state is caught and swallowed: only the unfrozen run can see it.
    id: 'i42-purity-result-in-place',
    file: `${E}/loop/tool-loop-steps.ts`,
    from: 'entry === pending ? { ...entry, result } : entry,',
    to: 'entry === pending ? (Object.isFrozen(entry) ? { ...entry, result } : Object.assign(entry, { result })) : entry,',
    tests: [`${E}/purity.test.ts`],
  },
  {
    id: 'i42-purity-provider-message-shared',
    file: `${E}/durable/conversation.ts`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text, not a template
    from: 'message: jsonCopy(message, `${path}.message`) as Record<string, unknown>,',
    to: 'message: { ...(message as unknown as Record<string, unknown>) },',
    tests: [`${E}/purity.test.ts`],
  },
  {
    id: 'i42-purity-ai-sdk-output-in-place',
    file: 'packages/ai-sdk/src/middleware.ts',
    from: '    return { ...part, output };',
    to: '    return Object.assign(part, { output });',
    tests: ['packages/ai-sdk/src/purity.test.ts'],
  },
  {
    id: 'i42-purity-langchain-message-in-place',
    file: 'packages/langchain/src/rewrite.ts',
    from: '    message: same ? message : rendered,',
    to: '    message: same ? message : Object.assign(message, { content: rendered.content }),',
    tests: ['packages/langchain/src/purity.test.ts'],
  },
];

// A mutated file is restored even when the run is interrupted.
let restore = () => {};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    restore();
    process.exit(130);
  });
}

const wanted = process.argv.slice(2);
const chosen = MUTATIONS.filter(
  (m) => wanted.length === 0 || wanted.some((w) => m.id.startsWith(w)),
);
let survived = 0;
for (const mutation of chosen) {
  const original = readFileSync(mutation.file, 'utf8');
  const count = original.split(mutation.from).length - 1;
  if (count !== 1) {
    console.log(`?? ${mutation.id}: the pattern occurs ${count} times in ${mutation.file}`);
    survived++;
    continue;
  }
  restore = () => writeFileSync(mutation.file, original);
  writeFileSync(mutation.file, original.replace(mutation.from, mutation.to));
  let result;
  try {
    result = spawnSync('npx', ['vitest', 'run', '--bail=1', ...mutation.tests], {
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
  } finally {
    restore();
    restore = () => {};
  }
  const killed = result.status !== 0;
  if (!killed) survived++;
  const failed = [
    ...new Set(
      [...(result.stdout + result.stderr).matchAll(/FAIL\s+(\S+\.test\.ts)/g)].map((m) => m[1]),
    ),
  ].slice(0, 3);
  console.log(
    `${killed ? 'killed  ' : 'SURVIVED'} ${mutation.id}${killed ? `  (${failed.join(', ')})` : ''}`,
  );
}
console.log(`${chosen.length - survived} of ${chosen.length} killed`);
process.exitCode = survived === 0 ? 0 : 1;
