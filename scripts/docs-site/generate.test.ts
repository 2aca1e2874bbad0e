import { describe, expect, it } from 'vitest';
import { PACKAGES, siteLink } from './generate.js';

describe('the docs site generator', () => {
  it("rewrites docs/*.md links for the site's guides", () => {
    expect(siteLink('registry.md')).toBe('./registry');
    expect(siteLink('tool-results.md#placeholders')).toBe('./tool-results#placeholders');
    expect(siteLink('provider-rules.md')).toBe('../reference/provider-rules');
    expect(siteLink('../packages/simulator/docs/provider-rules.md#gemini')).toBe(
      '../reference/provider-rules#gemini',
    );
    expect(siteLink('../packages/tool-result/README.md')).toBe(
      'https://github.com/crosswire-dev/crosswire/blob/main/packages/tool-result/README.md',
    );
    expect(siteLink('../examples/')).toBe(
      'https://github.com/crosswire-dev/crosswire/tree/main/examples',
    );
    expect(siteLink('design-notes/README.md')).toBe(
      'https://github.com/crosswire-dev/crosswire/blob/main/docs/design-notes/README.md',
    );
    expect(siteLink('https://ai.google.dev/')).toBe('https://ai.google.dev/');
    expect(siteLink('#top')).toBe('#top');
  });

  it('has a page for every package of the design, in its order', () => {
    expect(PACKAGES.map((info) => info.name)).toEqual([
      '@crosswire/core',
      '@crosswire/content-image',
      '@crosswire/tool-result',
      '@crosswire/registry',
      '@crosswire/dialects',
      '@crosswire/engines',
      '@crosswire/simulator',
      '@crosswire/ai-sdk',
      '@crosswire/otel',
      '@crosswire/langchain',
      '@crosswire/cli',
    ]);
  });
});
