import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The module layout the design asks for: the wires meet only in `wires/index.ts`, and the engine
// and the tool loop do not import each other.
const source = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const relativeImports = (text: string) =>
  [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) => match[1] ?? '');

const wireFiles = readdirSync(new URL('./wires/', import.meta.url)).filter(
  (name) => name.endsWith('.ts') && !name.includes('.test') && name !== 'index.ts',
);

describe('engines module layout', () => {
  it('has one file per wire and concern: the dialect and its stream', () => {
    expect(wireFiles.sort()).toEqual([
      'anthropic-stream.ts',
      'anthropic.ts',
      'gemini-stream.ts',
      'gemini.ts',
      'hermes-stream.ts',
      'hermes.ts',
      'ollama-stream.ts',
      'ollama.ts',
      'openai-stream.ts',
      'openai.ts',
      'responses-stream.ts',
      'responses.ts',
    ]);
  });

  it.each(wireFiles)('wires/%s imports no other wire file and not the dispatch', (name) => {
    const imports = relativeImports(source(`./wires/${name}`));
    expect(imports.filter((path) => path.startsWith('./'))).toEqual([]);
    expect(imports).not.toContain('../dialect.js');
  });

  it('the dispatch table lives in wires/index.ts', () => {
    expect(source('./wires/index.ts')).toContain('Readonly<Record<WireFormat, Dialect>>');
    expect(relativeImports(source('./dialect.ts'))).toContain('./wires/index.js');
    expect(source('./wires/index.ts')).toContain('Readonly<Record<WireFormat, WireStream>>');
    expect(relativeImports(source('./stream-decoder.ts'))).toContain('./wires/index.js');
  });

  it('the tool loop does not import the engine back (the engine runs the loop)', () => {
    expect(relativeImports(source('./engine.ts'))).toContain('./tool-loop.js');
    expect(relativeImports(source('./tool-loop.ts'))).not.toContain('./engine.js');
  });
});
