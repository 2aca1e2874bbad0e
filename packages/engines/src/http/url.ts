// Request URLs from a base URL and a wire's path, with the base URL's query kept.

/** `text` split at its first `?`: the part before, and the query after (without the `?`). */
function splitQuery(text: string): readonly [string, string] {
  const at = text.indexOf('?');
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

/** The decoded name of one `name=value` query pair. */
function parameterName(pair: string): string {
  const name = (pair.split('=', 1)[0] ?? '').replaceAll('+', ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

function pairs(query: string): string[] {
  return query.split('&').filter((pair) => pair !== '');
}

/**
 * A base URL without trailing slashes on its path; its query (if any) unchanged, an empty `?`
 * dropped.
 */
export function trimBaseUrl(baseUrl: string): string {
  const [path, query] = splitQuery(baseUrl);
  const trimmed = path.replace(/\/+$/, '');
  return query === '' ? trimmed : `${trimmed}?${query}`;
}

/**
 * The URL of `path` under `baseUrl`: the path goes after the base URL's path and before its query,
 * which is kept as written (`https://host/openai/deployments/x?api-version=2024-10-21` with
 * `/chat/completions` is
 * `https://host/openai/deployments/x/chat/completions?api-version=2024-10-21`). A query in `path`
 * (Gemini streaming's `alt=sse`) follows the base URL's; a parameter the path sets replaces the
 * base URL's parameter of the same name, since the wire depends on it.
 */
export function joinUrl(baseUrl: string, path: string): string {
  const [basePath, baseQuery] = splitQuery(baseUrl);
  const [ownPath, ownQuery] = splitQuery(path);
  const own = pairs(ownQuery);
  const replaced = new Set(own.map(parameterName));
  const query = [
    ...pairs(baseQuery).filter((pair) => !replaced.has(parameterName(pair))),
    ...own,
  ].join('&');
  const url = `${basePath.replace(/\/+$/, '')}${ownPath.startsWith('/') ? '' : '/'}${ownPath}`;
  return query === '' ? url : `${url}?${query}`;
}

/** The path part of a URL (everything before its query). */
export function withoutQuery(url: string): string {
  return splitQuery(url)[0];
}
