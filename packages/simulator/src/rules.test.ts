import { readFileSync } from 'node:fs';
import { PROVIDER_RULES, preflight } from '@crosswire/dialects';
import { describe, expect, it } from 'vitest';
import { providerRulesPage } from './rules-page.js';
import { SIMULATOR_WIRES } from './server.js';

// What else the simulator reports for an example: the one break of its rule seen by another
// check (a call left without an id or a name is also a call left unanswered; an empty cached
// block is also an empty block). Anything more would mean the example breaks more than its rule.
const SAME_BREAK_AGAIN: Readonly<Record<string, readonly string[]>> = {
  'anthropic-unique-tool-use-ids': ['messages[2]: tool call f (toolu_1) has no result'],
  'openai-tool-call-id': [
    'messages[2]: tool result for a call without id answers no call of the previous assistant turn',
    'end of messages: tool call f (call_1) has no result',
  ],
  'responses-input': ['input must be a string or a non-empty array'],
  'responses-call-id-non-empty': ['input[2]: tool call f has no id'],
  'gemini-function-response-name': [
    'contents[2]: tool result for an unnamed tool answers no call of the previous assistant turn',
    'contents[2]: tool call f has no result',
  ],
  'ollama-tool-name': [
    'messages[2]: tool result for an unnamed tool answers no call of the previous assistant turn',
    'end of messages: tool call f has no result',
  ],
  'anthropic-cache-empty-block': ['messages[0].content[1]: text content blocks must be non-empty'],
  'bedrock-tool-use-answered': ['messages[2]: tool call get_weather (tooluse_2) has no result'],
};

describe('the strict simulator catalogue', () => {
  it('has at least 25 rules, each with a source, on every wire', () => {
    expect(PROVIDER_RULES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(PROVIDER_RULES.map((rule) => rule.id)).size).toBe(PROVIDER_RULES.length);
    for (const rule of PROVIDER_RULES) expect(rule.source).toMatch(/^https:\/\//);
    expect(new Set(PROVIDER_RULES.map((rule) => rule.wire)).size).toBe(7);
  });

  it.each(PROVIDER_RULES.map((rule) => [rule.id, rule] as const))(
    '%s: the simulator refuses the example, for its rule alone',
    (_id, rule) => {
      const features = rule.example.features;
      const { violations } = SIMULATOR_WIRES[rule.wire].inspect(
        rule.example.body,
        rule.example.path,
        {
          ...(rule.example.provider === undefined ? {} : { provider: rule.example.provider }),
          ...(features === undefined ? {} : { features: () => features }),
        },
      );
      expect(violations.join('\n')).toContain(rule.violation);
      // The example breaks its rule and nothing else (a minimal request): every other violation
      // is one preflight reports for this same rule, or the same break seen again (below).
      const own = preflight(rule.example.body, {
        wire: rule.wire,
        ...(rule.example.provider === undefined ? {} : { provider: rule.example.provider }),
        ...(rule.example.capabilities === undefined
          ? {}
          : { capabilities: rule.example.capabilities }),
        ...(features === undefined ? {} : { features }),
      })
        .violations.filter((broken) => broken.rule === rule.id)
        .map((broken) => `${broken.path}: ${broken.message}`);
      expect(
        violations.filter(
          (violation) => !violation.includes(rule.violation) && !own.includes(violation),
        ),
      ).toEqual(SAME_BREAK_AGAIN[rule.id] ?? []);
    },
  );

  it('docs/provider-rules.md is the page generated from the catalogue (pnpm --filter @crosswire/simulator docs:rules)', () => {
    const page = readFileSync(new URL('../docs/provider-rules.md', import.meta.url), 'utf8');
    expect(page).toBe(providerRulesPage());
    for (const rule of PROVIDER_RULES) {
      expect(page).toContain(`\`${rule.id}\``);
      expect(page).toContain(rule.source);
    }
  });
});
