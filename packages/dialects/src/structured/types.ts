// What a request for a structured reply holds, and how each wire asks for one.
import type { JsonObject } from '../support/json.js';

/**
 * A request for a reply that is one JSON value matching `schema` (a JSON Schema object; the
 * engine converts a zod schema with `z.toJSONSchema` before it gets here).
 */
export interface StructuredOutputRequest {
  /** The name the wire gives the format (or the synthetic tool): `[a-zA-Z0-9_-]{1,64}`. */
  readonly name: string;
  readonly description?: string;
  readonly schema: JsonObject;
  /**
   * openai and responses: ask for strict schema adherence (the schema is first made strict by
   * OpenAI's documented rules; one that cannot be falls back to `strict: false` with a
   * `structured_output_not_strict` warning). Other wires ignore it.
   */
  readonly strict: boolean;
  /**
   * anthropic tool form: the synthetic tool's name when `name` is taken by one of the request's
   * tools (`outputToolName`; the engine sets it from the tool set); default `name`, or the
   * first free `name_output...` when the request's tools hold `name`.
   */
  readonly toolName?: string;
}

/**
 * How a wire asks for a structured reply, where it has a choice (`DialectOptions.structuredOutput`):
 * `native` the provider's own parameter (anthropic `output_config.format`, gemini
 * `responseJsonSchema`, bedrock `outputConfig.textFormat`), `tool` a synthetic tool the model
 * is forced to call (anthropic, bedrock), `subset` gemini's OpenAPI-subset `responseSchema`,
 * `prompt` (openai, responses) JSON mode with the schema in the system prompt, for a model
 * without `json_schema`. Other wires ignore it.
 */
export type StructuredOutputMode = 'native' | 'tool' | 'subset' | 'prompt';

/** The mechanism a request uses, named by the field it sets (`explain` reports it). */
export type StructuredMechanism =
  | 'response_format'
  | 'text.format'
  | 'output_config.format'
  | 'outputConfig.textFormat'
  | 'tool'
  | 'responseJsonSchema'
  | 'responseSchema'
  | 'format'
  | 'prompt';

/** The structured part of a reply, as the wire carried it. */
export interface StructuredReply {
  /** The JSON text to parse ('' when there is none). */
  readonly text: string;
  /** The model's refusal, where the wire says it refused. */
  readonly refusal?: string;
  /** The id of the synthetic tool call that carried the object (anthropic `tool` mode). */
  readonly toolCallId?: string;
  /**
   * The value itself, where the wire carried it decoded (the synthetic tool's arguments): check
   * this instead of parsing `text`, which is then its JSON, or '' when the value nests too deep
   * for `JSON.stringify`.
   */
  readonly value?: unknown;
}
