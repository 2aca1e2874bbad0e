import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CrosswireWarning, RegistryError } from '@crosswire/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createRegistry,
  type DiscoverOptions,
  defaultRegistry,
  LEARNED_LIMITS,
  learnedTextProblem,
} from '../../index.js';

// What `registry.discover` sends and what it keeps, as the server and the caller see them:
// the headers and body of each request, the URL it asks, the models asked about, the errors
// (code, message, details) when the list cannot be read, and the warnings when listed models
// cannot be kept. A loopback server on 127.0.0.1 answers; a caller's own `fetch` stands in
// only where a reply no server sends is needed (no body at all, a byte split between chunks).

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Serve = (seen: Seen, response: ServerResponse) => void;

const json =
  (body: unknown): Serve =>
  (_seen, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

let serve: Serve = json({ data: [] });
const seen: Seen[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const entry = {
        method: request.method ?? '',
        path: `${url.pathname}${url.search}`,
        headers: request.headers,
        body,
      };
      seen.push(entry);
      serve(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const TODAY = '2026-12-06';

async function discover(
  options: Omit<DiscoverOptions, 'today' | 'onWarning'>,
  answer: Serve = serve,
) {
  serve = answer;
  seen.length = 0;
  const warnings: CrosswireWarning[] = [];
  const registry = await defaultRegistry.discover({
    today: TODAY,
    onWarning: (warning) => void warnings.push(warning),
    ...options,
  });
  const [listing] = registry.learned().listings;
  if (!listing) throw new Error('no listing learned');
  return { registry, listing, warnings };
}

async function refusal(options: DiscoverOptions, answer: Serve = serve): Promise<RegistryError> {
  serve = answer;
  try {
    await defaultRegistry.discover({ today: TODAY, ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(RegistryError);
    return error as RegistryError;
  }
  throw new Error('discover did not fail');
}

describe('the requests discover sends', () => {
  it('a list request asks for JSON, sends the key with its scheme, and carries no body or content type', async () => {
    await discover({ provider: 'openai', baseUrl: `${origin}/v1`, apiKey: 'sk-test' });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect([request?.method, request?.path, request?.body]).toEqual(['GET', '/v1/models', '']);
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.headers['content-type']).toBeUndefined();
  });

  it('without a key no auth header is sent', async () => {
    await discover({ provider: 'openai', baseUrl: `${origin}/v1` });
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('Ollama asked about models: one POST /api/show each, a JSON body naming it; empty and non-string names are not asked', async () => {
    const { listing } = await discover(
      {
        provider: 'ollama',
        baseUrl: origin,
        models: [null as unknown as string, '', 'llava:7b'],
      },
      (request, response) => {
        const asked = JSON.parse(request.body) as { model: string };
        json({ capabilities: ['completion', 'vision'], asked: asked.model })(request, response);
      },
    );
    expect(seen.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/api/show', '{"model":"llava:7b"}'],
    ]);
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.headers.accept).toBe('application/json');
    expect(listing).toStrictEqual({
      provider: 'ollama',
      endpoint: `${origin}/api/show`,
      date: TODAY,
      complete: false,
      models: [
        {
          id: 'llava:7b',
          endpoint: `${origin}/api/show`,
          capabilities: { tools: false, image_input: true },
        },
      ],
    });
  });

  it('Ollama asks about at most maxModels listed models one by one, 200 by default', async () => {
    const tags = (count: number) =>
      ((request: Seen, response: ServerResponse) =>
        request.path === '/api/tags'
          ? json({ models: Array.from({ length: count }, (_, index) => ({ name: `m${index}` })) })(
              request,
              response,
            )
          : json({ capabilities: ['completion'] })(request, response)) satisfies Serve;
    await discover({ provider: 'ollama', baseUrl: origin, maxModels: 1 }, tags(3));
    expect(seen.map((request) => request.path)).toEqual(['/api/tags', '/api/show']);
    await discover({ provider: 'ollama', baseUrl: origin }, tags(201));
    expect(seen.filter((request) => request.path === '/api/show')).toHaveLength(200);
  });

  it('a trailing slash on the base URL is dropped; a root reader drops only a trailing /v1', async () => {
    await discover({ provider: 'openai', baseUrl: `${origin}/v1//` }, json({ data: [] }));
    expect(seen.map((request) => request.path)).toEqual(['/v1/models']);
    const lmstudio = json({ data: [] });
    await discover({ provider: 'lmstudio', baseUrl: `${origin}/v1//` }, lmstudio);
    expect(seen.map((request) => request.path)).toEqual(['/api/v0/models']);
    await discover({ provider: 'lmstudio', baseUrl: `${origin}/v1-proxy` }, lmstudio);
    expect(seen.map((request) => request.path)).toEqual(['/v1-proxy/api/v0/models']);
  });
});

describe('what discover keeps of a listing', () => {
  it('asked about some models, a list reader keeps those (case aside) and the listing is partial', async () => {
    const { listing } = await discover(
      { provider: 'openai', baseUrl: `${origin}/v1`, models: ['GPT-A', 'gpt-c'] },
      json({ data: [{ id: 'gpt-a' }, { id: 'gpt-b' }, { id: 'gpt-c' }] }),
    );
    expect(listing.models).toStrictEqual([{ id: 'gpt-a' }, { id: 'gpt-c' }]);
    expect(listing.complete).toBe(false);
  });

  it('llama.cpp asked about names: each answers with the loaded model’s facts; nothing loaded, nothing listed', async () => {
    const props = {
      model_alias: 'qwen',
      modalities: { vision: true },
      default_generation_settings: { n_ctx: 8192 },
    };
    const { listing } = await discover(
      { provider: 'llamacpp', baseUrl: `${origin}/v1`, models: ['qwen-local', 'my-alias'] },
      json(props),
    );
    const facts = { context: 8192, capabilities: { image_input: true } };
    expect(listing).toStrictEqual({
      provider: 'llamacpp',
      endpoint: `${origin}/props`,
      date: TODAY,
      complete: false,
      models: [
        { id: 'qwen', ...facts },
        { id: 'qwen-local', ...facts },
        { id: 'my-alias', ...facts },
      ],
    });
    const empty = await discover(
      { provider: 'llamacpp', baseUrl: `${origin}/v1`, models: ['qwen-local'] },
      json({}),
    );
    expect(empty.listing.models).toEqual([]);
  });

  it('a model listed twice keeps its first entry', async () => {
    const { listing } = await discover(
      { provider: 'openai', baseUrl: `${origin}/v1` },
      json({
        data: [
          { id: 'gpt-twice', created: 1_735_689_600 },
          { id: 'gpt-twice', created: 1_767_225_600 },
        ],
      }),
    );
    expect(listing.models).toStrictEqual([{ id: 'gpt-twice', created: '2025-01-01' }]);
  });

  it('exactly as many models as the limit is a complete listing, with no truncated field', async () => {
    const { listing, warnings } = await discover(
      { provider: 'openai', baseUrl: `${origin}/v1` },
      json({
        data: Array.from({ length: LEARNED_LIMITS.models }, (_, index) => ({ id: `m-${index}` })),
      }),
    );
    expect(listing.models).toHaveLength(20_000);
    expect(listing.complete).toBe(true);
    expect(Object.keys(listing).sort()).toEqual([
      'complete',
      'date',
      'endpoint',
      'models',
      'provider',
    ]);
    expect(warnings).toEqual([]);
  });

  it('a listing cut short warns with the provider, the endpoint and how many models were kept', async () => {
    const { warnings } = await discover(
      { provider: 'gemini', baseUrl: `${origin}/v1beta`, apiKey: 'k' },
      json({ models: [{ name: 'models/gemini-loop' }], nextPageToken: 'same' }),
    );
    expect(warnings.map((warning) => [warning.code, warning.details])).toEqual([
      ['listing_truncated', { provider: 'gemini', endpoint: `${origin}/v1beta/models`, models: 1 }],
    ]);
  });

  it('ids it cannot keep are left out, the first three named in one warning, the rest counted', async () => {
    const forty = 'a'.repeat(40);
    const { listing, warnings } = await discover(
      { provider: 'openai', baseUrl: `${origin}/v1` },
      json({
        data: [
          { id: forty },
          { id: forty.toUpperCase() },
          { id: 'tab\tid' },
          { id: 'lone\ud800x' },
          { id: ' padded' },
          { id: 'x'.repeat(256) },
        ],
      }),
    );
    expect(listing.models.map((model) => model.id)).toEqual([forty, 'x'.repeat(256)]);
    expect(warnings).toEqual([
      {
        code: 'listing_model_dropped',
        message: `the model list of provider "openai" names 4 model(s) the registry cannot keep, left out: "${forty.toUpperCase()}" repeats an id listed before it (case aside); "tab\\u{9}id" holds a control, bidirectional, zero-width or non-space whitespace character; "lone\\u{d800}x" holds a lone surrogate; and 1 more`,
        details: { provider: 'openai', dropped: 4 },
      },
    ]);
  });

  it('three ids left out are all named, with nothing more counted; a longer id is cut at 40 characters', async () => {
    const long = 'b'.repeat(41);
    const { warnings } = await discover(
      { provider: 'openai', baseUrl: `${origin}/v1` },
      json({ data: [{ id: 'gpt-ok' }, { id: 'GPT-OK' }, { id: ' padded' }, { id: `${long}\n` }] }),
    );
    expect(warnings.map((warning) => warning.message)).toEqual([
      `the model list of provider "openai" names 3 model(s) the registry cannot keep, left out: "GPT-OK" repeats an id listed before it (case aside); " padded" starts or ends with a space; "${'b'.repeat(40)}…" holds a control, bidirectional, zero-width or non-space whitespace character`,
    ]);
  });

  it('aliases that repeat the id (case aside), break the id rules or are empty are left off; none left, no aliases field', async () => {
    const { listing } = await discover(
      { provider: 'mistral', baseUrl: `${origin}/v1`, apiKey: 'k' },
      json({
        data: [
          {
            id: 'mistral-small-latest',
            aliases: ['Mistral-Small-Latest', 'bad\talias', '', 'mistral-small-2503'],
          },
          { id: 'm2', aliases: ['M2'] },
        ],
      }),
    );
    expect(listing.models).toStrictEqual([
      { id: 'mistral-small-latest', aliases: ['mistral-small-2503'] },
      { id: 'm2' },
    ]);
  });
});

describe('the rules a learned id keeps to (learnedTextProblem, also the loader’s)', () => {
  it('names each problem; 256 characters is the most', () => {
    expect(learnedTextProblem('')).toBe('is empty');
    expect(learnedTextProblem('x'.repeat(256))).toBeUndefined();
    expect(learnedTextProblem('x'.repeat(257))).toBe('is 257 characters long (at most 256)');
    expect(learnedTextProblem('lone\udc00')).toBe('holds a lone surrogate');
    expect(learnedTextProblem('my model')).toBeUndefined();
    expect(learnedTextProblem('my model ')).toBe('starts or ends with a space');
  });

  it('the loader refuses an endpoint with credentials, and accepts one whose path holds another URL', () => {
    const snapshot = (endpoint: string) => ({
      listings: [{ provider: 'openai', endpoint, date: TODAY, complete: true, models: [] }],
    });
    let caught: unknown;
    try {
      createRegistry({ learned: snapshot('https://user:secret@api.example/v1/models') });
    } catch (error) {
      caught = error;
    }
    expect((caught as RegistryError).message).toBe(
      'invalid learned snapshot:\n  learned: listings[0].endpoint: an endpoint carries no credentials',
    );
    const proxied = 'http://127.0.0.1:9/proxy/https://user@api.example/v1/models';
    expect(createRegistry({ learned: snapshot(proxied) }).learned().listings[0]?.endpoint).toBe(
      proxied,
    );
  });
});

describe('a list that cannot be read: a typed error saying why', () => {
  const openai = { provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1' } as const;

  it('an HTTP error names the provider and the request in the message and the details', async () => {
    const error = await refusal(
      { provider: 'openai', baseUrl: `${origin}/v1` },
      (_seen, response) => {
        response.writeHead(500);
        response.end();
      },
    );
    expect([error.code, error.message, error.details]).toEqual([
      'listing_failed',
      `reading the model list of provider "openai" failed: GET ${origin}/v1/models answered HTTP 500`,
      { provider: 'openai', endpoint: `GET ${origin}/v1/models` },
    ]);
  });

  it('a provider with no reader names the providers that have one', async () => {
    const error = await refusal({ provider: 'bedrock' });
    expect([error.code, error.message, error.details]).toEqual([
      'listing_unsupported',
      'provider "bedrock" has no model-list reader (providers with one: ollama, lmstudio, llamacpp, vllm, sglang, openrouter, mistral, openai, openai-responses, anthropic, gemini, xai, groq, deepseek, moonshot, cerebras)',
      { provider: 'bedrock' },
    ]);
  });

  it('a base URL that is not a URL, for a reader of the base URL and one of the server root', async () => {
    const root = await refusal({ provider: 'lmstudio', baseUrl: 'not a url' });
    expect([root.code, root.message]).toEqual([
      'listing_failed',
      'reading the model list of provider "lmstudio" failed: the base URL is not a URL',
    ]);
    const error = await refusal({ provider: 'openai', baseUrl: 'not a url' });
    expect([error.code, error.message, error.details]).toEqual([
      'listing_failed',
      'reading the model list of provider "openai" failed: the base URL is not a URL',
      { provider: 'openai' },
    ]);
  });

  it('no fetch in the runtime', async () => {
    vi.stubGlobal('fetch', undefined);
    const error = await refusal(openai);
    expect([error.code, error.message]).toEqual([
      'listing_failed',
      'reading the model list of provider "openai" failed: GET http://127.0.0.1:9/v1/models could not be sent: no fetch available',
    ]);
  });

  it("the caller's signal already aborted", async () => {
    const error = await refusal(
      { provider: 'openai', baseUrl: `${origin}/v1`, signal: AbortSignal.abort() },
      json({ data: [] }),
    );
    expect([error.code, error.message]).toEqual([
      'listing_failed',
      `reading the model list of provider "openai" failed: GET ${origin}/v1/models was aborted`,
    ]);
  });

  it('a reply that breaks off part way', async () => {
    const error = await refusal(
      { provider: 'openai', baseUrl: `${origin}/v1` },
      (_seen, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        response.write('{"data": [');
        setImmediate(() => response.destroy());
      },
    );
    expect([error.code, error.message]).toEqual([
      'listing_failed',
      `reading the model list of provider "openai" failed: GET ${origin}/v1/models broke off while answering`,
    ]);
  });

  it('a reply with no body at all is not JSON; an error reply with no body is still the HTTP error', async () => {
    const noBody = await refusal({
      ...openai,
      fetch: async () => new Response(null, { status: 200 }),
    });
    expect([noBody.code, noBody.message]).toEqual([
      'listing_invalid',
      'reading the model list of provider "openai" failed: GET http://127.0.0.1:9/v1/models answered something that is not JSON',
    ]);
    const failed = await refusal({
      ...openai,
      fetch: async () => new Response(null, { status: 503 }),
    });
    expect([failed.code, failed.message]).toEqual([
      'listing_failed',
      'reading the model list of provider "openai" failed: GET http://127.0.0.1:9/v1/models answered HTTP 503',
    ]);
  });

  it('a declared length over maxBytes is refused before reading, body or none', async () => {
    const tooLarge =
      'reading the model list of provider "openai" failed: GET http://127.0.0.1:9/v1/models answered more than 10 bytes';
    const declared = await refusal({
      ...openai,
      maxBytes: 10,
      fetch: async () => new Response(null, { status: 200, headers: { 'content-length': '100' } }),
    });
    expect([declared.code, declared.message]).toEqual(['listing_too_large', tooLarge]);
    const sent = await refusal(
      { provider: 'openai', baseUrl: `${origin}/v1`, maxBytes: 10 },
      json({ data: [{ id: 'gpt-long-enough' }] }),
    );
    expect(sent.code).toBe('listing_too_large');
  });
});

describe('maxBytes is the most read, exactly', () => {
  const body = JSON.stringify({ data: [{ id: 'gpt-exact' }] });
  const size = Buffer.byteLength(body);

  it('a reply of exactly maxBytes, with its length declared, is read', async () => {
    const { listing } = await discover(
      { provider: 'openai', baseUrl: `${origin}/v1`, maxBytes: size },
      (_seen, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': size });
        response.end(body);
      },
    );
    expect(listing.models).toEqual([{ id: 'gpt-exact' }]);
  });

  it('a reply of exactly maxBytes, chunked with no length, is read', async () => {
    const { listing } = await discover(
      { provider: 'openai', baseUrl: `${origin}/v1`, maxBytes: size },
      (_seen, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(body.slice(0, 10));
        response.end(body.slice(10));
      },
    );
    expect(listing.models).toEqual([{ id: 'gpt-exact' }]);
  });

  it('a character split between two chunks is read whole', async () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify({ data: [{ id: 'mistral-x', name: 'Modèle' }] }),
    );
    const split = bytes.indexOf(0xc3) + 1; // between the two bytes of "è"
    const { listing } = await discover({
      provider: 'mistral',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      fetch: async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(bytes.slice(0, split));
              controller.enqueue(bytes.slice(split));
              controller.close();
            },
          }),
        ),
    });
    expect(listing.models).toStrictEqual([{ id: 'mistral-x', name: 'Modèle' }]);
  });
});
