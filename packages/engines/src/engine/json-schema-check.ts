// The check of a structured reply against the caller's JSON Schema. The schema is the
// developer's, the reply the model's: every `pattern` runs in a linear-time engine (re2js, a
// pure-JavaScript port of RE2, imported on the first schema that has one), never in
// JavaScript's backtracking one, and the recursion is bounded (the reply's depth is checked
// first, iteratively; references that only lead to each other are refused when the schema is
// compiled). Keywords of JSON Schema 2020-12 (and draft-07's tuple `items`, `additionalItems`,
// `dependencies`; OpenAPI's `nullable`).
import { isIPv6 } from 'node:net';
import {
  emitWarning,
  nestsDeeperThan,
  resolveSchemaReference,
  schemaReferenceProblem,
  ValidationError,
  type WarningHandler,
} from '@crosswire/core';
import type { RE2JS } from 're2js';

/**
 * The deepest structured reply checked (objects and arrays nested in each other); a deeper one
 * is refused with one issue at `$`, before anything walks it recursively.
 */
export const MAX_STRUCTURED_DEPTH = 256;

/**
 * Calls of the checker in progress at once: with the reply at most {@link MAX_STRUCTURED_DEPTH}
 * deep and no reference loop, only a schema that nests combinators and references very deeply
 * reaches it. Far below the stack Node gives JavaScript.
 */
const MAX_CHECK_FRAMES = 1024;

/** One reason a value does not match: where, and what is wrong. */
export interface SchemaIssue {
  /** `$` for the root, `$.days`, `$.tags[2]`. */
  readonly path: string;
  readonly message: string;
}

/** A compiled JSON Schema: the issues of a value, [] when it matches. */
export interface JsonSchemaChecker {
  /** Async only to load the pattern engine on first use; the check itself is synchronous. */
  check(value: unknown): Promise<SchemaIssue[]>;
}

type Schema = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An ECMA-262 pattern in RE2's syntax: `\uXXXX` and `\u{X}` become `\x{X}` (RE2 has no `\u`);
 * every other escape is kept as written.
 */
function re2Syntax(pattern: string): string {
  let out = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string;
    if (char !== '\\' || index + 1 >= pattern.length) {
      out += char;
      continue;
    }
    const next = pattern[index + 1] as string;
    const fixed = /^u([0-9A-Fa-f]{4})/.exec(pattern.slice(index + 1, index + 6));
    const braced = /^u\{([0-9A-Fa-f]{1,6})\}/.exec(pattern.slice(index + 1, index + 10));
    const hex = fixed?.[1] ?? braced?.[1];
    if (next === 'u' && hex !== undefined) {
      out += `\\x{${hex}}`;
      index += (fixed ?? braced)?.[0].length ?? 0;
    } else {
      out += `\\${next}`;
      index++;
    }
  }
  return out;
}

/** re2js, imported once, on the first schema with a pattern (it is 46 KB gzipped). */
let patternEngine: Promise<typeof RE2JS> | undefined;
function loadPatternEngine(): Promise<typeof RE2JS> {
  patternEngine ??= import('re2js').then((module) => module.RE2JS);
  return patternEngine;
}

/** A pattern compiled for RE2, or undefined when RE2 cannot run it (lookaround, backreferences). */
function compilePattern(engine: typeof RE2JS, pattern: string): RE2JS | undefined {
  try {
    return engine.compile(re2Syntax(pattern));
  } catch {
    return undefined;
  }
}

/**
 * The `format`s checked; others are annotations. Each is our own expression, written without
 * ambiguity (no quantified group that can match the same text two ways), so even JavaScript's
 * backtracking engine runs it in linear time.
 */
const FORMATS: Readonly<Record<string, (text: string) => boolean>> = (() => {
  const by = (pattern: string) => {
    const compiled = new RegExp(pattern);
    return (text: string) => compiled.test(text);
  };
  const octet = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
  const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
  const time = '[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]+)?(?:[Zz]|[+-][0-9]{2}:[0-9]{2})';
  const hostname = by(`^${label}(?:\\.${label})*$`);
  return {
    date: by('^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    time: by(`^${time}$`),
    'date-time': by(`^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ]${time}$`),
    email: by('^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$'),
    uuid: by('^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$'),
    ipv4: by(`^${octet}(?:\\.${octet}){3}$`),
    ipv6: (text) => isIPv6(text),
    hostname: (text) => text.length <= 253 && hostname(text),
    uri: by('^[A-Za-z][A-Za-z0-9+.-]*:\\S*$'),
  };
})();

/** JSON type names of a value, as JSON Schema's `type` names them. */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: unknown, type: unknown): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/**
 * A string that two JSON values share exactly when JSON Schema calls them equal. A schema
 * written in JavaScript is read as the provider receives it, serialised to JSON: a key left
 * undefined is absent, an item left undefined is null.
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function shown(value: unknown): string {
  const text = canonical(value);
  return text.length > 80 ? `${text.slice(0, 80)}...` : text;
}

/** Digits after the point as JavaScript writes `value`; Infinity in exponent notation. */
function decimals(value: number): number {
  const text = String(value);
  if (text.includes('e')) return Number.POSITIVE_INFINITY;
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/**
 * Whether `value` is a whole multiple of `step`: exactly in binary, or, for numbers written with
 * few decimals, as decimals (0.3 is a multiple of 0.1, as zod reads it, though 0.3 / 0.1 is
 * 2.9999999999999996 in binary).
 */
function isMultiple(value: number, step: number): boolean {
  if (Number.isInteger(value / step)) return true;
  const scale = 10 ** Math.max(decimals(value), decimals(step));
  if (!(scale <= 1e15)) return false;
  const scaledStep = Math.round(step * scale);
  return scaledStep !== 0 && Math.round(value * scale) % scaledStep === 0;
}

/** Code points, not UTF-16 units, as JSON Schema counts a string's length. */
function codePoints(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0xd800 || code > 0xdbff || index + 1 >= text.length) count++;
    else {
      const low = text.charCodeAt(index + 1);
      count++;
      if (low >= 0xdc00 && low <= 0xdfff) index++;
    }
  }
  return count;
}

/** Keywords whose value is data, not schemas: a `pattern` key inside it is no pattern. */
const VALUE_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);
/**
 * Keywords whose value maps names to schemas: each entry is a schema whatever its name (a
 * property may be called `default` or `enum`).
 */
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);

/**
 * Every pattern of the schema (`pattern`, `patternProperties` keys), iteratively. One missed is
 * never checked (the check runs only compiled patterns), so every schema position is walked,
 * past keys and items left undefined.
 */
function patternsOf(schema: unknown): Set<string> {
  const patterns = new Set<string>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) stack.push(node[index]);
      continue;
    }
    if (!isRecord(node)) continue;
    if (typeof node.pattern === 'string') patterns.add(node.pattern);
    if (isRecord(node.patternProperties)) {
      for (const key of Object.keys(node.patternProperties)) patterns.add(key);
    }
    // Last to first, so patterns are named in the order the schema writes them.
    const entries = Object.entries(node);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index] as [string, unknown];
      if (VALUE_KEYWORDS.has(key)) continue;
      stack.push(SCHEMA_MAPS.has(key) && isRecord(child) ? Object.values(child) : child);
    }
  }
  return patterns;
}

export interface CompileOptions {
  /** Told once, at the first check, of the patterns RE2 cannot run (`output_pattern_unchecked`). */
  readonly onWarning?: WarningHandler | undefined;
}

/**
 * Compiles `schema` for {@link JsonSchemaChecker.check}. Throws `ValidationError`
 * (`invalid_output`) for a `$ref` that cannot be followed (see core's `schemaReferenceProblem`:
 * malformed, pointing at nothing, or references that only lead to each other). A pattern RE2
 * cannot run (a lookaround, a backreference) is not checked: one `output_pattern_unchecked`
 * warning names them all.
 */
export function compileJsonSchema(schema: Schema, options: CompileOptions = {}): JsonSchemaChecker {
  const problem = schemaReferenceProblem(schema);
  if (problem !== undefined) {
    throw new ValidationError(
      `output.schema cannot be used: the $ref at ${problem.path} ${problem.reason}`,
      { path: `output.schema${problem.path.slice(1)}`, code: 'invalid_output' },
    );
  }
  const patterns = patternsOf(schema);
  const compiled = new Map<string, RE2JS | undefined>();
  let ready: Promise<void> | undefined;
  const compileAll = async () => {
    const engine = await loadPatternEngine();
    for (const pattern of patterns) compiled.set(pattern, compilePattern(engine, pattern));
    const unchecked = [...compiled].filter(([, re]) => re === undefined).map(([text]) => text);
    if (unchecked.length === 0) return;
    emitWarning(options.onWarning, {
      code: 'output_pattern_unchecked',
      message: `output.schema has ${unchecked.length === 1 ? 'a pattern' : 'patterns'} the linear-time engine (RE2) cannot run, so ${unchecked.length === 1 ? 'it is' : 'they are'} not checked on the reply: ${unchecked.map((pattern) => JSON.stringify(pattern)).join(', ')} (lookarounds and backreferences are not supported; a backtracking engine on a model's text could block the process)`,
      details: { patterns: unchecked },
    });
  };
  const matches = (pattern: string, text: string): boolean =>
    compiled.get(pattern)?.test(text) ?? true;
  return {
    async check(value) {
      if (patterns.size > 0) {
        ready ??= compileAll();
        await ready;
      }
      if (nestsDeeperThan(value, MAX_STRUCTURED_DEPTH)) {
        return [{ path: '$', message: `nests deeper than ${MAX_STRUCTURED_DEPTH} levels` }];
      }
      const run = new Run(schema, matches);
      run.check(schema, value, '$', run.issues);
      return run.issues;
    },
  };
}

/** One check of one value: the issues found, and the calls in progress. */
class Run {
  readonly issues: SchemaIssue[] = [];
  #frames = 0;
  constructor(
    readonly root: Schema,
    readonly matches: (pattern: string, text: string) => boolean,
  ) {}

  /** The issues of `value` against `schema` alone (for anyOf, oneOf, not, if). */
  issuesOf(schema: unknown, value: unknown, path: string): SchemaIssue[] {
    const found: SchemaIssue[] = [];
    this.check(schema, value, path, found);
    return found;
  }

  check(schema: unknown, value: unknown, path: string, out: SchemaIssue[]): void {
    if (schema === true || schema === undefined) return;
    if (schema === false || !isRecord(schema)) {
      if (schema === false) out.push({ path, message: 'no value is allowed here' });
      return;
    }
    if (this.#frames >= MAX_CHECK_FRAMES) {
      out.push({ path, message: 'the schema nests too deeply here to be checked' });
      return;
    }
    this.#frames++;
    try {
      this.#checkNode(schema, value, path, out);
    } finally {
      this.#frames--;
    }
  }

  #checkNode(schema: Schema, value: unknown, path: string, out: SchemaIssue[]): void {
    if (typeof schema.$ref === 'string') {
      // Compiled schemas have only references that resolve (checked when compiled).
      const target = resolveSchemaReference(this.root, schema.$ref);
      if (target.found) this.check(target.target, value, path, out);
    }
    if (value === null && schema.nullable === true) return;
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (!types.some((type) => hasType(value, type))) {
        out.push({ path, message: `expected ${types.join(' or ')}, got ${typeOf(value)}` });
        return;
      }
    }
    if (Array.isArray(schema.enum)) {
      const key = canonical(value);
      if (!schema.enum.some((option) => canonical(option) === key)) {
        out.push({ path, message: `expected one of ${shown(schema.enum)}` });
      }
    }
    if (schema.const !== undefined && canonical(schema.const) !== canonical(value)) {
      out.push({ path, message: `expected ${shown(schema.const)}` });
    }
    if (typeof value === 'number') this.#number(schema, value, path, out);
    else if (typeof value === 'string') this.#string(schema, value, path, out);
    else if (Array.isArray(value)) this.#array(schema, value, path, out);
    else if (isRecord(value)) this.#object(schema, value, path, out);
    this.#combinators(schema, value, path, out);
  }

  #number(schema: Schema, value: number, path: string, out: SchemaIssue[]): void {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
    if (typeof minimum === 'number') {
      // Draft-04's boolean `exclusiveMinimum` makes `minimum` itself exclusive.
      if (exclusiveMinimum === true ? value <= minimum : value < minimum) {
        out.push({ path, message: `must be ${exclusiveMinimum === true ? '>' : '>='} ${minimum}` });
      }
    }
    if (typeof maximum === 'number') {
      if (exclusiveMaximum === true ? value >= maximum : value > maximum) {
        out.push({ path, message: `must be ${exclusiveMaximum === true ? '<' : '<='} ${maximum}` });
      }
    }
    if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) {
      out.push({ path, message: `must be > ${exclusiveMinimum}` });
    }
    if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) {
      out.push({ path, message: `must be < ${exclusiveMaximum}` });
    }
    if (typeof multipleOf === 'number' && multipleOf > 0 && !isMultiple(value, multipleOf)) {
      out.push({ path, message: `must be a multiple of ${multipleOf}` });
    }
  }

  #string(schema: Schema, value: string, path: string, out: SchemaIssue[]): void {
    const { minLength, maxLength, pattern, format } = schema;
    if (typeof minLength === 'number' || typeof maxLength === 'number') {
      const length = codePoints(value);
      if (typeof minLength === 'number' && length < minLength) {
        out.push({ path, message: `must be at least ${minLength} characters` });
      }
      if (typeof maxLength === 'number' && length > maxLength) {
        out.push({ path, message: `must be at most ${maxLength} characters` });
      }
    }
    if (typeof pattern === 'string' && !this.matches(pattern, value)) {
      out.push({ path, message: `must match the pattern ${JSON.stringify(pattern)}` });
    }
    const test =
      typeof format === 'string' && Object.hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
    if (test !== undefined && !test(value)) {
      out.push({ path, message: `must be a valid ${format as string}` });
    }
  }

  #array(schema: Schema, value: readonly unknown[], path: string, out: SchemaIssue[]): void {
    const { minItems, maxItems, uniqueItems, items, prefixItems, additionalItems } = schema;
    if (typeof minItems === 'number' && value.length < minItems) {
      out.push({ path, message: `must have at least ${minItems} items` });
    }
    if (typeof maxItems === 'number' && value.length > maxItems) {
      out.push({ path, message: `must have at most ${maxItems} items` });
    }
    // The positions a tuple schema covers: 2020-12 `prefixItems`, or draft-07's array `items`.
    const tuple = Array.isArray(prefixItems) ? prefixItems : Array.isArray(items) ? items : [];
    const rest = Array.isArray(prefixItems)
      ? items
      : Array.isArray(items)
        ? additionalItems
        : items;
    value.forEach((item, index) => {
      const itemSchema = index < tuple.length ? tuple[index] : rest;
      this.check(itemSchema, item, `${path}[${index}]`, out);
    });
    if (uniqueItems === true) {
      const seen = new Map<string, number>();
      value.forEach((item, index) => {
        const key = canonical(item);
        const first = seen.get(key);
        if (first === undefined) seen.set(key, index);
        else
          out.push({
            path,
            message: `items must be unique (items ${first} and ${index} are equal)`,
          });
      });
    }
    if (schema.contains !== undefined) {
      const found = value.filter(
        (item, index) => this.issuesOf(schema.contains, item, `${path}[${index}]`).length === 0,
      ).length;
      const least = typeof schema.minContains === 'number' ? schema.minContains : 1;
      if (found < least)
        out.push({ path, message: `must contain at least ${least} matching items` });
      if (typeof schema.maxContains === 'number' && found > schema.maxContains) {
        out.push({ path, message: `must contain at most ${schema.maxContains} matching items` });
      }
    }
  }

  #object(schema: Schema, value: Schema, path: string, out: SchemaIssue[]): void {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const patterns = isRecord(schema.patternProperties) ? schema.patternProperties : {};
    const keys = Object.keys(value);
    if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) {
      out.push({ path, message: `must have at least ${schema.minProperties} properties` });
    }
    if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) {
      out.push({ path, message: `must have at most ${schema.maxProperties} properties` });
    }
    if (Array.isArray(schema.required)) {
      for (const name of schema.required) {
        if (typeof name === 'string' && !Object.hasOwn(value, name)) {
          out.push({ path: `${path}.${name}`, message: 'required property is missing' });
        }
      }
    }
    const dependent = isRecord(schema.dependentRequired) ? schema.dependentRequired : {};
    const dependencies = isRecord(schema.dependencies) ? schema.dependencies : {};
    for (const key of keys) {
      const at = `${path}.${key}`;
      const inner = value[key];
      let known = false;
      if (Object.hasOwn(properties, key)) {
        known = true;
        this.check(properties[key], inner, at, out);
      }
      for (const pattern of Object.keys(patterns)) {
        if (this.matches(pattern, key)) {
          known = true;
          this.check(patterns[pattern], inner, at, out);
        }
      }
      if (!known && schema.additionalProperties !== undefined) {
        if (schema.additionalProperties === false) {
          out.push({ path: at, message: 'property not allowed' });
        } else this.check(schema.additionalProperties, inner, at, out);
      }
      if (schema.propertyNames !== undefined) {
        const named = this.issuesOf(schema.propertyNames, key, at);
        if (named.length > 0) {
          out.push({ path: at, message: `property name not allowed: ${named[0]?.message}` });
        }
      }
      for (const required of [dependent[key], dependencies[key]]) {
        if (!Array.isArray(required)) continue;
        for (const name of required) {
          if (typeof name === 'string' && !Object.hasOwn(value, name)) {
            out.push({
              path: `${path}.${name}`,
              message: `required property is missing (${key} is present)`,
            });
          }
        }
      }
      const schemas = isRecord(schema.dependentSchemas) ? schema.dependentSchemas : {};
      for (const inner of [schemas[key], dependencies[key]]) {
        if (isRecord(inner) || typeof inner === 'boolean') this.check(inner, value, path, out);
      }
    }
  }

  #combinators(schema: Schema, value: unknown, path: string, out: SchemaIssue[]): void {
    if (Array.isArray(schema.allOf)) {
      for (const member of schema.allOf) this.check(member, value, path, out);
    }
    if (Array.isArray(schema.anyOf)) {
      const tried = schema.anyOf.map((member) => this.issuesOf(member, value, path));
      if (!tried.some((issues) => issues.length === 0)) {
        // An empty anyOf (no valid JSON Schema; Ajv refuses it) matches nothing.
        const nearest = tried.reduce(
          (best, issues) => (issues.length < best.length ? issues : best),
          tried[0] ?? [],
        )[0];
        out.push({
          path,
          message:
            nearest === undefined
              ? 'matches none of the anyOf schemas (it has none)'
              : `matches none of the anyOf schemas (nearest: ${nearest.path}: ${nearest.message})`,
        });
      }
    }
    if (Array.isArray(schema.oneOf)) {
      const matched = schema.oneOf.filter(
        (member) => this.issuesOf(member, value, path).length === 0,
      ).length;
      if (matched !== 1) {
        out.push({
          path,
          message: `matches ${matched} of the oneOf schemas, not exactly one`,
        });
      }
    }
    if (schema.not !== undefined && this.issuesOf(schema.not, value, path).length === 0) {
      out.push({ path, message: 'must not match the schema in not' });
    }
    if (schema.if !== undefined) {
      const branch = this.issuesOf(schema.if, value, path).length === 0 ? schema.then : schema.else;
      this.check(branch, value, path, out);
    }
  }
}
