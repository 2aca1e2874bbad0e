// A module of a package that its public entry does not export (a bench measures it alone):
// the packages' dist/ holds one bundle per entry, so the module is bundled from its source on
// demand, into the package's node_modules/.cache (so its imports resolve as from the package),
// with everything else it imports left to the built packages.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The URL of packages/<pkg>/src/<file>.ts bundled on its own (see above). */
export async function buildInternal(pkg, file) {
  const packageDir = path.join(root, 'packages', pkg);
  const outfile = path.join(
    packageDir,
    'node_modules/.cache/crosswire-bench',
    `${file.replaceAll('/', '-')}.mjs`,
  );
  await build({
    absWorkingDir: packageDir,
    entryPoints: [path.join(packageDir, 'src', `${file}.ts`)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(packageDir, 'tsconfig.build.json'),
    logLevel: 'warning',
  });
  return pathToFileURL(outfile).href;
}

/** `importInternal('engines', 'http/json-body')`: the module packages/engines/src/http/json-body.ts. */
export async function importInternal(pkg, file) {
  return import(await buildInternal(pkg, file));
}
