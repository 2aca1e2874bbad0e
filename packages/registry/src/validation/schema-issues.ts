import type { z } from 'zod';
import type { RegistryFile, RegistrySource } from '../files.js';
import { labFileSchema, providerFileSchema } from '../schema.js';
import { formatPath, type RegistryIssue } from './issues.js';

// A data file against its schema, and zod's errors as the lines a registry author reads: a
// misspelt field named as unknown, a missing field as missing, a wrong enum value with the
// values allowed, a union (one claim or a list of claims) by the branch that came closest.

/** The value at `path` inside `data`, or undefined when the path does not exist. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

type ZodIssue = z.ZodError['issues'][number];

function quoted(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

/**
 * A union's failure as one readable issue list: a union of literals (`true | false |
 * "unknown"`) names every allowed value; a union of shapes (one claim or a list of claims)
 * reports the problems of the branch that came closest.
 */
function unionIssues(issue: ZodIssue & { code: 'invalid_union' }): readonly ZodIssue[] {
  const branches = issue.errors;
  const literals = branches.every(
    (branch) => branch.length === 1 && branch[0]?.code === 'invalid_value',
  );
  if (literals && branches.length > 0) {
    const values = branches.flatMap((branch) =>
      branch[0]?.code === 'invalid_value' ? branch[0].values : [],
    );
    return [{ ...issue, code: 'invalid_value', values } as unknown as ZodIssue];
  }
  const closest = branches
    .filter((branch) => !(branch.length === 1 && branch[0]?.code === 'invalid_type'))
    .sort((left, right) => left.length - right.length)[0];
  if (!closest) return [issue];
  return closest.flatMap((inner) => {
    const nested = { ...inner, path: [...issue.path, ...inner.path] } as ZodIssue;
    return nested.code === 'invalid_union' ? unionIssues(nested) : [nested];
  });
}

function zodIssues(file: string, error: z.ZodError, data: unknown): RegistryIssue[] {
  const flat = error.issues.flatMap((issue) =>
    issue.code === 'invalid_union' ? unionIssues(issue) : [issue],
  );
  return flat.flatMap((issue) => {
    // zod says "expected one of …" for a missing enum field; a contributor needs "missing".
    const key = issue.path.at(-1);
    if (key !== undefined && valueAt(data, issue.path) === undefined) {
      const parent = valueAt(data, issue.path.slice(0, -1));
      if (typeof parent === 'object' && parent !== null && !(key in parent)) {
        return [
          {
            file,
            path: formatPath(issue.path),
            message: `required field is missing (${issue.message})`,
          },
        ];
      }
    }
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        file,
        path: formatPath([...issue.path, key]),
        message: `unknown field "${key}" (the schema is strict; check the spelling)`,
      }));
    }
    if (issue.code === 'invalid_value') {
      return [
        {
          file,
          path: formatPath(issue.path),
          message: `got ${JSON.stringify(valueAt(data, issue.path))}; expected ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map(quoted).join(', ')}`,
        },
      ];
    }
    if (issue.code === 'invalid_key') {
      // A bad record key (a header name): say what is wrong with it, not just "invalid key".
      const why = issue.issues.map((inner) => inner.message).join('; ');
      return [{ file, path: formatPath(issue.path), message: why || issue.message }];
    }
    return [{ file, path: formatPath(issue.path), message: issue.message }];
  });
}

/** Tells a lab file (`lab`) from a provider file (`id`) and checks it against its schema. */
export function parseRegistrySource(source: RegistrySource): {
  readonly file?: RegistryFile;
  readonly issues: readonly RegistryIssue[];
} {
  const { data, file } = source;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { issues: [{ file, path: '', message: 'expected a JSON object' }] };
  }
  if ('lab' in data) {
    const parsed = labFileSchema.safeParse(data);
    if (!parsed.success) return { issues: zodIssues(file, parsed.error, data) };
    return { file: { kind: 'lab', file, data: parsed.data }, issues: [] };
  }
  const parsed = providerFileSchema.safeParse(data);
  if (!parsed.success) return { issues: zodIssues(file, parsed.error, data) };
  return { file: { kind: 'provider', file, data: parsed.data }, issues: [] };
}
