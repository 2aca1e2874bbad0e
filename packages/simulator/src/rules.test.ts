import { readFileSync } from 'node:fs';
import { PROVIDER_RULES } from '@crosswire/dialects';
import { describe, expect, it } from 'vitest';
import { providerRulesPage } from './rules-page.js';
import { SIMULATOR_WIRES } from './server.js';

describe('the strict simulator catalogue', () => {
  it('has at least 25 rules, each with a source, on every wire', () => {
    expect(PROVIDER_RULES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(PROVIDER_RULES.map((rule) => rule.id)).size).toBe(PROVIDER_RULES.length);
    for (const rule of PROVIDER_RULES) expect(rule.source).toMatch(/^https:\/\//);
    expect(new Set(PROVIDER_RULES.map((rule) => rule.wire)).size).toBe(7);
  });

  it.each(PROVIDER_RULES.map((rule) => [rule.id, rule] as const))(
    '%s: the simulator refuses the example',
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
