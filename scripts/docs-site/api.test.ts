import { describe, expect, it } from 'vitest';
import { describeModules, moduleSummary } from './api.mjs';

describe('the API index', () => {
  it("takes a module's first sentence from its entry file's comment", () => {
    const source = [
      '/**',
      ' * `@crosswire/engines/durable`: conversations as versioned JSON documents, with media',
      ' * moved to a blob store. A second sentence.',
      ' *',
      ' * More about it.',
      ' *',
      ' * @module @crosswire/engines/durable',
      ' */',
      "export { x } from './x.js';",
    ].join('\n');
    expect(moduleSummary(source)).toEqual({
      name: '@crosswire/engines/durable',
      summary: 'Conversations as versioned JSON documents, with media moved to a blob store.',
    });
    expect(moduleSummary("export { x } from './x.js';\n")).toBeUndefined();
    expect(moduleSummary('/** A file without a module tag. */\n')).toBeUndefined();
  });

  it('puts each summary on its module line and leaves other lines alone', () => {
    const index = [
      '# Crosswire',
      '',
      '## Modules',
      '',
      '- [@crosswire/core](@crosswire/core/index.md)',
      '- [@crosswire/other](@crosswire/other/index.md)',
      '',
    ].join('\n');
    const summaries = new Map([['@crosswire/core', 'The vocabulary.']]);
    expect(describeModules(index, summaries)).toBe(
      [
        '# Crosswire',
        '',
        '## Modules',
        '',
        '- [@crosswire/core](@crosswire/core/index.md): The vocabulary.',
        '- [@crosswire/other](@crosswire/other/index.md)',
        '',
      ].join('\n'),
    );
  });
});
