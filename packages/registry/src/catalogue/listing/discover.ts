import { emitWarning, RegistryError, type WarningHandler } from '@crosswire/core';
import type { ProviderEntry } from '../../types.js';
import { LEARNED_LIMITS, learnedTextProblem, quoted } from './limits.js';
import { LISTING_READERS, type ListingReader, PROVIDER_LISTINGS } from './readers.js';
import type { LearnedListing, LearnedModel } from './types.js';

/** What `registry.discover` reads: a provider's own model list. */
export interface DiscoverOptions {
  /** The registry's provider id (or alias) whose list to read. */
  readonly provider: string;
  /** The server to ask; default: the provider's base URL. */
  readonly baseUrl?: string;
  /** Sent in the provider's auth header; never kept in the snapshot nor shown in an error. */
  readonly apiKey?: string;
  readonly signal?: AbortSignal;
  /** The fetch to use; default: the global `fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /**
   * Ask about these models only (Ollama: one `POST /api/show` each and no `GET /api/tags`);
   * the listing is then not complete: a name missing from it says nothing.
   */
  readonly models?: readonly string[];
  /** Gives up after this long, all requests together. Default 10000 ms. */
  readonly timeoutMs?: number;
  /** The largest reply read, per request. Default 8 MiB. */
  readonly maxBytes?: number;
  /** The most models asked about one by one (Ollama's `/api/show`). Default 200. */
  readonly maxModels?: number;
  /** The day stamped on the listing, YYYY-MM-DD; default today (UTC). */
  readonly today?: string;
  /**
   * Told when the listing is cut short (`listing_truncated`: more models or pages than the
   * limits, or pages that go round in a loop) and when listed models are left out because
   * their ids cannot be kept (`listing_model_dropped`). Default: one process warning per kind.
   */
  readonly onWarning?: WarningHandler;
}

/** The URL without credentials or query, as snapshots and errors show it. */
export function publicUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.toString();
  } catch {
    return '(an invalid URL)';
  }
}

function failure(
  code: 'listing_failed' | 'listing_timeout' | 'listing_invalid' | 'listing_too_large',
  provider: string,
  endpoint: string,
  problem: string,
): RegistryError {
  return new RegistryError(
    code,
    `reading the model list of provider "${provider}" failed: ${endpoint} ${problem}`,
    { details: { provider, endpoint } },
  );
}

/** Reads the body as text, refusing more than `limit` bytes. */
async function readBounded(
  response: Response,
  limit: number,
  refuse: () => RegistryError,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw refuse();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let result = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw refuse();
    }
    result += decoder.decode(value, { stream: true });
  }
  return result + decoder.decode();
}

type Requester = (
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
) => Promise<unknown>;

function requester(entry: ProviderEntry, options: DiscoverOptions): Requester {
  const doFetch = options.fetch ?? globalThis.fetch;
  const limit = options.maxBytes ?? 8 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { ...entry.headers, accept: 'application/json' };
  if (options.apiKey !== undefined && entry.auth) {
    headers[entry.auth.header] = entry.auth.scheme
      ? `${entry.auth.scheme} ${options.apiKey}`
      : options.apiKey;
  }
  const timedOut = (endpoint: string) =>
    failure('listing_timeout', entry.id, endpoint, `did not answer within ${timeoutMs} ms`);
  return async (url, init) => {
    const endpoint = `${init.method} ${publicUrl(url)}`;
    if (typeof doFetch !== 'function') {
      throw failure('listing_failed', entry.id, endpoint, 'could not be sent: no fetch available');
    }
    let response: Response;
    try {
      response = await doFetch(url, {
        method: init.method,
        headers:
          init.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal,
        redirect: 'error',
      });
    } catch {
      throw timeout.aborted
        ? timedOut(endpoint)
        : options.signal?.aborted
          ? failure('listing_failed', entry.id, endpoint, 'was aborted')
          : failure('listing_failed', entry.id, endpoint, 'could not be reached');
    }
    // The provider's error text is not shown: some echo part of the key.
    if (!response.ok) {
      await response.body?.cancel();
      throw failure('listing_failed', entry.id, endpoint, `answered HTTP ${response.status}`);
    }
    let body: string;
    try {
      body = await readBounded(response, limit, () =>
        failure('listing_too_large', entry.id, endpoint, `answered more than ${limit} bytes`),
      );
    } catch (error) {
      if (error instanceof RegistryError) throw error;
      throw timeout.aborted
        ? timedOut(endpoint)
        : failure('listing_failed', entry.id, endpoint, 'broke off while answering');
    }
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw failure('listing_invalid', entry.id, endpoint, 'answered something that is not JSON');
    }
  };
}

function join(base: string, path: string, query?: Readonly<Record<string, string>>): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The base a reader's path goes after: the server root for a `fromRoot` reader. Throws on a
 * base that is not a URL, for every reader (the caller turns that into `listing_failed`).
 */
function baseFor(reader: ListingReader, base: string): string {
  const url = new URL(base);
  if (!reader.fromRoot) return base;
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return url.toString();
}

/** Reads one provider's listing. Throws a RegistryError (`listing_*`) when it cannot. */
export async function readListing(
  entry: ProviderEntry,
  options: DiscoverOptions,
): Promise<LearnedListing> {
  const kind = PROVIDER_LISTINGS[entry.id];
  if (kind === undefined) {
    throw new RegistryError(
      'listing_unsupported',
      `provider "${entry.id}" has no model-list reader (providers with one: ${Object.keys(PROVIDER_LISTINGS).join(', ')})`,
      { details: { provider: entry.id } },
    );
  }
  const reader = LISTING_READERS[kind];
  const given = options.baseUrl ?? entry.baseUrl;
  let base: string;
  try {
    base = baseFor(reader, given);
  } catch {
    throw new RegistryError(
      'listing_failed',
      `reading the model list of provider "${entry.id}" failed: the base URL is not a URL`,
      { details: { provider: entry.id } },
    );
  }
  const ask = requester(entry, options);
  const asked = options.models?.filter((name) => typeof name === 'string' && name.length > 0);
  const listUrl = join(base, reader.path);
  const models = new Map<string, LearnedModel>();
  let truncated: string | undefined;

  if (!(asked && reader.detail)) {
    let query = reader.query;
    const seen = new Set<string>();
    for (let page = 0; ; page += 1) {
      const url = join(base, reader.path, query);
      const read = reader.read(await ask(url, { method: 'GET' }));
      if (read === undefined) {
        throw failure(
          'listing_invalid',
          entry.id,
          `GET ${publicUrl(listUrl)}`,
          'answered JSON that is not a model list of this provider',
        );
      }
      for (const model of read.models) if (!models.has(model.id)) models.set(model.id, model);
      if (models.size > LEARNED_LIMITS.models) {
        truncated = `it lists more than ${LEARNED_LIMITS.models} models`;
        break;
      }
      if (!read.next) {
        if (read.more) truncated = 'a page says more follow but names no cursor to ask for them';
        break;
      }
      const cursor = JSON.stringify(read.next);
      if (seen.has(cursor)) {
        truncated = `page ${page + 2} would repeat a page already read (the same cursor twice)`;
        break;
      }
      seen.add(cursor);
      if (page + 1 >= LEARNED_LIMITS.pages) {
        truncated = `it has more than ${LEARNED_LIMITS.pages} pages`;
        break;
      }
      query = { ...reader.query, ...read.next };
    }
  }

  if (reader.detail) {
    const detail = reader.detail;
    const ids = (asked ?? [...models.keys()]).slice(0, options.maxModels ?? 200);
    const endpoint = publicUrl(join(base, detail.path));
    for (const id of ids) {
      const facts = detail.read(
        await ask(join(base, detail.path), { method: 'POST', body: detail.body(id) }),
      );
      models.set(id, { ...models.get(id), ...facts, id, endpoint });
    }
  }

  if (reader.anyName && asked) {
    // One loaded model answers to any name: each asked name gets its facts.
    const [served] = models.values();
    if (served)
      for (const name of asked) if (!models.has(name)) models.set(name, { ...served, id: name });
  }

  const listed =
    asked && !reader.anyName && !reader.detail
      ? [...models.values()].filter((model) =>
          asked.some((name) => name.toLowerCase() === model.id.toLowerCase()),
        )
      : [...models.values()];
  const kept = keepable(listed.slice(0, LEARNED_LIMITS.models), entry.id, options.onWarning);
  if (truncated !== undefined) {
    emitWarning(options.onWarning, {
      code: 'listing_truncated',
      message: `the model list of provider "${entry.id}" (${publicUrl(listUrl)}) was read in part: ${truncated}; the ${kept.length} model(s) read are kept and the listing is marked incomplete, so a model it lacks is not taken as unlisted`,
      details: { provider: entry.id, endpoint: publicUrl(listUrl), models: kept.length },
    });
  }

  return Object.freeze({
    provider: entry.id,
    endpoint: publicUrl(asked && reader.detail ? join(base, reader.detail.path) : listUrl),
    date: options.today ?? new Date().toISOString().slice(0, 10),
    complete: asked === undefined && truncated === undefined,
    ...(truncated === undefined ? {} : { truncated }),
    models: Object.freeze(kept.map((model) => Object.freeze(model))),
  });
}

/**
 * The models whose ids the learned layer can keep (the same rules the snapshot loader
 * checks), one per id case aside; names, aliases and replacements that break the rules are
 * left off the model. What is left out is told once, as `listing_model_dropped`.
 */
function keepable(
  models: readonly LearnedModel[],
  provider: string,
  onWarning: WarningHandler | undefined,
): LearnedModel[] {
  const kept: LearnedModel[] = [];
  const ids = new Set<string>();
  const dropped: string[] = [];
  for (const model of models) {
    const problem =
      learnedTextProblem(model.id) ??
      (ids.has(model.id.toLowerCase()) ? 'repeats an id listed before it (case aside)' : undefined);
    if (problem !== undefined) {
      dropped.push(`${quoted(model.id, 40)} ${problem}`);
      continue;
    }
    ids.add(model.id.toLowerCase());
    kept.push(checkedStrings(model));
  }
  if (dropped.length > 0) {
    emitWarning(onWarning, {
      code: 'listing_model_dropped',
      message: `the model list of provider "${provider}" names ${dropped.length} model(s) the registry cannot keep, left out: ${dropped.slice(0, 3).join('; ')}${dropped.length > 3 ? `; and ${dropped.length - 3} more` : ''}`,
      details: { provider, dropped: dropped.length },
    });
  }
  return kept;
}

/** The model with its name, aliases and replacement kept only where they pass the id rules. */
function checkedStrings(model: LearnedModel): LearnedModel {
  const fits = (value: string) => learnedTextProblem(value) === undefined;
  const aliases = model.aliases
    ?.filter((alias) => fits(alias) && alias.toLowerCase() !== model.id.toLowerCase())
    .slice(0, LEARNED_LIMITS.aliases);
  const { name, aliases: _aliases, lifecycle, ...rest } = model;
  const { replacement, ...stage } = lifecycle ?? {};
  const kept = replacement !== undefined && fits(replacement) ? { ...stage, replacement } : stage;
  return {
    ...rest,
    ...(name !== undefined && fits(name) ? { name } : {}),
    ...(aliases && aliases.length > 0 ? { aliases } : {}),
    ...(Object.keys(kept).length > 0 ? { lifecycle: kept } : {}),
  };
}
