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
