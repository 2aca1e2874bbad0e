import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../workspace.mjs';
import { userDocs } from './user-docs.js';

describe('the user-facing docs', () => {
  const pages = userDocs().map((file) => path.relative(repositoryRoot, file));

  it('are the READMEs, the guides and the hand-written site pages', () => {
    expect(pages).toContain('README.md');
    expect(pages).toContain(path.join('docs', 'model-lists.md'));
    expect(pages).toContain(path.join('site', 'quick-start.md'));
    expect(pages).toContain(path.join('packages', 'registry', 'README.md'));
    expect(pages).not.toContain(path.join('packages', 'registry', 'CHANGELOG.md'));
  });

  it('leave out the pages generated from the data', () => {
    expect(pages).not.toContain(path.join('packages', 'simulator', 'docs', 'provider-rules.md'));
    expect(pages.filter((page) => page.startsWith(path.join('site', 'packages')))).toEqual([]);
  });
});
