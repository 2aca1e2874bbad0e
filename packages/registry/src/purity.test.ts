import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callFrozen, callUnfrozen } from '../../../test-support/deep-freeze.js';
import { createRegistry, defaultRegistry, type RegistryEntry } from './index.js';

// The package loads in a browser or an edge runtime: no module it ships imports a Node built-in
// (scripts/check-pure-entries.mjs checks the built entry the same way, after the build). And
// what a caller hands it is read, never written.
const sourceDir = new URL('./', import.meta.url);

function runtimeSources(dir: URL, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name === 'test-support') continue;
      found.push(...runtimeSources(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`));
    } else if (entry.name.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(entry.name)) {
      found.push(`${prefix}${entry.name}`);
    }
  }
  return found;
}

describe('a pure package', () => {
  it('no shipped source file imports a node: built-in', () => {
    const files = runtimeSources(sourceDir);
    const importing = files.filter((file) =>
      /(?:from|import)\s*\(?\s*['"]node:/.test(readFileSync(new URL(file, sourceDir), 'utf8')),
    );
    expect(files).toContain('default-registry.ts');
    expect(files).toContain('generated/data.ts');
    expect(importing).toEqual([]);
  });
});

describe('createRegistry reads the caller’s entries without writing to them', () => {
  // The README's own example: a provider patch and a lab patch, merged over the shipped data.
  const entries = () => [
    {
      id: 'moonshot-anthropic',
      quirks: { tool_result_images: 'never' },
      quirk_sources: {
        tool_result_images: { evidence: 'live', date: '2026-11-29', note: 'seen in our tests' },
      },
    },
    {
      lab: 'openai',
      models: [
        {
          id: 'gpt-oss-120b',
          capabilities: {
            image_input: {
              value: true,
              evidence: 'live',
              source: 'https://example.com/our-test',
              date: '2026-11-29',
            },
          },
        },
      ],
    },
  ];

  it('frozen, and not frozen: the patches apply to copies', () => {
    for (const call of [callFrozen, callUnfrozen]) {
      const registry = call(entries(), (input) =>
        createRegistry({ extends: defaultRegistry, entries: input as RegistryEntry[] }),
      );
      expect(registry.supports('moonshot-anthropic', 'kimi-k2.6', 'tool_result_images')).toBe(
        false,
      );
      expect(registry.supports('openai-responses', 'gpt-oss-120b', 'image_input')).toBe(true);
    }
  });
});
