import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_PAGES, brokenLinks, fileFor } from './check.mjs';

function site(files: Record<string, string>): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'crosswire-docs-check-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(directory, name)), { recursive: true });
    writeFileSync(path.join(directory, name), text);
  }
  return directory;
}

describe('the docs site check', () => {
  it('finds a page by its clean URL, as GitHub Pages serves it', () => {
    const directory = site({ 'index.html': '', 'quick-start.html': '', 'recipes/index.html': '' });
    expect(fileFor(directory, '/crosswire/')).toBe(path.join(directory, 'index.html'));
    expect(fileFor(directory, '/crosswire/quick-start')).toBe(
      path.join(directory, 'quick-start.html'),
    );
    expect(fileFor(directory, '/crosswire/recipes/')).toBe(
      path.join(directory, 'recipes/index.html'),
    );
    expect(fileFor(directory, '/crosswire/missing')).toBeUndefined();
    expect(fileFor(directory, '/elsewhere/quick-start')).toBeUndefined();
    expect(fileFor(directory, '/crosswire/../../etc/passwd')).toBeUndefined();
  });

  it('reports a link to a missing page and a fragment no heading has, and nothing external', () => {
    const directory = site({
      'index.html':
        '<a href="/crosswire/quick-start#install">ok</a> <a href="./recipes/nope">x</a>' +
        '<a href="/crosswire/quick-start#gone">y</a> <a href="https://example.com/">ext</a>' +
        '<link href="/crosswire/assets/app.js">',
      'quick-start.html': '<h2 id="install">Install</h2>',
      'assets/app.js': '',
    });
    expect(brokenLinks(directory)).toEqual({
      pages: 2,
      links: 4,
      problems: [
        'index.html: ./recipes/nope (no such page or file)',
        'index.html: /crosswire/quick-start#gone (no id "gone" on that page)',
      ],
    });
  });

  it('loads the quick start and a recipe in the browser, each with its sections', () => {
    expect(BROWSER_PAGES.map((page: { path: string }) => page.path)).toEqual([
      'quick-start',
      'recipes/test-with-simulator',
    ]);
  });
});
