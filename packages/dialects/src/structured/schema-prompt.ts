// The schema in a prompt, for a wire or a model with no schema parameter: Hermes, and OpenAI
// models without `json_schema` structured outputs (JSON mode plus the schema in the system
// prompt). The JSON-mode form of NousResearch's Hermes-2-Pro model card (`<schema>...</schema>`).
import { stripSchemaDialect } from '@crosswire/core';
import type { ChatRequest, DialectOptions } from '../dialect-types.js';
import type { StructuredOutputRequest } from './types.js';

/** The system-prompt text that asks for one JSON value matching the output's schema. */
export function schemaPrompt(output: StructuredOutputRequest): string {
  const about = output.description === undefined ? '' : ` ${output.description}`;
  return `Answer with one JSON object (${output.name}) and nothing else.${about} Here's the json schema you must adhere to:\n<schema>\n${JSON.stringify(stripSchemaDialect(output.schema))}\n</schema>`;
}

/**
 * openai and responses in `prompt` mode (a model without `json_schema` structured outputs,
 * registry request feature `output_format: false`): the request with the schema prompt as a
 * first system message; the wire then asks for JSON mode (`json_object`).
 */
export function withSchemaPrompt(request: ChatRequest, options: DialectOptions): ChatRequest {
  if (request.output === undefined || options.structuredOutput !== 'prompt') return request;
  return {
    ...request,
    messages: [{ role: 'system', content: schemaPrompt(request.output) }, ...request.messages],
  };
}
