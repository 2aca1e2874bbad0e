import { carriesNative, type WarningHandler, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import {
  type ApprovalHandler,
  type CloudOptions,
  createEngine,
  type Engine,
  type ToolLoopResult,
  type ToolLoopStreamEvent,
} from '@crosswire/engines';
import {
  createRegistry,
  defaultRegistry,
  type PricingData,
  type Registry,
  type RegistryEntry,
} from '@crosswire/registry';
import type { Simulator } from '@crosswire/simulator';
import { UsageError } from '../errors.js';
import { DELIVERED_TOOL_RESULTS } from '../wires/index.js';
import { describeDelivered, summarisePayloads } from './describe.js';
import { DEMO_INSTRUCTIONS } from './instructions.js';
import { DEMO_TOOLS, type DemoMcp, startDemoMcp } from './mcp-server.js';
import type { DemoModelKind, DemoOutcome, DemoReport, DemoRow } from './report.js';
import { turnsOf } from './turns.js';

export type { DemoModelKind, DemoOutcome, DemoReport, DemoRow, DemoTurn } from './report.js';

/** What `runDemo` runs. */
export interface DemoOptions {
  /** Only this wire (default: all six). */
  readonly wire?: WireFormat;
  /** Run against a real provider instead of the simulator (needs its API key in `env`). */
  readonly live?: {
    readonly provider: string;
    readonly model: string;
    readonly baseUrl?: string;
    /** A cloud route's region, project, resource or credentials (else read from `env`). */
    readonly cloud?: CloudOptions;
  };
  /** Where the API key is read in live mode. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly onWarning?: WarningHandler;
  /**
   * Ask before each call of a tool that is not read-only (`approval: 'unless-read-only'`):
   * the demo's `book_table`; the other four tools are annotated `readOnlyHint: true`.
   */
  readonly onApproval?: ApprovalHandler;
  /**
   * Stream every turn (`engine.streamWithTools`) and hand each event over as it comes,
   * with the conversation it belongs to.
   */
  readonly onStreamEvent?: (
    event: ToolLoopStreamEvent,
    conversation: { readonly wire: WireFormat; readonly kind: DemoModelKind | undefined },
  ) => void;
}

/** The tool loop, streamed when the demo was asked to stream (each event handed over). */
async function runLoop(
  engine: Engine,
  mcp: DemoMcp,
  options: DemoOptions,
  kind: DemoModelKind | undefined,
): Promise<ToolLoopResult> {
  const onEvent = options.onStreamEvent;
  const input = [
    { role: 'system' as const, content: DEMO_INSTRUCTIONS },
    { role: 'user' as const, content: PROMPT },
  ];
  const loopOptions = {
    mcpServers: [mcp.client],
    ...(options.onApproval === undefined
      ? {}
      : { approval: 'unless-read-only' as const, onApproval: options.onApproval }),
  };
  if (onEvent === undefined) return engine.runToolLoop(input, loopOptions);
  const stream = engine.streamWithTools(input, loopOptions);
  for await (const event of stream) onEvent(event, { wire: engine.toolWireFormat, kind });
  return stream.finalResult();
}

const PROMPT =
  'Call each of your tools exactly once, all in one turn, with city "Paris". Then say in one sentence what you received.';

const DEMO_SOURCE = 'https://github.com/crosswire-dev/crosswire/tree/main/packages/cli';
const CHECKED = '2026-11-29';

// The real provider whose endpoint shape (chat path) each demo provider borrows.
const PROVIDER_OF_WIRE: Readonly<Record<WireFormat, string>> = {
  openai: 'openai',
  anthropic: 'anthropic',
  gemini: 'gemini',
  ollama: 'ollama',
  responses: 'openai-responses',
  hermes: 'nousresearch',
  bedrock: 'bedrock',
};

/**
 * The models each wire's conversations run with: real ones where the data has one of the kind
 * (so the registry's capabilities and prices are theirs), the demo lab's own where it has
 * none (no text-only Gemini model, no vision model on a Hermes endpoint).
 */
export const DEMO_MODELS: Readonly<Record<WireFormat, Readonly<Record<DemoModelKind, string>>>> = {
  openai: { vision: 'gpt-6.1-sol', text: 'gpt-oss-120b' },
  anthropic: { vision: 'claude-sonnet-5-5', text: 'MiniMax-M2' },
  gemini: { vision: 'gemini-3.8-flash', text: 'text-model' },
  ollama: { vision: 'qwen2.5vl', text: 'llama3.2' },
  responses: { vision: 'gpt-6.1-sol', text: 'gpt-oss-120b' },
  hermes: { vision: 'vision-model', text: 'Hermes-4-405B' },
  // The lab's: a model AWS does not list for tool-result images, as the demo shows on bedrock.
  bedrock: { vision: 'vision-model', text: 'text-model' },
};

/** The demo lab's two models, for the kinds the data has no real model of on a wire. */
const LAB_MODELS: Readonly<Record<DemoModelKind, string>> = {
  vision: 'vision-model',
  text: 'text-model',
};

const claim = (value: boolean) => ({
  value,
  evidence: 'inferred' as const,
  source: DEMO_SOURCE,
  date: CHECKED,
});

/**
 * The registry key of a demo model (the model a provider in the data serves under that id,
 * else the demo lab's), and its price where the registry prices that model on a provider (the
 * first such offering, in the registry's order), so each turn's cost is the one a real run
 * would show; none for a model no provider prices (the demo then prints "no price", never a
 * guessed 0).
 */
function realModel(name: string): { key: string; pricing?: PricingData } {
  const served = defaultRegistry
    .providers()
    .flatMap((provider) => provider.offerings.map((offering) => ({ provider, offering })));
  const key = served.find(({ offering }) => offering.id === name)?.offering.model;
  if (key === undefined || Object.values(LAB_MODELS).includes(name)) {
    return { key: `crosswire-demo/${name}` };
  }
  // The registry's price of each offering: curated, else the imported catalogue's.
  const pricing = served
    .filter(({ offering }) => offering.model === key)
    .map(
      ({ provider, offering }) =>
        defaultRegistry.resolve({ provider: provider.id, model: offering.id }).pricing,
    )
    .find((price) => price !== undefined);
  if (pricing === undefined) return { key };
  return {
    key,
    pricing: {
      input: pricing.input,
      output: pricing.output,
      ...(pricing.cacheRead === undefined ? {} : { cache_read: pricing.cacheRead }),
      ...(pricing.cacheWrite === undefined ? {} : { cache_write: pricing.cacheWrite }),
      currency: pricing.currency,
      source: pricing.source,
      date: pricing.date,
    },
  };
}

/**
 * The demo's registry: the default one plus the demo lab's two models (one sees images, one
 * does not) and one key-less provider per wire that serves that wire's demo models at their
 * real prices and claims native tool-result images and PDFs where the wire has a form for
 * them. The registry's own rule then clears each claim where the wire has no native form or
 * the model would need vision it lacks, so the table shows that rule at work on every wire.
 */
export function demoRegistry(): Registry {
  const lab: RegistryEntry = {
    lab: 'crosswire-demo',
    name: 'Crosswire demo',
    models: (['vision', 'text'] as const).map((kind) => ({
      id: LAB_MODELS[kind],
      name: kind === 'vision' ? 'Demo model that sees images' : 'Demo text-only model',
      family: 'crosswire-demo',
      capabilities: {
        tools: claim(true),
        image_input: claim(kind === 'vision'),
        pdf_input: claim(kind === 'vision'),
        audio_input: claim(false),
      },
      source: DEMO_SOURCE,
    })),
  };
  const providers: RegistryEntry[] = WIRE_FORMATS.map((wire) => {
    const real = defaultRegistry.provider(PROVIDER_OF_WIRE[wire]);
    return {
      id: `demo-${wire}`,
      name: `Crosswire demo (${wire} wire)`,
      tool_wire_format: wire,
      base_url: 'http://127.0.0.1/',
      chat_path: real.chatPath,
      auth: null,
      // The simulator's Bedrock lane wants credentials, as Bedrock does: a demo API key.
      ...(wire === 'bedrock' ? { headers: { Authorization: 'Bearer crosswire-demo-key' } } : {}),
      docs: DEMO_SOURCE,
      // Claimed where the wire has a native form (the validator refuses the others); not on
      // bedrock, where Converse takes a tool-result image only from the models AWS lists (the
      // demo models are none of them), so the vision model gets it after the results instead.
      capabilities:
        wire === 'bedrock'
          ? {}
          : {
              ...(carriesNative(wire, 'image') ? { tool_result_images: claim(true) } : {}),
              ...(carriesNative(wire, 'pdf') ? { tool_result_pdf: claim(true) } : {}),
            },
      offerings: (['vision', 'text'] as const).map((kind) => {
        const id = DEMO_MODELS[wire][kind];
        const { key, pricing: price } = realModel(id);
        // A local server (no key needed) charges nothing per token: no price, not a cloud's.
        const pricing = real.auth?.required === true ? price : undefined;
        return { id, model: key, ...(pricing === undefined ? {} : { pricing }) };
      }),
    };
  });
  return createRegistry({ extends: defaultRegistry, entries: [lab, ...providers] });
}

function deliveryOf(engine: Engine): DemoOutcome['delivery'] {
  return {
    image: engine.toolResultDelivery('image').delivery,
    pdf: engine.toolResultDelivery('pdf').delivery,
  };
}

function toolResultOptions(engine: Engine): Record<string, unknown> {
  const { imageInput, nativePdf, sourceBlocks } = engine.dialectOptions;
  return { imageInput, nativePdf, sourceBlocks };
}

function rowsFrom(
  results: readonly {
    readonly id: string | undefined;
    readonly name: string | undefined;
    readonly block: unknown;
  }[],
): DemoRow[] {
  const rows: DemoRow[] = [];
  for (const tool of DEMO_TOOLS) {
    const delivered = results.find(
      (result) =>
        result.name === tool.name || (result.id !== undefined && result.id === `call_${tool.name}`),
    );
    if (delivered === undefined) continue;
    const summary = describeDelivered(delivered.block);
    rows.push({
      tool: tool.name,
      output: tool.output,
      label: summary.label,
      detail: summary.detail,
      parts: summary.parts,
      errorFlag: summary.errorFlag,
      block: summarisePayloads(delivered.block),
    });
  }
  return rows;
}

async function simulatedConversation(
  simulator: Simulator,
  mcp: DemoMcp,
  registry: Registry,
  wire: WireFormat,
  kind: DemoModelKind,
  options: DemoOptions,
): Promise<DemoOutcome> {
  const onWarning = options.onWarning;
  const lane = `${wire}-${kind}`;
  simulator.script(lane, [
    {
      type: 'tool_calls',
      calls: DEMO_TOOLS.map((tool) => ({
        name: tool.name,
        arguments: tool.arguments,
        id: `call_${tool.name}`,
      })),
    },
    {
      type: 'text',
      text: 'I got the weather, a chart, the report, the meeting notes, and an error from the booking service.',
    },
  ]);
  const engine = createEngine({
    provider: `demo-${wire}`,
    model: DEMO_MODELS[wire][kind],
    registry,
    baseUrl: simulator.baseUrl(wire, lane),
    retry: { maxRetries: 0 },
    ...(onWarning === undefined ? {} : { onWarning }),
  });
  try {
    const run = await runLoop(engine, mcp, options, kind);
    const requests = simulator.received(lane);
    // The last request carries the results of the one tool turn, exactly as received.
    const received = requests.at(-1)?.toolResults ?? [];
    return {
      wire,
      kind,
      provider: engine.provider.id,
      model: engine.model,
      toolResultOptions: toolResultOptions(engine),
      finalText: run.text,
      requests: requests.length,
      turns: turnsOf(run),
      delivery: deliveryOf(engine),
      rows: rowsFrom(received),
    };
  } finally {
    await engine.close();
  }
}

async function liveConversation(
  mcp: DemoMcp,
  live: NonNullable<DemoOptions['live']>,
  options: DemoOptions,
): Promise<DemoOutcome> {
  const engine = createEngine({
    provider: live.provider,
    model: live.model,
    ...(live.baseUrl === undefined ? {} : { baseUrl: live.baseUrl }),
    ...(live.cloud === undefined ? {} : { cloud: live.cloud }),
    // A failed request is reported, not retried for a minute: this is a demo.
    retry: { maxRetries: 0 },
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
  });
  try {
    if (options.wire !== undefined && options.wire !== engine.toolWireFormat) {
      throw new UsageError(
        `demo: provider '${engine.provider.id}' speaks the ${engine.toolWireFormat} wire, not ${options.wire}`,
        'demo',
      );
    }
    const run = await runLoop(engine, mcp, options, undefined);
    // Rebuild the last request from the conversation (the bodies the hooks see are
    // summarised): the tool results exactly as the provider received them.
    const body = await engine.buildRequest(run.messages);
    const results = DELIVERED_TOOL_RESULTS[engine.toolWireFormat](body).map((result) => ({
      id: result.callId,
      name: result.name,
      block: result.block,
    }));
    return {
      wire: engine.toolWireFormat,
      kind: engine.supports('image_input') ? 'vision' : 'text',
      provider: engine.provider.id,
      model: engine.model,
      toolResultOptions: toolResultOptions(engine),
      finalText: run.text,
      requests: run.turns.length,
      turns: turnsOf(run),
      delivery: deliveryOf(engine),
      rows: rowsFrom(results),
    };
  } finally {
    await engine.close();
  }
}

/**
 * Runs the demo: an in-process MCP server, then one tool-calling conversation per wire and
 * kind of model against the loopback provider simulator (or one against a real provider with
 * `live`), and reports what each tool output reached the model as.
 */
export async function runDemo(options: DemoOptions = {}): Promise<DemoReport> {
  const mcp = await startDemoMcp();
  try {
    if (options.live !== undefined) {
      return {
        mode: 'live',
        outcomes: [await liveConversation(mcp, options.live, options)],
      };
    }
    // Loaded only here: the other commands never need the simulator.
    const { startSimulator } = await import('@crosswire/simulator');
    // Caching on: each reply reports the cache reads the wire's rules give.
    const simulator = await startSimulator({ caching: true });
    try {
      const registry = demoRegistry();
      const wires = options.wire === undefined ? WIRE_FORMATS : [options.wire];
      const outcomes: DemoOutcome[] = [];
      for (const wire of wires) {
        for (const kind of ['vision', 'text'] as const) {
          outcomes.push(await simulatedConversation(simulator, mcp, registry, wire, kind, options));
        }
      }
      return { mode: 'simulator', outcomes };
    } finally {
      await simulator.close();
    }
  } finally {
    await mcp.close();
  }
}
