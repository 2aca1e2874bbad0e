import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './workspace.mjs';

// The API reference (TypeDoc, `pnpm api-docs`) is built from the doc comments (`/** */`) of
// what each entry point exports. It is user-facing, so it speaks about behaviour; which
// reference a rule follows (the seeds, Langertha, ADRs) is provenance, kept in
// docs/design-notes/. Plain `//` comments never reach the reference and are not checked.
const PROVENANCE = /\bseeds?\b|langertha|\bADR\b/i;

const typedoc = JSON.parse(readFileSync(path.join(repositoryRoot, 'typedoc.json'), 'utf8')) as {
  entryPoints: string[];
  tsconfig: string;
};

/** The TypeScript program TypeDoc reads (its tsconfig), over the documented entry points. */
function documentedProgram(): ts.Program {
  const configFile = path.join(repositoryRoot, typedoc.tsconfig);
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configFile));
  return ts.createProgram({
    rootNames: typedoc.entryPoints.map((entry) => path.join(repositoryRoot, entry)),
    options: { ...parsed.options, noEmit: true },
  });
}

/**
 * Every doc comment TypeDoc can show for `declaration`: its own and those of the
 * declarations inside it (members, parameters, properties of type literals), but not those
 * in function bodies, which are no part of the API.
 */
function docCommentsIn(declaration: ts.Node, into: Map<string, string>): void {
  const visit = (node: ts.Node) => {
    if (ts.isBlock(node)) return;
    for (const doc of ts.getJSDocCommentsAndTags(node)) {
      const key = `${doc.getSourceFile().fileName}:${doc.pos}`;
      if (!into.has(key)) into.set(key, doc.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(declaration);
}

/** The doc comments of everything the documented entry points export, by file and line. */
function exportedDocComments(): Map<string, string> {
  const program = documentedProgram();
  const checker = program.getTypeChecker();
  const comments = new Map<string, string>();
  for (const entry of typedoc.entryPoints) {
    const source = program.getSourceFile(path.join(repositoryRoot, entry));
    if (source === undefined) throw new Error(`${entry} is not in the documented program`);
    // The module's own page: the entry file's header comment.
    const header = /^\/\*\*[\s\S]*?\*\//.exec(source.getFullText())?.[0];
    if (header !== undefined) comments.set(`${source.fileName}:0`, header);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    if (moduleSymbol === undefined) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const declaration of symbol.declarations ?? []) {
        docCommentsIn(declaration, comments);
      }
    }
  }
  return comments;
}

function located(key: string, text: string): string[] {
  const [file = '', offset = '0'] = [
    key.slice(0, key.lastIndexOf(':')),
    key.slice(key.lastIndexOf(':') + 1),
  ];
  const before = readFileSync(file, 'utf8').slice(0, Number(offset));
  const firstLine = before.split('\n').length;
  return text
    .split('\n')
    .flatMap((line, index) =>
      PROVENANCE.test(line)
        ? [`${path.relative(repositoryRoot, file)}:${firstLine + index}: ${line.trim()}`]
        : [],
    );
}

describe('the API reference', () => {
  // One program for both checks: building it is the slow part.
  const comments = exportedDocComments();

  it('finds the doc comments of exported declarations (the check sees what TypeDoc shows)', () => {
    const texts = [...comments.values()];
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.some((text) => text.includes('@module @crosswire/engines/durable'))).toBe(true);
    // Members and parameters too, not only the top-level declarations.
    expect(
      texts.some((text) =>
        text.includes(
          'The default `maxIterations` of `chatWithTools` (10 unless the options said otherwise).',
        ),
      ),
    ).toBe(true);
  });

  it('names no seed, Langertha or ADR in an exported doc comment (provenance lives in docs/design-notes/)', () => {
    const hits = [...comments].flatMap(([key, text]) => located(key, text));
    expect(hits).toEqual([]);
  });
});
