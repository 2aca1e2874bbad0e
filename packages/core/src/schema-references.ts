/*
 * The `$ref`s of a JSON Schema that came from a peer (an MCP server's tool schema), resolved
 * without ever throwing: a malformed pointer (`#/$defs/%E0%A4%A` is a `URIError` to
 * `decodeURIComponent`), a pointer to nothing, a reference to another document and references
 * that only lead to each other are each a reason, so the one schema can be refused with a typed
 * error instead of failing whatever converts it. Everything here is iterative and linear in
 * the schema's size.
 */

import { isRecord } from './is-record.js';

/** Keywords whose value is one subschema. */
const ONE_SCHEMA = [
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'items',
] as const;
/** Keywords whose value is a list of subschemas (`items` too, in its draft-07 tuple form). */
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAPS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
] as const;
/**
 * Keywords whose subschemas apply to the same value as the schema holding them: a loop
 * through these and `$ref` never reaches a smaller value, so a validator or an inliner
 * following it would never end.
 */
const SAME_VALUE_ONE = ['not', 'if', 'then', 'else'] as const;
const SAME_VALUE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;

/** The subschemas of `node` with the path of each (`.properties.a`, `.anyOf[1]`). */
function subschemas(node: Record<string, unknown>): [unknown, string][] {
  const found: [unknown, string][] = [];
  for (const key of ONE_SCHEMA) {
    if (isRecord(node[key]) || typeof node[key] === 'boolean') found.push([node[key], `.${key}`]);
  }
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    for (const [index, item] of list.entries()) found.push([item, `.${key}[${index}]`]);
  }
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (!isRecord(map)) continue;
    for (const name of Object.keys(map)) found.push([map[name], `.${key}.${name}`]);
  }
  return found;
}

/** The subschemas that apply to the same value as `node` (its `$ref` aside). */
function sameValueSubschemas(node: Record<string, unknown>): unknown[] {
  const found: unknown[] = [];
  for (const key of SAME_VALUE_ONE) if (isRecord(node[key])) found.push(node[key]);
  for (const key of SAME_VALUE_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) found.push(...list.filter(isRecord));
  }
  if (isRecord(node.dependentSchemas)) {
    found.push(...Object.values(node.dependentSchemas).filter(isRecord));
  }
  return found;
}

/** `text` percent-decoded, or undefined when its escapes are not UTF-8 (`%E0%A4%A`). */
function percentDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** What a reference resolves to, or why it does not. */
export type ResolvedReference =
  | { readonly found: true; readonly target: unknown }
  | { readonly found: false; readonly reason: string };

/** Anchors by schema: a converter resolving many references reads them once per schema. */
const ANCHORS = new WeakMap<object, ReadonlyMap<string, unknown>>();

/** The `$anchor`s (and draft-06 `$id: '#name'`) of a schema, by name. */
function anchorsOf(root: unknown): ReadonlyMap<string, unknown> {
  const known = isRecord(root) ? ANCHORS.get(root) : undefined;
  if (known !== undefined) return known;
  const anchors = new Map<string, unknown>();
  const stack: unknown[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (!isRecord(node)) continue;
    if (typeof node.$anchor === 'string' && !anchors.has(node.$anchor)) {
      anchors.set(node.$anchor, node);
    }
    if (typeof node.$id === 'string' && node.$id.startsWith('#')) {
      const name = node.$id.slice(1);
      if (!anchors.has(name)) anchors.set(name, node);
    }
    for (const [child] of subschemas(node)) stack.push(child);
  }
  if (isRecord(root)) ANCHORS.set(root, anchors);
  return anchors;
}

/**
 * Resolves `reference` inside `root`: `#` (the root), a JSON pointer fragment (`#/$defs/a`,
 * percent-decoded, then `~1` and `~0`, into objects and arrays), or a plain-name fragment
 * (`#node`, an `$anchor`). Never throws: a reference to another document, a malformed pointer
 * and a pointer to nothing are each a reason.
 */
export function resolveSchemaReference(root: unknown, reference: string): ResolvedReference {
  if (!reference.startsWith('#')) {
    return {
      found: false,
      reason: 'names another document; only references inside the schema (#...) resolve',
    };
  }
  const fragment = reference.slice(1);
  if (fragment !== '' && !fragment.startsWith('/')) {
    const name = percentDecoded(fragment);
    if (name === undefined) return { found: false, reason: 'is not well-formed percent-encoding' };
    const target = anchorsOf(root).get(name);
    return target === undefined
      ? { found: false, reason: `names no $anchor "${name}" of the schema` }
      : { found: true, target };
  }
  let node: unknown = root;
  for (const raw of fragment === '' ? [] : fragment.slice(1).split('/')) {
    const decoded = percentDecoded(raw);
    if (decoded === undefined) {
      return { found: false, reason: 'is not a well-formed JSON pointer (bad percent-encoding)' };
    }
    const key = decoded.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < node.length) {
      node = node[Number(key)];
    } else if (isRecord(node) && Object.hasOwn(node, key)) {
      node = node[key];
    } else {
      return { found: false, reason: 'points at nothing in the schema' };
    }
  }
  return { found: true, target: node };
}

/** Where a schema's references go wrong, and how. */
export interface SchemaReferenceProblem {
  /** The `$ref` at fault, from the schema's root (`$.properties.a.$ref`). */
  readonly path: string;
  readonly reference: unknown;
  readonly reason: string;
}

/**
 * The first `$ref` of `schema` that cannot be followed: not a string, naming another
 * document, malformed, pointing at nothing, or leading back to itself through references
 * (and `allOf`/`anyOf`/`oneOf`/`not`/`if`/`then`/`else`) without reaching a property or an
 * item first, which no validator or converter could ever finish. Undefined when every
 * reference resolves. Iterative and linear in the schema's size.
 */
export function schemaReferenceProblem(schema: unknown): SchemaReferenceProblem | undefined {
  const targets = new Map<object, unknown>();
  const paths = new Map<object, string>();
  const stack: [unknown, string][] = [[schema, '$']];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, path] = next;
    if (!isRecord(node) || paths.has(node)) continue;
    paths.set(node, path);
    if (Object.hasOwn(node, '$ref')) {
      const reference = node.$ref;
      const at = `${path}.$ref`;
      if (typeof reference !== 'string') {
        return { path: at, reference, reason: 'is not a string' };
      }
      const resolved = resolveSchemaReference(schema, reference);
      if (!resolved.found) return { path: at, reference, reason: resolved.reason };
      if (isRecord(resolved.target)) targets.set(node, resolved.target);
      else if (typeof resolved.target !== 'boolean') {
        return { path: at, reference, reason: 'points at something that is not a schema' };
      }
    }
    // Pushed last to first, so nodes are taken in document order (the first $ref at fault is named).
    const children = subschemas(node);
    for (let index = children.length - 1; index >= 0; index--) {
      const [child, suffix] = children[index] as [unknown, string];
      stack.push([child, `${path}${suffix}`]);
    }
  }
  return sameValueLoop(targets, paths);
}

/**
 * A loop in the graph of "applies to the same value" (a `$ref` to its target, a schema to its
 * `allOf` members...), found by an iterative depth-first search.
 */
function sameValueLoop(
  targets: ReadonlyMap<object, unknown>,
  paths: ReadonlyMap<object, string>,
): SchemaReferenceProblem | undefined {
  const done = new Set<object>();
  const open = new Set<object>();
  for (const start of targets.keys()) {
    if (done.has(start)) continue;
    const stack: { node: Record<string, unknown>; next: unknown[] }[] = [];
    const enter = (node: Record<string, unknown>) => {
      open.add(node);
      const target = targets.get(node);
      stack.push({
        node,
        next: [...(isRecord(target) ? [target] : []), ...sameValueSubschemas(node)],
      });
    };
    enter(start as Record<string, unknown>);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as (typeof stack)[number];
      const child = top.next.pop();
      if (child === undefined) {
        open.delete(top.node);
        done.add(top.node);
        stack.pop();
        continue;
      }
      if (!isRecord(child) || done.has(child)) continue;
      if (open.has(child)) {
        // The loop passes through a `$ref` (a tree has no loop otherwise): name the first one on it.
        const onLoop = stack.map((frame) => frame.node);
        const referring = onLoop.slice(onLoop.indexOf(child)).find((node) => targets.has(node));
        const at = referring ?? top.node;
        return {
          path: `${paths.get(at) ?? '$'}.$ref`,
          reference: at.$ref,
          reason:
            'leads back to itself through references alone, never into a property or an item, so no value can ever be checked against it',
        };
      }
      enter(child);
    }
  }
  return undefined;
}
