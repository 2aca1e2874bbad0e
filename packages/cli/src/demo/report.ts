import type { WireFormat } from '@crosswire/core';
import type { Cost } from '@crosswire/engines';
import type { ToolResultDelivery } from '@crosswire/registry';
import type { DeliveredPart } from './describe.js';
import type { DemoTool } from './mcp-server.js';

/** The two kinds of model the demo runs each wire with. */
export type DemoModelKind = 'vision' | 'text';

/** What one tool output became in one conversation. */
export interface DemoRow {
  /** The MCP tool that produced it. */
  readonly tool: string;
  /** The kind of tool output: text, image, pdf, text resource, error. */
  readonly output: DemoTool['output'];
  /** Short label: `text + image`, `placeholder`, `document (is_error)`. */
  readonly label: string;
  /** One line: media types and sizes, placeholders, the start of the text. */
  readonly detail: string;
  readonly parts: readonly DeliveredPart[];
  /** The wire flagged the result as an error (Anthropic `is_error`). */
  readonly errorFlag: boolean;
  /** The block as the provider received it, payloads replaced by their sizes. */
  readonly block: unknown;
}

/** What one turn of a conversation sent and cost. */
export interface DemoTurn {
  /** All input tokens of the turn's request, cache reads included (null: not reported). */
  readonly inputTokens: number | null;
  /** Input tokens read from the prompt cache (null: not reported). */
  readonly cacheReadTokens: number | null;
  /** Cache reads as a percentage of the input tokens, rounded (null: no input count). */
  readonly cacheSharePercent: number | null;
  /** What the turn cost; null when the model has no price (never a guessed 0). */
  readonly cost: Cost | null;
}

/** One tool-calling conversation: a wire, a model, and what each tool output became. */
export interface DemoOutcome {
  readonly wire: WireFormat;
  readonly kind: DemoModelKind;
  readonly provider: string;
  readonly model: string;
  /** The options the engine rendered tool results with (from the model's capabilities). */
  readonly toolResultOptions: Readonly<Record<string, unknown>>;
  /** The assistant's final answer. */
  readonly finalText: string;
  /** How many HTTP requests the conversation took. */
  readonly requests: number;
  /** Per turn: input tokens, cache share and cost. */
  readonly turns: readonly DemoTurn[];
  /**
   * How a tool's image and PDF reached the model (the registry's answer, the one the engine
   * sends by): `user-message` adds the medium after the results to the placeholder the tool
   * result holds.
   */
  readonly delivery: { readonly image: ToolResultDelivery; readonly pdf: ToolResultDelivery };
  readonly rows: readonly DemoRow[];
}

/** The whole demo run. */
export interface DemoReport {
  /** `simulator`: the loopback provider simulator; `live`: a real provider. */
  readonly mode: 'simulator' | 'live';
  readonly outcomes: readonly DemoOutcome[];
}
