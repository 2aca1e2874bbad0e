import { describe, expect, it } from 'vitest';
import { pngHeaderRgba } from '../../../../test-support/png-header.js';
import { BEDROCK_RULES } from './bedrock-rules.js';
import { preflight } from './preflight.js';
import { result, text, toolConfig, toolTurns, use } from './test-support/converse-bodies.js';

// The catalogue's Converse rules as a reader of the rules page and a caller of their checks
// meets them: each example written out, and what preflight finds in it. The modules are
// imported when the file loads, as in the other test files of the group: a module first loaded
// inside a test has its top-level code counted by Stryker as covered by that test alone, so the
// rule texts and sources the simulator's page test holds, and the patterns the limits test
// holds, went untested by them (a --force run gave 91.7 % so).

const CONVERSE = '/model/us.anthropic.claude-sonnet-4-6/converse';

const png = (data: string) => ({ image: { format: 'png', source: { bytes: data } } });
const tenByTen = () => png(pngHeaderRgba([0, 0, 0, 10], [0, 0, 0, 10]));
const fourByFour = () => png(pngHeaderRgba([0, 0, 0, 4], [0, 0, 0, 4]));
const pdf = (name: string, bytes = 'JVBERi0xLjQK') => ({
  document: { format: 'pdf', name, source: { bytes } },
});
const point = { cachePoint: { type: 'default' } };
const sizes =
  "Each image's size, height, and width must be no more than 3.75 MB, 8000 px, and 8000 px, respectively";
const idPattern = (id: string) => `"${id}": toolUseId must match [a-zA-Z0-9_.:-]{1,64}`;

// A body with each long payload shown by its length and ends: comparing megabytes of base64
// character by character costs seconds a run, and the ends hold the header and the padding.
const shown = (value: unknown): unknown =>
  typeof value === 'string' && value.length > 256
    ? `${value.length} characters: ${value.slice(0, 64)}...${value.slice(-8)}`
    : Array.isArray(value)
      ? value.map(shown)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shown(item)]))
        : value;

interface Expected {
  readonly path?: string;
  readonly body: () => unknown;
  /** What preflight finds in the example: the path and message of each break of the rule. */
  readonly breaks: readonly (readonly [string, string])[];
}

const EXPECTED: Record<string, Expected> = {
  'bedrock-tool-name': {
    body: () => ({
      messages: [{ role: 'user', content: [text('Hi')] }],
      ...toolConfig('calendar.read'),
    }),
    breaks: [
      [
        'toolConfig.tools[0].toolSpec.name',
        '"calendar.read": A tool name is invalid. Tool names can only contain letters, numbers, underscores, and hyphens (at most 64)',
      ],
    ],
  },
  'bedrock-tool-use-id': {
    body: () => ({
      messages: [
        { role: 'user', content: [text('Weather?')] },
        { role: 'assistant', content: [use('call 1/weather')] },
        { role: 'user', content: [result('call 1/weather')] },
      ],
      ...toolConfig(),
    }),
    breaks: [
      ['messages[1].content[0].toolUse.toolUseId', idPattern('call 1/weather')],
      ['messages[2].content[0].toolResult.toolUseId', idPattern('call 1/weather')],
    ],
  },
  'bedrock-document-name': {
    body: () => toolTurns([result('tooluse_1', [pdf('report_2026.pdf')])]),
    breaks: [
      [
        'messages[2].content[0].toolResult.content[0].document.name',
        `"report_2026.pdf": The document file name can only contain alphanumeric characters, whitespace characters, hyphens, parentheses, and square brackets. The name can't contain more than one consecutive whitespace character.`,
      ],
    ],
  },
  'bedrock-document-names-unique': {
    body: () => toolTurns([result('tooluse_1', [pdf('report'), pdf('report')])]),
    breaks: [
      [
        'messages[2].content[0].toolResult.content[1].document.name',
        `"report": Messages can't contain duplicate document names. Rename the document and retry your request.`,
      ],
    ],
  },
  'bedrock-document-count': {
    body: () =>
      toolTurns([
        result('tooluse_1', [pdf('a'), pdf('b'), pdf('c'), pdf('d'), pdf('e'), pdf('f')]),
      ]),
    breaks: [['messages', "You can't include more than 5 documents in a request. (6 documents)"]],
  },
  'bedrock-document-bytes': {
    // 6,291,460 base64 characters: 4,718,595 bytes, three over 4.5 MiB.
    body: () => toolTurns([result('tooluse_1', [pdf('big', 'A'.repeat(6_291_460))])]),
    breaks: [
      [
        'messages[2].content[0].toolResult.content[0].document.source.bytes',
        "Each document's size must be no more than 4.5 MB (4718595 bytes)",
      ],
    ],
  },
  'bedrock-media-count': {
    body: () => ({
      messages: [
        { role: 'user', content: [text('Compare'), ...Array.from({ length: 21 }, tenByTen)] },
      ],
    }),
    breaks: [['messages', 'You can include up to 20 images. (21 images)']],
  },
  'bedrock-image-bytes': {
    // 100 x 100, padded to 3,932,161 bytes: 5,242,884 characters of base64.
    body: () => ({
      messages: [
        {
          role: 'user',
          content: [text('Look'), png(pngHeaderRgba([0, 0, 0, 100], [0, 0, 0, 100], 3_932_161))],
        },
      ],
    }),
    breaks: [['messages[0].content[1].image.source.bytes', `${sizes} (5242884 bytes of base64)`]],
  },
  'bedrock-image-side': {
    // 1280 x 8001.
    body: () => ({
      messages: [
        {
          role: 'user',
          content: [text('Look'), png(pngHeaderRgba([0, 0, 0x05, 0x00], [0, 0, 0x1f, 0x41]))],
        },
      ],
    }),
    breaks: [['messages[0].content[1].image.source.bytes', `${sizes} (a side of 8001 px)`]],
  },
  'bedrock-tool-result-image': {
    path: '/model/openai.gpt-oss-120b-1:0/converse',
    body: () => toolTurns([result('tooluse_1', [fourByFour()])]),
    breaks: [
      [
        'messages[2].content[0].toolResult.content[0].image',
        "This model doesn't support the image field for user messages. Remove image and try again.",
      ],
    ],
  },
  'bedrock-tool-config-required': {
    body: () => toolTurns([result('tooluse_1')], {}),
    breaks: [
      [
        'toolConfig',
        'The toolConfig field must be defined when using toolUse and toolResult content blocks',
      ],
    ],
  },
  'bedrock-error-result-content': {
    body: () => toolTurns([result('tooluse_1', [], { status: 'error' })]),
    breaks: [
      [
        'messages[2].content[0].toolResult.content',
        'The content field at messages[2].content[0].toolResult cannot be empty when status value is error.',
      ],
    ],
  },
  'bedrock-cache-points': {
    body: () => ({
      messages: [{ role: 'user', content: [text('d'), point] }],
      system: [text('a'), point, text('b'), point, text('c'), point, text('e'), point],
    }),
    breaks: [['cachePoint', 'A request takes at most 4 cache checkpoints; it has 5.']],
  },
  // The conversation rules: kept by the dialect, checked by the simulator, not by preflight.
  'bedrock-alternation': {
    body: () => ({
      messages: [
        { role: 'user', content: [text('Hi')] },
        { role: 'user', content: [text('Again')] },
      ],
    }),
    breaks: [],
  },
  'bedrock-tool-use-answered': {
    body: () => ({
      messages: [
        { role: 'user', content: [text('Weather?')] },
        { role: 'assistant', content: [use('tooluse_1'), use('tooluse_2')] },
        { role: 'user', content: [result('tooluse_1')] },
      ],
      ...toolConfig(),
    }),
    breaks: [],
  },
  'bedrock-non-blank-text': {
    body: () => ({ messages: [{ role: 'user', content: [text('  ')] }] }),
    breaks: [],
  },
  'bedrock-media-user-only': {
    body: () => ({
      messages: [
        { role: 'user', content: [text('Draw')] },
        { role: 'assistant', content: [fourByFour()] },
        { role: 'user', content: [text('Thanks')] },
      ],
    }),
    breaks: [],
  },
};

// The rules whose provider refusal is quoted word for word at their source.
const QUOTED = [
  'bedrock-tool-name',
  'bedrock-document-name',
  'bedrock-document-names-unique',
  'bedrock-document-count',
  'bedrock-tool-result-image',
  'bedrock-tool-config-required',
  'bedrock-error-result-content',
  'bedrock-alternation',
  'bedrock-tool-use-answered',
  'bedrock-non-blank-text',
];

const QUOTE_WORDS: Record<string, string> = {
  'bedrock-tool-use-answered':
    'Expected toolResult blocks at messages.2.content for the following Ids: tooluse_',
};

describe('the Converse rules of the catalogue', () => {
  it('are these rules and examples, each example refused by its own rule alone, exactly', () => {
    const rules = BEDROCK_RULES;
    expect(rules.map((rule) => [rule.id, rule.wire, rule.example.path])).toEqual(
      Object.entries(EXPECTED).map(([id, { path }]) => [id, 'bedrock', path ?? CONVERSE]),
    );
    expect(rules.filter((rule) => rule.quoted !== undefined).map((rule) => rule.id)).toEqual(
      QUOTED,
    );
    // Only the tool-result image rule depends on the model, and its example says so.
    expect(
      rules.flatMap((rule) =>
        rule.example.capabilities === undefined ? [] : [[rule.id, rule.example.capabilities]],
      ),
    ).toEqual([['bedrock-tool-result-image', { tool_result_images: false }]]);
    for (const rule of rules) {
      const expected = EXPECTED[rule.id];
      // The example a reader sends to see the refusal: this request, exactly.
      expect([rule.id, shown(rule.example.body)]).toEqual([rule.id, shown(expected?.body())]);
      const context =
        rule.example.capabilities === undefined ? {} : { capabilities: rule.example.capabilities };
      // preflight refuses it for this rule alone, at these paths, with these messages, each
      // holding the rule's words.
      const { violations } = preflight(rule.example.body, { wire: 'bedrock', ...context });
      expect([
        rule.id,
        violations.map((broken) => [broken.rule, broken.path, broken.message]),
      ]).toEqual([
        rule.id,
        (expected?.breaks ?? []).map(([path, message]) => [rule.id, path, message]),
      ]);
      expect(rule.violation.length).toBeGreaterThan(10);
      for (const broken of violations) expect(broken.message).toContain(rule.violation);
      // A quote holds the rule's words, but one quoting a request's own ids holds its form.
      if (rule.quoted !== undefined) {
        expect(rule.quoted).toContain(QUOTE_WORDS[rule.id] ?? rule.violation);
      }
      if (rule.check === undefined) continue;
      // The rule's check called alone, on a fresh copy of its example, finds the same.
      expect([
        rule.id,
        rule.check(structuredClone(rule.example.body) as Record<string, unknown>, context),
      ]).toEqual([rule.id, (expected?.breaks ?? []).map(([path, message]) => ({ path, message }))]);
    }
  });
});
