// The TypeScript in the user-facing docs, as code: every ```ts block of every README, guide
// and site page is type-checked, and the blocks a page marks as runnable are run against the
// provider simulator, their printed output compared with the block the page shows after them.
//
//   node --import tsx scripts/docs-code/snippets.ts [--typecheck-only]
//   (with TSX_TSCONFIG_PATH=site/tsconfig.json: the package names resolve to their sources)
//
// A block is plain Markdown; an HTML comment right above it (invisible on GitHub, npm and the
// site) can say more:
//
//   <!-- snippet: context=engine -->   the block is a fragment: the names it uses and does not
//                                      declare come from site/snippets/context/engine.ts
//   <!-- snippet: run -->              run it (its context too); the next block marked
//   <!-- snippet: output -->           is what it must print, exactly
//
// `<!-- snippets: context=NAME -->` sets the context of every later block of the page. A site
// page's `<<< @/snippets/FILE.ts` include takes `run` the same way (the file itself is
// type-checked by site/tsconfig.json). A new page, or a new block, is covered as it is added.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { userDocs } from './user-docs.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CONTEXTS = path.join(root, 'site', 'snippets', 'context');
const OUT = path.join(root, '.doc-snippets');

/** One TypeScript block of a page, or one `<<<` include of a site snippet. */
export interface Snippet {
  /** The page, relative to the repository. */
  readonly page: string;
  /** The line of the page the code starts on (1-based; the include line for an include). */
  readonly line: number;
  readonly code: string;
  /** The site snippet file an include names, absolute. */
  readonly include?: string;
  readonly context?: string;
  readonly run: boolean;
  /** For a runnable snippet: the output block the page shows, and its line. */
  expected?: { readonly text: string; readonly line: number };
}

const DIRECTIVE = /^<!--\s*snippets?:\s*(.*?)\s*-->\s*$/;
const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/;
const CODE_LANGUAGES = new Set(['ts', 'typescript', 'js', 'javascript', 'mts']);

function parseDirective(text: string): { context?: string; run: boolean; output: boolean } {
  const words = text.split(/[\s,]+/).filter(Boolean);
  const context = words.find((word) => word.startsWith('context='))?.slice('context='.length);
  return {
    ...(context === undefined ? {} : { context }),
    run: words.includes('run'),
    output: words.includes('output'),
  };
}

/** The snippets of one page, in order. `page` is the path shown in messages. */
export function extractSnippets(page: string, text: string, siteDir?: string): Snippet[] {
  const lines = text.split('\n');
  const snippets: Snippet[] = [];
  let pageContext: string | undefined;
  let pending: ReturnType<typeof parseDirective> | undefined;
  let lastRun: Snippet | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const directive = DIRECTIVE.exec(line.trim());
    if (directive) {
      const parsed = parseDirective(directive[1] ?? '');
      if (/^<!--\s*snippets:/.test(line.trim())) pageContext = parsed.context ?? pageContext;
      else pending = parsed;
      continue;
    }
    const include = /^<<<\s*@\/(snippets\/\S+\.ts)\s*$/.exec(line.trim());
    if (include && siteDir !== undefined) {
      const file = path.join(siteDir, include[1] ?? '');
      const snippet: Snippet = {
        page,
        line: index + 1,
        code: existsSync(file) ? readFileSync(file, 'utf8') : '',
        include: file,
        run: pending?.run === true,
      };
      snippets.push(snippet);
      if (snippet.run) lastRun = snippet;
      pending = undefined;
      continue;
    }
    const fence = FENCE.exec(line);
    if (!fence) {
      if (line.trim() !== '') pending = undefined;
      continue;
    }
    const [, indent = '', marker = '```', language = ''] = fence;
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length; end += 1) {
      const closing = lines[end] ?? '';
      if (closing.trim().startsWith(marker) && closing.trim().replace(/[`~]/g, '') === '') break;
      body.push(closing.startsWith(indent) ? closing.slice(indent.length) : closing.trimStart());
    }
    const code = `${body.join('\n')}\n`;
    if (pending?.output === true && lastRun !== undefined) {
      lastRun.expected = { text: code, line: index + 2 };
    } else if (CODE_LANGUAGES.has(language)) {
      const context = pending?.context ?? pageContext;
      const snippet: Snippet = {
        page,
        line: index + 2,
        code,
        ...(context === undefined ? {} : { context }),
        run: pending?.run === true,
      };
      snippets.push(snippet);
      if (snippet.run) lastRun = snippet;
    }
    pending = undefined;
    index = end;
  }
  return snippets;
}

/** Every snippet of the user-facing docs. */
export function allSnippets(): Snippet[] {
  const site = path.join(root, 'site');
  return userDocs(root).flatMap((file) =>
    extractSnippets(
      path.relative(root, file),
      readFileSync(file, 'utf8'),
      file.startsWith(`${site}${path.sep}`) ? site : undefined,
    ),
  );
}

/** The names a module declares or imports at its top level. */
function topLevelNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const bind = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else
      for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) names.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) names.add(element.name.text);
    } else if (ts.isImportEqualsDeclaration(statement)) names.add(statement.name.text);
    else if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) bind(declaration.name);
    else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    )
      names.add(statement.name.text);
  }
  return names;
}

/** Every identifier a module mentions. */
function identifiersIn(source: ts.SourceFile): Set<string> {
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) found.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function compilerOptions(): ts.CompilerOptions {
  const configFile = path.join(root, 'site', 'tsconfig.json');
  const config = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(configFile));
  // A snippet shows one idea: an import it does not use in the lines shown is fine.
  return { ...parsed.options, noUnusedLocals: false, noUnusedParameters: false, noEmit: true };
}

/** The exported names of each context module, read by the type checker. */
function contextExports(options: ts.CompilerOptions): Map<string, Set<string>> {
  const files = existsSync(CONTEXTS)
    ? ts.sys.readDirectory(CONTEXTS, ['.ts']).filter((file) => !file.endsWith('.test.ts'))
    : [];
  const program = ts.createProgram(files, options);
  const checker = program.getTypeChecker();
  const exports = new Map<string, Set<string>>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    const names = symbol ? checker.getExportsOfModule(symbol).map((item) => item.name) : [];
    exports.set(path.basename(file, '.ts'), new Set(names));
  }
  return exports;
}

/** A snippet as a module: the context's names it uses imported on one first line. */
interface Written {
  readonly snippet: Snippet;
  readonly file: string;
  /** Lines added above the snippet's code. */
  readonly offset: number;
}

function slug(snippet: Snippet): string {
  return `${snippet.page.replace(/[^\w]+/g, '-')}-${snippet.line}`;
}

function writeSnippets(snippets: readonly Snippet[], exports: Map<string, Set<string>>): Written[] {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  return snippets
    .filter((snippet) => snippet.include === undefined)
    .map((snippet) => {
      const file = path.join(OUT, `${slug(snippet)}.ts`);
      let header = '';
      let footer = '';
      if (snippet.context !== undefined) {
        const names = exports.get(snippet.context);
        if (names === undefined) {
          throw new Error(
            `${snippet.page}:${snippet.line}: no context "${snippet.context}" in site/snippets/context/`,
          );
        }
        const source = ts.createSourceFile(file, snippet.code, ts.ScriptTarget.Latest, true);
        const declared = topLevelNames(source);
        const used = [...identifiersIn(source)].filter(
          (name) => names.has(name) && !declared.has(name),
        );
        // A runnable context closes what it opened (a simulator, an MCP server) after the run.
        if (snippet.run && names.has('teardown') && !used.includes('teardown')) {
          used.push('teardown');
          footer = 'await teardown();\n';
        }
        const from = path.relative(OUT, path.join(CONTEXTS, `${snippet.context}.ts`));
        header = `import { ${used.sort().join(', ')} } from '${from.startsWith('.') ? from : `./${from}`}';\n`;
        if (used.length === 0) header = `import '${from.startsWith('.') ? from : `./${from}`}';\n`;
      }
      // Every snippet is a module, so top-level await and its own names stay its own.
      writeFileSync(file, `${header}${snippet.code}${footer}export {};\n`);
      return { snippet, file, offset: header === '' ? 0 : 1 };
    });
}

/** Type-checks every snippet; the problems as `page:line: message`. */
export function typecheck(snippets: readonly Snippet[]): {
  written: Written[];
  problems: string[];
} {
  const options = compilerOptions();
  const written = writeSnippets(snippets, contextExports(options));
  const program = ts.createProgram(
    written.map((item) => item.file),
    options,
  );
  const byFile = new Map(written.map((item) => [path.resolve(item.file), item]));
  const problems: string[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file?.fileName;
    const item = file === undefined ? undefined : byFile.get(path.resolve(file));
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (item === undefined || diagnostic.start === undefined || diagnostic.file === undefined) {
      problems.push(`${file ?? '(no file)'}: ${message}`);
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    problems.push(
      `${item.snippet.page}:${item.snippet.line + line - item.offset}: TS${diagnostic.code} ${message}`,
    );
  }
  return { written, problems };
}

/** The provider keys a run must not see: without them, every snippet takes the simulator. */
const KEY_VARIABLE = /_API_KEY$|^AWS_|^GOOGLE_APPLICATION_CREDENTIALS$/;

/** Runs one snippet with tsx and compares what it prints with the page. */
function runOne(snippet: Snippet, file: string): string | undefined {
  const where = `${snippet.page}:${snippet.line}`;
  if (snippet.expected === undefined) {
    return `${where}: marked run, but no <!-- snippet: output --> block follows it`;
  }
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !KEY_VARIABLE.test(name)),
  );
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...env, TSX_TSCONFIG_PATH: path.join(root, 'site', 'tsconfig.json') },
  });
  if (result.status !== 0) {
    return `${where}: exited with ${result.status ?? result.signal}:\n${result.stdout}${result.stderr}`;
  }
  // A warning the page does not show is a failure: the reader would see it and not the page.
  if (result.stderr.trim() !== '') {
    return `${where}: printed on standard error, which the page does not show:\n${result.stderr}`;
  }
  if (result.stdout !== snippet.expected.text) {
    return `${where}: printed\n${result.stdout}but ${snippet.page}:${snippet.expected.line} shows\n${snippet.expected.text}`;
  }
  return undefined;
}

/** Runs every runnable snippet; the problems. */
export function runSnippets(written: readonly Written[], snippets: readonly Snippet[]): string[] {
  const fileOf = new Map(written.map((item) => [item.snippet, item.file]));
  return snippets
    .filter((snippet) => snippet.run)
    .flatMap((snippet) => {
      const file = snippet.include ?? fileOf.get(snippet);
      const problem =
        file === undefined ? `${snippet.page}:${snippet.line}: not written` : runOne(snippet, file);
      if (problem === undefined)
        console.log(`ran ${snippet.page}:${snippet.line}: output as shown`);
      return problem === undefined ? [] : [problem];
    });
}

function main(argv: readonly string[]): number {
  const snippets = allSnippets();
  const { written, problems } = typecheck(snippets);
  const pages = new Set(snippets.map((snippet) => snippet.page)).size;
  console.log(`type-checked ${snippets.length} snippets on ${pages} pages`);
  if (problems.length === 0 && !argv.includes('--typecheck-only')) {
    problems.push(...runSnippets(written, snippets));
  }
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`docs snippets: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.argv.slice(2));
}
