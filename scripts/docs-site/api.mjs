#!/usr/bin/env node
// The API pages of the site: TypeDoc over the same entry points as `pnpm api-docs`
// (typedoc.json), written as markdown into site/api/ with a VitePress sidebar.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const site = path.join(root, 'site');
rmSync(path.join(site, 'api'), { recursive: true, force: true });
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'typedoc'),
  ['--options', 'typedoc.json', '--logLevel', 'Warn'],
  { cwd: site, stdio: 'inherit' },
);
if (result.error) throw result.error;
process.exitCode = result.status ?? 1;
