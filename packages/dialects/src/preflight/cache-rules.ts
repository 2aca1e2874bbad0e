// The prompt-cache rules `preflight` checks on the anthropic wire: at most 4 `cache_control`
// breakpoints in a request, and none on an empty text block (both refused with a 400).
import { ANTHROPIC_MAX_BREAKPOINTS, anthropicBreakpoints } from '../prompt-cache.js';
import { asArray, isRecord } from '../support/json.js';
import type { ProviderRule, RuleBreak } from './types.js';

const EPHEMERAL = { type: 'ephemeral' };
const marked = (text: string) => ({ type: 'text', text, cache_control: EPHEMERAL });

/** Every text block with a breakpoint and no text, wherever a block may be. */
function emptyMarkedBlocks(body: Readonly<Record<string, unknown>>): RuleBreak[] {
  const found: RuleBreak[] = [];
  const visit = (block: unknown, path: string) => {
    if (!isRecord(block)) return;
    if (
      block.cache_control !== undefined &&
      block.type === 'text' &&
      (typeof block.text !== 'string' || block.text.trim() === '')
    ) {
      found.push({
        path: `${path}.text`,
        message: `${path}.text: cache_control cannot be set for empty text blocks`,
      });
    }
    for (const [index, part] of asArray(block.content).entries()) {
      visit(part, `${path}.content.${index}`);
    }
  };
  for (const [index, block] of asArray(body.system).entries()) visit(block, `system.${index}`);
  for (const [index, message] of asArray(body.messages).entries()) {
    if (!isRecord(message)) continue;
    for (const [inner, block] of asArray(message.content).entries()) {
      visit(block, `messages.${index}.content.${inner}`);
    }
  }
  return found;
}

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
    check: (body) => {
      const found = anthropicBreakpoints(body).length;
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
    check: emptyMarkedBlocks,
  },
];
