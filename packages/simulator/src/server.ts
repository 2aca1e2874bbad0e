import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isWireFormat, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { type ModelRequestFeatures, preflight } from '@crosswire/dialects';
import { asArray, isObject, replyJson } from './checks.js';
import {
  answerListing,
  answerUnscripted,
  type SimulatedListing,
  type SimulatedModel,
} from './listings.js';
import { type LaneCache, newLaneCache, promptUsage } from './prompt-cache.js';
import {
  type StreamRecord,
  streamChunks,
  streamContentType,
  streamFraming,
  writeStream,
} from './stream.js';
import type { Inspection, SimulatorRequest, SimulatorStep, SimulatorWire } from './types.js';
import { wire as anthropic } from './wires/anthropic.js';
import { wire as bedrock } from './wires/bedrock.js';
import { wire as gemini } from './wires/gemini.js';
import { wire as hermes } from './wires/hermes.js';
import { wire as ollama } from './wires/ollama.js';
import { wire as openai } from './wires/openai.js';
import { wire as responses } from './wires/responses.js';

/**
 * A wire's checks plus the request rules of the shared catalogue (`preflight` from
 * @crosswire/dialects): the simulator refuses exactly what the engine refuses before sending,
 * and the conversation rules besides.
 */
function withPreflight(format: WireFormat, simulated: SimulatorWire): SimulatorWire {
  return {
    ...simulated,
    inspect(body, path, context) {
      const inspection = simulated.inspect(body, path, context);
      const model = inspection.model;
      const features = model === undefined ? undefined : context?.features?.(model);
      const { violations } = preflight(body, {
        wire: format,
        ...(context?.provider === undefined ? {} : { provider: context.provider }),
        ...(model === undefined ? {} : { model }),
        ...(features === undefined ? {} : { features }),
      });
      if (violations.length === 0) return inspection;
      return {
        ...inspection,
        violations: [
          ...inspection.violations,
          ...violations.map((broken) => `${broken.path}: ${broken.message}`),
        ],
      };
    },
  };
}

/** The simulator's half of each wire; the compiler checks every wire has one. */
export const SIMULATOR_WIRES: Readonly<Record<WireFormat, SimulatorWire>> = Object.freeze({
  openai: withPreflight('openai', openai),
  anthropic: withPreflight('anthropic', anthropic),
  gemini: withPreflight('gemini', gemini),
  ollama: withPreflight('ollama', ollama),
  responses: withPreflight('responses', responses),
  hermes: withPreflight('hermes', hermes),
  bedrock: withPreflight('bedrock', bedrock),
});

/**
 * Why a request reached the wrong wire's URL, and which URL it needed: an engine of one wire
 * pointed at another wire's `baseUrl` (an anthropic engine at `sim.baseUrl('openai', lane)`)
 * posts to a path that wire does not serve, and the path says which wire it came from.
 */
export function wrongEndpoint(path: string, wire: WireFormat, lane: string): string {
  const meant = WIRE_FORMATS.find(
    (other) => other !== wire && SIMULATOR_WIRES[other].matches(path),
  );
  const got = `${path} is not the ${wire} endpoint of sim.baseUrl('${wire}', '${lane}')`;
  return meant === undefined
    ? `${got}; an engine of the ${wire} wire posts to its own path under that URL`
    : `${got}; it is the ${meant} endpoint: give the ${meant} engine sim.baseUrl('${meant}', '${lane}')`;
}

/** What a lane answers when its script is used up, or a lane script computed per request. */
export type SimulatorResponder = (
  request: Inspection & {
    readonly lane: string;
    readonly wire: WireFormat;
    readonly turn: number;
    /** The decoded request body, for a responder that answers from what was sent. */
    readonly body: unknown;
  },
) => SimulatorStep;

export interface SimulatorOptions {
  /** Loopback only: `127.0.0.1` (default) or `::1`. */
  readonly host?: '127.0.0.1' | '::1';
  readonly port?: number;
  /**
   * The reply of a lane with no scripted step left. Default: HTTP 400 with the error code
   * `simulator_script_exhausted` (a test that sends one request more than it scripted fails
   * loudly, not with a silent `ok`).
   */
  readonly fallback?: SimulatorResponder;
  /** Redact credentials in recorded headers. Default true. */
  readonly redactCredentials?: boolean;
  /**
   * Answer a request that breaks a rule with HTTP 400 (default true). False records the
   * violations and answers as scripted, to let a client that breaks a rule go on (benchmarks).
   */
  readonly enforce?: boolean;
  /**
   * The registry provider each lane plays (lane name to provider id), for the rules of some
   * providers only (Groq and Cerebras refuse tools together with a structured response_format).
   * Default: none.
   */
  readonly providers?: Readonly<Record<string, string>>;
  /**
   * What a model accepts where that differs by model, by the name a request gives it (and the
   * lane's provider): Claude models without `output_config.format`, Claude Fable 5.1 refusing a
   * forced `tool_choice`, Gemini 2.x refusing function tools beside a JSON response. The rules
   * that depend on one refuse only when it says `false`. Default: none (those rules never fire);
   * an app that has the registry passes its request features (see the simulator's README).
   */
  readonly modelFeatures?: (
    model: string,
    provider: string | undefined,
  ) => ModelRequestFeatures | undefined;
  /**
   * Count input tokens from the request (one token per 4 characters of JSON) and report
   * prompt-cache reads and writes by each wire's rules (Anthropic breakpoints, OpenAI's
   * repeated prefix of 1,024+ tokens in 128-token steps, Gemini's implicit prefix reads), per
   * lane. Default false: every reply reports `10 * turn` input tokens and no cache.
   */
  readonly caching?: boolean;
}

/** A provider simulator: a real HTTP server on loopback that speaks all six wire dialects. */
export interface Simulator {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /**
   * The base URL to give an engine for `wire` on `lane` (default lane `default`):
   * `ORIGIN/LANE/WIRE`. The simulator accepts the wire's endpoint anywhere under it
   * (`.../chat/completions`, `.../v1/messages`, `.../models/M:generateContent`, `.../api/chat`, `.../responses`).
   */
  baseUrl(wire: WireFormat, lane?: string): string;
  /**
   * Makes `lane` answer a provider's model-list endpoints in that provider's documented shape
   * (`ollama`: `GET /api/tags`, `POST /api/show`; `lmstudio`: `GET /api/v0/models`;
   * `llamacpp`: `GET /props`; `anthropic`: `GET /v1/models`, paged; `gemini`: `GET /models`,
   * paged; the others `GET /models`), under any wire of the lane (`baseUrl(wire, lane)`).
   * Cloud kinds answer 401 without their key header. Replaces the lane's earlier list.
   */
  listModels(lane: string, kind: SimulatedListing, models: readonly SimulatedModel[]): void;
  /** Queues scripted replies for `lane` (appended to what is queued), or sets a function that answers each request. */
  script(lane: string, steps: readonly SimulatorStep[] | SimulatorResponder): void;
  /** Every request received, in arrival order; `lane` filters. */
  received(lane?: string): SimulatorRequest[];
  /** Forgets scripts and records. */
  reset(): void;
  close(): Promise<void>;
}

const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'x-api-key',
  'x-goog-api-key',
  'api-key',
  'x-amz-security-token',
]);

/** Starts a simulator on an ephemeral loopback port. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const host = options.host ?? '127.0.0.1';
  const scripts = new Map<string, SimulatorStep[] | SimulatorResponder>();
  const turns = new Map<string, number>();
  const caches = new Map<string, LaneCache>();
  const laneCache = (lane: string): LaneCache => {
    let cache = caches.get(lane);
    if (!cache) {
      cache = newLaneCache();
      caches.set(lane, cache);
    }
    return cache;
  };
  const records: SimulatorRequest[] = [];
  const listings = new Map<string, { kind: SimulatedListing; models: readonly SimulatedModel[] }>();
  const fallback: SimulatorResponder = options.fallback ?? scriptExhausted;
  const redact = options.redactCredentials ?? true;

  const nextStep = (lane: string, context: Parameters<SimulatorResponder>[0]): SimulatorStep => {
    const script = scripts.get(lane);
    if (typeof script === 'function') return script(context);
    return script?.shift() ?? fallback(context);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://simulator');
    const match = /^\/([\w.-]+)\/([a-z]+)(\/.*)$/.exec(url.pathname);
    const wireName = match?.[2];
    if (!match || !isWireFormat(wireName)) {
      send(response, 404, {
        error: `no simulated wire at ${url.pathname}; use ORIGIN/LANE/WIRE/...`,
      });
      return;
    }
    const lane = match[1] as string;
    const rest = match[3] as string;
    const simulated = SIMULATOR_WIRES[wireName];
    const headers: Record<string, string> = {};
    const sentHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      const text = Array.isArray(value) ? value.join(', ') : value;
      sentHeaders[name] = text;
      headers[name] = redact && CREDENTIAL_HEADERS.has(name) ? redactValue(text) : text;
    }
    // A lane with no scripted list answers like a server that has whatever model it is asked
    // about and lists nothing (a plain text model on Ollama's `/api/show`).
    const listing = listings.get(lane);
    const unscripted =
      listing === undefined && (request.method === 'GET' || rest.endsWith('/api/show'));
    if (listing || unscripted) {
      const text = Buffer.concat(chunks).toString('utf8');
      let sent: unknown;
      try {
        sent = text === '' ? undefined : JSON.parse(text);
      } catch {
        sent = undefined;
      }
      const asked = {
        method: request.method ?? 'GET',
        path: rest,
        query: url.searchParams,
        headers,
        body: sent,
      };
      const answer = listing
        ? answerListing(listing.kind, listing.models, asked)
        : answerUnscripted(wireName, asked);
      if (answer) {
        // A model-list request is no model turn: it carries the lane's count so far, and the
        // next chat request is still the turn a script expects.
        const turn = turns.get(lane) ?? 0;
        records.push({
          model: answer.model,
          tools: [],
          toolResults: [],
          violations: [],
          lane,
          wire: wireName,
          path: `${rest}${url.search ? redactQuery(url.search, redact) : ''}`,
          headers,
          body: sent,
          status: answer.status,
          turn,
        });
        send(response, answer.status, answer.body);
        return;
      }
    }
    // Only the parsing is guarded: an error thrown by the simulator's own checks is a
    // simulator failure, reported as such below, never a client's "body is not JSON".
    let body: unknown;
    let parsed = true;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = undefined;
      parsed = false;
    }
    let inspection: Inspection;
    let checkFailure: string | undefined;
    if (!parsed) {
      inspection = {
        model: undefined,
        tools: [],
        toolResults: [],
        violations: ['body is not JSON'],
      };
    } else if (!simulated.matches(rest)) {
      inspection = {
        model: undefined,
        tools: [],
        toolResults: [],
        violations: [wrongEndpoint(rest, wireName, lane)],
      };
    } else {
      const provider = options.providers?.[lane];
      const modelFeatures = options.modelFeatures;
      try {
        inspection = simulated.inspect(body, rest, {
          headers: sentHeaders,
          ...(provider === undefined ? {} : { provider }),
          ...(modelFeatures === undefined
            ? {}
            : { features: (model: string) => modelFeatures(model, provider) }),
        });
      } catch (error) {
        checkFailure = error instanceof Error ? error.message : String(error);
        inspection = { model: undefined, tools: [], toolResults: [], violations: [] };
      }
    }
    if (request.method !== 'POST')
      inspection = { ...inspection, violations: [...inspection.violations, 'method must be POST'] };
    const turn = (turns.get(lane) ?? 0) + 1;
    turns.set(lane, turn);
    const path = `${rest}${url.search ? redactQuery(url.search, redact) : ''}`;
    const record = (status: number, stream?: StreamRecord) =>
      records.push({
        ...inspection,
        lane,
        wire: wireName,
        path,
        headers,
        body,
        status,
        turn,
        ...(stream === undefined ? {} : { stream }),
      });

    if (checkFailure !== undefined) {
      record(500);
      send(
        response,
        500,
        simulated.errorBody(
          500,
          `simulator check failed (a simulator bug, not a violation of the request): ${checkFailure}`,
          'simulator_check_failed',
        ),
      );
      return;
    }
    if (inspection.violations.length > 0 && (options.enforce ?? true)) {
      record(400);
      send(
        response,
        400,
        simulated.errorBody(400, `invalid request: ${inspection.violations.join('; ')}`, undefined),
      );
      return;
    }
    const step = structuredStep(
      wireName,
      body,
      nextStep(lane, { ...inspection, lane, wire: wireName, turn, body }),
    );
    if (step.delayMs) await new Promise((resolve) => setTimeout(resolve, step.delayMs));
    const replyHeaders = { ...rateLimitHeaders(wireName, turn), ...step.headers };
    if (step.type === 'error') {
      record(step.status);
      send(
        response,
        step.status,
        simulated.errorBody(
          step.status,
          step.message ?? `simulated HTTP ${step.status}`,
          step.code,
        ),
        replyHeaders,
      );
      return;
    }
    if (step.type === 'raw') {
      record(step.status ?? 200);
      send(response, step.status ?? 200, step.body, replyHeaders);
      return;
    }
    const usage = options.caching ? promptUsage(wireName, body, laneCache(lane)) : undefined;
    const reply = simulated.reply(step, {
      model: inspection.model ?? 'simulated-model',
      turn,
      ...(usage === undefined ? {} : { usage }),
    });
    if (asksForStream(wireName, body, rest, url.search)) {
      const framing = streamFraming(wireName, rest);
      const chunks = streamChunks(wireName, reply, step.stream, framing);
      const streamed: StreamRecord = {
        chunksSent: 0,
        chunksTotal: chunks.length,
        ended: undefined,
      };
      record(200, streamed);
      response.writeHead(200, {
        'content-type': streamContentType(wireName, framing),
        'cache-control': 'no-cache',
        ...replyHeaders,
      });
      await writeStream(response, wireName, chunks, step.stream ?? {}, streamed, framing);
      return;
    }
    record(200);
    send(response, 200, reply, replyHeaders);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        send(response, 500, { error: `simulator failure: ${String(error)}` });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = host === '::1' ? `http://[::1]:${port}` : `http://${host}:${port}`;

  return {
    origin,
    baseUrl: (wire, lane = 'default') => `${origin}/${lane}/${wire}`,
    listModels(lane, kind, models) {
      listings.set(lane, { kind, models: [...models] });
    },
    script(lane, steps) {
      if (typeof steps === 'function') {
        scripts.set(lane, steps);
        return;
      }
      const queued = scripts.get(lane);
      scripts.set(lane, [...(Array.isArray(queued) ? queued : []), ...steps]);
    },
    received: (lane) => records.filter((record) => lane === undefined || record.lane === lane),
    reset() {
      scripts.clear();
      listings.clear();
      caches.clear();
      turns.clear();
      records.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The default fallback: a lane asked once more than its script answers is an explicit error. */
const scriptExhausted: SimulatorResponder = ({ lane, turn }) => ({
  type: 'error',
  // 400, not 5xx: a client would retry a 5xx, and the script stays exhausted.
  status: 400,
  code: 'simulator_script_exhausted',
  message: `simulator_script_exhausted: lane "${lane}" has no scripted reply left for request ${turn}; script more steps or pass a fallback`,
});

/**
 * Whether the request asks for a streamed reply: `stream: true`, Gemini's streaming method,
 * Converse's `converse-stream`, or the streaming paths of Claude on Bedrock
 * (`invoke-with-response-stream`) and Vertex AI (`:streamRawPredict`).
 */
function asksForStream(wire: WireFormat, body: unknown, path: string, search: string): boolean {
  if (wire === 'gemini')
    return path.endsWith(':streamGenerateContent') && /[?&]alt=sse\b/.test(search);
  if (wire === 'bedrock') return path.endsWith('/converse-stream');
  if (path.endsWith('/invoke-with-response-stream') || path.endsWith(':streamRawPredict'))
    return true;
  return (
    typeof body === 'object' && body !== null && (body as { stream?: unknown }).stream === true
  );
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = replyJson(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  response.end(text);
}

function rateLimitHeaders(wire: WireFormat, turn: number): Record<string, string> {
  const remaining = String(Math.max(0, 1000 - turn));
  if (wire === 'anthropic') {
    return {
      'anthropic-ratelimit-requests-limit': '1000',
      'anthropic-ratelimit-requests-remaining': remaining,
      'anthropic-ratelimit-requests-reset': new Date(Date.now() + 60_000).toISOString(),
    };
  }
  return {
    'x-ratelimit-limit-requests': '1000',
    'x-ratelimit-remaining-requests': remaining,
    'x-ratelimit-reset-requests': '60s',
  };
}

function redactValue(value: string): string {
  const [scheme, secret] = value.includes(' ') ? value.split(' ', 2) : [undefined, value];
  const hint = secret && secret.length > 8 ? `…${secret.slice(-2)}` : '';
  return `${scheme ? `${scheme} ` : ''}[redacted${hint}]`;
}

function redactQuery(search: string, redact: boolean): string {
  if (!redact) return search;
  const params = new URLSearchParams(search);
  if (params.has('key')) params.set('key', '[redacted]');
  return `?${params.toString()}`;
}

/** Steps for common faults. */
export const faults = {
  /** HTTP 429 with `Retry-After: SECONDS`. */
  rateLimited: (retryAfterSeconds = 0): SimulatorStep => ({
    type: 'error',
    status: 429,
    message: 'rate limit reached (simulated)',
    headers: { 'retry-after': String(retryAfterSeconds) },
  }),
  /** HTTP 500. */
  serverError: (): SimulatorStep => ({
    type: 'error',
    status: 500,
    message: 'internal error (simulated)',
  }),
} as const;

/**
 * An `object` step as the text or tool-call step the request's mechanism answers with: the
 * synthetic tool's call on anthropic when the request forces it, the JSON as text otherwise.
 */
function structuredStep(
  wire: WireFormat,
  body: unknown,
  step: SimulatorStep,
): Exclude<SimulatorStep, { readonly type: 'object' }> {
  if (step.type !== 'object') return step;
  const { type: _type, value, text, ...rest } = step;
  const json = text ?? JSON.stringify(value ?? {});
  const request = isObject(body) ? body : {};
  const choice = isObject(request.tool_choice) ? request.tool_choice : undefined;
  const tools = asArray(request.tools).filter(isObject);
  const forced =
    wire !== 'anthropic' || request.output_config !== undefined
      ? undefined
      : choice?.type === 'tool'
        ? choice.name
        : choice?.type === 'any'
          ? tools.at(-1)?.name
          : undefined;
  if (typeof forced !== 'string') return { ...rest, type: 'text', text: json };
  const input: unknown = text === undefined ? value : undefined;
  return {
    ...rest,
    type: 'tool_calls',
    calls: [
      {
        name: forced,
        arguments: isObject(input) ? input : (text ?? JSON.stringify(value)),
      },
    ],
  };
}
