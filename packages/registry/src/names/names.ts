/**
 * Model-name normalization as a fixed list of named steps. Each step removes one piece of
 * naming that selects routing or a snapshot rather than a model; the resolver tries a lookup
 * after each step and records which steps it took, so `explain()` can say why a name matched.
 */

import { parseVersion, type Version } from '../version.js';

export interface NameStep {
  /** The name after this step. */
  readonly name: string;
  /** What the step did, for the reason chain. */
  readonly description: string;
  readonly kind: 'exact' | 'suffix' | 'prefix' | 'latest' | 'snapshot';
}

export interface NamingRules {
  /** Suffixes such as `:free` that pick a route, not a model. */
  readonly stripSuffixes: readonly string[];
  /** Strip any `:tag` (Ollama sizes, Hugging Face provider selectors). */
  readonly stripAnyTag: boolean;
}

const DATE_SUFFIXES: readonly { readonly separator: string; readonly dashed: boolean }[] = [
  { separator: '-', dashed: false }, // claude-sonnet-4-5-20250929
  { separator: '-', dashed: true }, // gpt-4o-2024-08-06
  { separator: '@', dashed: false }, // vertex: claude-sonnet-4-5@20250929
];

function isCalendarDate(year: number, month: number, day: number): boolean {
  return year >= 2000 && year <= 2199 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** Splits a trailing dated snapshot off `name`: `gpt-4o-2024-08-06` → `gpt-4o`. */
export function stripDateSnapshot(name: string): { base: string; date: string } | undefined {
  for (const { separator, dashed } of DATE_SUFFIXES) {
    const length = dashed ? 10 : 8;
    const cut = name.length - length - 1;
    if (cut <= 0 || name[cut] !== separator) continue;
    const tail = name.slice(cut + 1);
    const digits = dashed ? tail.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1$2$3') : tail;
    if (!/^\d{8}$/.test(digits)) continue;
    const year = Number(digits.slice(0, 4));
    const month = Number(digits.slice(4, 6));
    const day = Number(digits.slice(6, 8));
    if (!isCalendarDate(year, month, day)) continue;
    return {
      base: name.slice(0, cut),
      date: `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`,
    };
  }
  return undefined;
}

/**
 * The candidate names for `requested`, most specific first. Each step applies to the result
 * of the one before; steps that change nothing are left out.
 */
export function nameCandidates(requested: string, rules: NamingRules): NameStep[] {
  const steps: NameStep[] = [{ name: requested, description: 'exact id', kind: 'exact' }];
  let current = requested;

  const colon = current.lastIndexOf(':');
  if (colon > 0) {
    const suffix = current.slice(colon).toLowerCase();
    if (rules.stripSuffixes.includes(suffix) || rules.stripAnyTag) {
      current = current.slice(0, colon);
      steps.push({
        name: current,
        description: `routing suffix "${suffix}" stripped`,
        kind: 'suffix',
      });
    }
  }

  const slash = current.lastIndexOf('/');
  if (slash > 0) {
    const prefix = current.slice(0, slash + 1);
    current = current.slice(slash + 1);
    steps.push({
      name: current,
      description: `vendor prefix "${prefix}" stripped`,
      kind: 'prefix',
    });
  }

  if (current.toLowerCase().endsWith('-latest') && current.length > '-latest'.length) {
    current = current.slice(0, -'-latest'.length);
    steps.push({ name: current, description: '"-latest" stripped', kind: 'latest' });
  }

  const snapshot = stripDateSnapshot(current);
  if (snapshot) {
    current = snapshot.base;
    steps.push({
      name: current,
      description: `dated snapshot ${snapshot.date} of "${current}"`,
      kind: 'snapshot',
    });
  }
  return steps;
}

export interface CompiledTemplate {
  readonly template: string;
  /** Matches a lowercased name; returns the version and variant it names. */
  match(name: string): { version: Version; variant: string | undefined } | undefined;
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Compiles an id template such as `gemini-{version}-{variant}` into a matcher. Authors write
 * the shape; the pattern is built here once, so no data file carries a regex.
 */
export function compileTemplate(
  template: string,
  versionSeparator: '.' | '-' = '.',
): CompiledTemplate {
  const version =
    versionSeparator === '.'
      ? '(\\d+(?:\\.\\d+)*)'
      : // Dashed ids (claude-sonnet-4-5) are also written dotted by routers (claude-3.5-sonnet).
        '(\\d{1,2}(?:[-.]\\d{1,2})*)(?![0-9])';
  const groups: ('version' | 'variant')[] = [];
  const source = template
    .toLowerCase()
    .split(/(\{version\}|\{variant\})/)
    .map((piece) => {
      if (piece === '{version}') {
        groups.push('version');
        return version;
      }
      if (piece === '{variant}') {
        groups.push('variant');
        return '([a-z0-9]+(?:[-.][a-z0-9]+)*?)';
      }
      return escapeForPattern(piece);
    })
    .join('');
  const pattern = new RegExp(`^${source}$`);
  return {
    template,
    match(name) {
      const found = pattern.exec(name);
      if (!found) return undefined;
      let parsedVersion: Version | undefined;
      let variant: string | undefined;
      groups.forEach((group, index) => {
        const value = found[index + 1] as string;
        if (group === 'version') parsedVersion = parseVersion(value);
        else variant = value;
      });
      return parsedVersion ? { version: parsedVersion, variant } : undefined;
    },
  };
}
