#!/usr/bin/env node
// The API pages of the site: TypeDoc over the same entry points as `pnpm api-docs`
// (typedoc.json), written as markdown into site/api/ with a VitePress sidebar; then the index
// page gets one line per module saying what it is for (the first sentence of the module's own
// comment, the one above `@module` in its entry file), so the index is not a bare list of names.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const site = path.join(root, 'site');

/**
 * The module an entry file documents and the first sentence of its comment, or undefined when
 * the file opens with no `@module` comment.
 */
export function moduleSummary(source) {
  const comment = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source);
  if (!comment) return undefined;
  const text = comment[1]
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n');
  const name = /@module\s+(\S+)/.exec(text)?.[1];
  if (name === undefined) return undefined;
  const paragraph = (text.trim().split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ');
  const sentence = (/^.*?\.(?=\s|$)/.exec(paragraph)?.[0] ?? paragraph)
    // "`@crosswire/x`: what it is" says the name twice on a line that starts with it.
    .replace(/^`[^`]+`:\s*/, '');
  return { name, summary: sentence.charAt(0).toUpperCase() + sentence.slice(1) };
}

/** The index page with each `- [module](link)` line followed by the module's summary. */
export function describeModules(index, summaries) {
  return index.replace(/^- \[([^\]]+)\]\(([^)]+)\)$/gm, (line, name) => {
    const summary = summaries.get(name);
    return summary === undefined ? line : `${line}: ${summary}`;
  });
}

function main() {
  rmSync(path.join(site, 'api'), { recursive: true, force: true });
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'typedoc'),
    ['--options', 'typedoc.json', '--logLevel', 'Warn'],
    { cwd: site, stdio: 'inherit' },
  );
  if (result.error) throw result.error;
  if (result.status !== 0) return result.status ?? 1;
  const { entryPoints } = JSON.parse(readFileSync(path.join(root, 'typedoc.json'), 'utf8'));
  const summaries = new Map();
  for (const entry of entryPoints) {
    const found = moduleSummary(readFileSync(path.join(root, entry), 'utf8'));
    if (found === undefined) {
      console.error(`api: ${entry} opens with no @module comment to describe it in the index`);
      return 1;
    }
    summaries.set(found.name, found.summary);
  }
  const indexFile = path.join(site, 'api', 'index.md');
  writeFileSync(indexFile, describeModules(readFileSync(indexFile, 'utf8'), summaries));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
