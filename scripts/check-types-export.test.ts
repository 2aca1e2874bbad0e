import { describe, expect, it } from 'vitest';
import { ATTW_IGNORED_RULES, ATTW_PROFILE, entrySpecifiers } from './check-types-export.mjs';

describe('check-types-export', () => {
  it('checks the profile the README promises: node16 from CJS and ESM, and bundler', () => {
    expect(ATTW_PROFILE).toBe('node16');
    expect(ATTW_IGNORED_RULES).toEqual(['cjs-resolves-to-esm']);
  });

  it('requires every entry point of a package, never its package.json', () => {
    expect(
      entrySpecifiers({
        name: '@crosswire/engines',
        exports: {
          '.': { types: './dist/index.d.ts', default: './dist/index.js' },
          './durable': { types: './dist/durable/index.d.ts', default: './dist/durable/index.js' },
          './package.json': './package.json',
        },
      }),
    ).toEqual(['@crosswire/engines', '@crosswire/engines/durable']);
    expect(entrySpecifiers({ name: '@crosswire/core', exports: './dist/index.js' })).toEqual([
      '@crosswire/core',
    ]);
    expect(
      entrySpecifiers({ name: '@crosswire/core', exports: { import: './dist/index.js' } }),
    ).toEqual(['@crosswire/core']);
  });
});
