// The prompt-cache rules `preflight` checks: on the anthropic wire at most 4 `cache_control`
// breakpoints in a request, none on an empty text block, no one-hour breakpoint after a
// five-minute one; on the OpenAI wires a `prompt_cache_key` of at most 64 characters (each
// refused with a 400). The anthropic rules read one shared walk of the markers.

import type { MarkersWalk } from '../prompt-cache.js';
import {
  ANTHROPIC_MAX_BREAKPOINTS,
  misorderedTtls,
  PROMPT_CACHE_KEY_MAX_LENGTH,
  walkMarkers,
} from '../prompt-cache.js';
import type { ProviderRule, RuleBreak, RuleCheck, RuleContext } from './types.js';

/*
 * The markers of one preflight call, shared by its three Anthropic rules (and, through
 * `media`, its media rules) through the call's context object. Keyed by the context, which
 * lives for one call: a body changed in place between two calls (a message pushed into the
 * same array) is walked afresh.
 */
const walked = new WeakMap<RuleContext, { body: object; markers: MarkersWalk }>();

export function markersOf(
  body: Readonly<Record<string, unknown>>,
  context: RuleContext | undefined,
): MarkersWalk {
  // A rule called on its own (no context object) walks for itself.
  if (context === undefined) return walkMarkers(body);
  const known = walked.get(context);
  if (known?.body === body) return known.markers;
  const markers = walkMarkers(body);
  walked.set(context, { body, markers });
  return markers;
}

const keyTooLong: RuleCheck = (body) => {
  const key = body.prompt_cache_key;
  if (typeof key !== 'string') return [];
  const length = [...key].length;
  return length > PROMPT_CACHE_KEY_MAX_LENGTH
    ? [
        {
          path: 'prompt_cache_key',
          message: `Invalid 'prompt_cache_key': string too long. Expected a string with maximum length ${PROMPT_CACHE_KEY_MAX_LENGTH}, but got a string with length ${length} instead.`,
        },
      ]
    : [];
};
const LONG_KEY = 'k'.repeat(65);

const EPHEMERAL = { type: 'ephemeral' };
const marked = (text: string) => ({ type: 'text', text, cache_control: EPHEMERAL });

export const CACHE_RULES: readonly ProviderRule[] = [
  {
    id: 'anthropic-cache-breakpoints',
    wire: 'anthropic',
    rule: 'A request carries at most 4 `cache_control` breakpoints (tools, system, messages and tool results together).',
    source: 'https://github.com/continuedev/continue/pull/6937',
    example: {
      path: '/v1/messages',
      body: {
        model: 'claude-sonnet-5-5',
        max_tokens: 64,
        system: [marked('a'), marked('b'), marked('c')],
        messages: [{ role: 'user', content: [marked('d'), marked('e')] }],
      },
    },
    violation: 'A maximum of 4 blocks with cache_control may be provided',
    quoted: 'A maximum of 4 blocks with cache_control may be provided. Found 5.',
    check: (body, context) => {
      const found = markersOf(body, context).breakpoints.length;
      return found > ANTHROPIC_MAX_BREAKPOINTS
        ? [
            {
              path: 'cache_control',
              message: `A maximum of ${ANTHROPIC_MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${found}.`,
            },
          ]
        : [];
    },
  },
  {
    id: 'anthropic-cache-empty-block',
    wire: 'anthropic',
    rule: 'No `cache_control` breakpoint on an empty text block.',
    source: 'https://github.com/anthropics/claude-code/issues/50082',
    example: {
      path: '/v1/messages',
      body: {
        model: 'claude-sonnet-5-5',
        max_tokens: 64,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }, marked('')] }],
      },
    },
    violation: 'cache_control cannot be set for empty text blocks',
    quoted: 'messages.1124.content.6.text: cache_control cannot be set for empty text blocks',
    check: (body, context): RuleBreak[] => [...markersOf(body, context).emptyMarked],
  },
  {
    id: 'anthropic-cache-ttl-order',
    wire: 'anthropic',
    rule: "A breakpoint with `ttl: '1h'` does not come after one with `ttl: '5m'` (tools, then system, then messages): longer lifetimes first.",
    source: 'https://github.com/cnighswonger/claude-code-cache-fix/issues/44',
    example: {
      path: '/v1/messages',
      body: {
        model: 'claude-sonnet-5-5',
        max_tokens: 64,
        system: [marked('Be brief.')],
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Hi', cache_control: { type: 'ephemeral', ttl: '1h' } },
            ],
          },
        ],
      },
    },
    violation: "a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block",
    quoted: "a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block",
    check: (body, context) =>
      misorderedTtls(markersOf(body, context)).map((breakpoint) => ({
        path: breakpoint.path,
        message: `${breakpoint.path}: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block`,
      })),
  },
  ...(['openai', 'responses'] as const).map(
    (wire): ProviderRule => ({
      id: `${wire}-prompt-cache-key-length`,
      wire,
      rule: '`prompt_cache_key` is at most 64 characters (`maxLength: 64`).',
      source: 'https://github.com/theopenco/llmgateway/issues/3110',
      example: {
        path: wire === 'openai' ? '/chat/completions' : '/responses',
        body:
          wire === 'openai'
            ? {
                model: 'gpt-5.1',
                messages: [{ role: 'user', content: 'Hi' }],
                prompt_cache_key: LONG_KEY,
              }
            : { model: 'gpt-5.1', input: 'Hi', prompt_cache_key: LONG_KEY },
      },
      violation: "Invalid 'prompt_cache_key': string too long",
      quoted:
        "Invalid 'prompt_cache_key': string too long. Expected a string with maximum length 64",
      check: keyTooLong,
    }),
  ),
];
