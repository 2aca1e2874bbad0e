/** One problem in the registry data: which file, which field, what is wrong. */
export interface RegistryIssue {
  readonly file: string;
  /** The field path inside the file, e.g. `models[2].limits.output`. */
  readonly path: string;
  readonly message: string;
}

/** `file: path: message`, the one line a contributor reads. */
export function formatIssue(issue: RegistryIssue): string {
  return `${issue.file}: ${issue.path === '' ? '(file)' : issue.path}: ${issue.message}`;
}

/** Formats a zod or a hand-built path as `models[2].limits.output`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text;
}

/**
 * The path with list positions replaced by the id of the entry there, so a contributor finds
 * it by name: `models[8].limits.output` becomes `models["grok-4"].limits.output`, and
 * `offerings[2].model` becomes `offerings["llama-3.3-70b"].model` (entries without an id keep
 * their position).
 */
export function locatePath(data: unknown, path: string): string {
  let node: unknown = data;
  let text = '';
  for (const match of path.matchAll(/\[(\d+)\]|\.?([^.[\]]+)/g)) {
    const [, index, key] = match;
    if (index !== undefined) {
      const item = Array.isArray(node) ? node[Number(index)] : undefined;
      const name = nameOf(item);
      text += name === undefined ? `[${index}]` : `[${JSON.stringify(name)}]`;
      node = item;
    } else {
      text += text === '' ? key : `.${key}`;
      node =
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[key as string]
          : undefined;
    }
  }
  return text;
}

function nameOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { id, family } = item as { id?: unknown; family?: unknown };
  if (typeof id === 'string' && id !== '') return id;
  return typeof family === 'string' && family !== '' && !Array.isArray(item) ? family : undefined;
}
