// `crosswire demo --output`: one JSON Schema on all six wires against the simulator, and per
// wire the mechanism the engine used and the validated object it gave back.
import { type WarningHandler, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { createEngine } from '@crosswire/engines';
import { renderTable, type Style } from '../format.js';

/** The schema every wire is asked for: a small weather report. */
export const WEATHER_SCHEMA = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    temperatureC: { type: 'number' },
  },
  required: ['city', 'temperatureC'],
  additionalProperties: false,
} as const;

const PROMPT = 'Report the weather in Paris as JSON.';
// What the scripted model answers on every wire.
const REPLY = { city: 'Paris', temperatureC: 18 };

// A real registry provider and model per wire, so the engine picks the mechanism the
// registry gives that model (the demo's own providers make no structured-output claim).
const LANE_OF_WIRE: Readonly<Record<WireFormat, { provider: string; model: string }>> = {
  openai: { provider: 'openai', model: 'gpt-6.1-sol' },
  anthropic: { provider: 'anthropic', model: 'claude-sonnet-5-5' },
  gemini: { provider: 'gemini', model: 'gemini-2.5-flash-lite' },
  ollama: { provider: 'ollama', model: 'llama3.2' },
  responses: { provider: 'openai-responses', model: 'gpt-6.1-sol' },
  hermes: { provider: 'nousresearch', model: 'Hermes-4-405B' },
  bedrock: { provider: 'bedrock', model: 'us.anthropic.claude-sonnet-4-6' },
};

/** One wire's structured answer. */
export interface OutputOutcome {
  readonly wire: WireFormat;
  readonly provider: string;
  readonly model: string;
  /** How the request asked for the object (`engine.structuredOutput().mechanism`). */
  readonly mechanism: string;
  /** The reply's object, parsed and validated against the schema. */
  readonly object: unknown;
}

/** The whole `--output` run. */
export interface OutputReport {
  readonly mode: 'output';
  readonly schema: typeof WEATHER_SCHEMA;
  readonly outcomes: readonly OutputOutcome[];
}

export interface OutputDemoOptions {
  readonly wire?: WireFormat;
  readonly onWarning?: WarningHandler;
}

/** Asks each wire (or `wire`) for one weather report against the loopback simulator. */
export async function runOutputDemo(options: OutputDemoOptions = {}): Promise<OutputReport> {
  // Loaded only here: the other commands never need the simulator.
  const { startSimulator } = await import('@crosswire/simulator');
  const simulator = await startSimulator();
  try {
    const wires = options.wire === undefined ? WIRE_FORMATS : [options.wire];
    const outcomes: OutputOutcome[] = [];
    for (const wire of wires) {
      const lane = `output-${wire}`;
      simulator.script(lane, [{ type: 'object', value: REPLY }]);
      const engine = createEngine({
        ...LANE_OF_WIRE[wire],
        // The simulator checks no key; this one never leaves the loopback.
        apiKey: 'demo-key',
        baseUrl: simulator.baseUrl(wire, lane),
        retry: { maxRetries: 0 },
        discover: false,
        ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
      });
      try {
        const reply = await engine.chat(PROMPT, {
          output: { schema: WEATHER_SCHEMA, name: 'weather_report' },
        });
        outcomes.push({
          wire,
          provider: engine.provider.id,
          model: engine.model,
          mechanism: engine.structuredOutput().mechanism,
          object: reply.object,
        });
      } finally {
        await engine.close();
      }
    }
    return { mode: 'output', schema: WEATHER_SCHEMA, outcomes };
  } finally {
    await simulator.close();
  }
}

/** The `--output` run as a terminal reads it: a row per wire. */
export function renderOutputDemo(report: OutputReport, style: Style): string {
  const rows = report.outcomes.map((outcome) => [
    outcome.wire,
    `${outcome.provider}/${outcome.model}`,
    { text: outcome.mechanism, styled: style.cyan(outcome.mechanism) },
    JSON.stringify(outcome.object),
  ]);
  return [
    style.dim('One JSON Schema, a weather report {city: string, temperatureC: number}, asked of'),
    style.dim('each wire against the loopback provider simulator (no API key, no network): the'),
    style.dim(
      'mechanism the engine used and the object it gave back, validated against the schema.',
    ),
    '',
    renderTable(['wire', 'provider/model', 'mechanism', 'validated object'], rows, style).trimEnd(),
    '',
  ].join('\n');
}
