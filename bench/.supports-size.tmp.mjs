import { builtinModules } from 'node:module';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = process.argv[2];
const what = process.argv[3] ?? 'supports';
const r = await build({
  stdin: {
    contents: `export { ${what} } from './packages/registry/dist/index.js';`,
    resolveDir: root,
    loader: 'js',
  },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  conditions: ['import', 'default'],
  external: [...builtinModules, 'node:*'],
  write: false,
  logLevel: 'silent',
  metafile: true,
});
const code = r.outputFiles[0].contents;
console.log(
  `${what}-only min`,
  code.length,
  'gzip',
  gzipSync(code, { level: 9 }).length,
  (gzipSync(code, { level: 9 }).length / 1024).toFixed(1) + ' KiB',
);
const inputs = Object.entries(r.metafile.outputs)[0][1].inputs;
for (const [k, v] of Object.entries(inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput))
  if (!k.includes('zod/v4/locales')) console.log(v.bytesInOutput, k);
