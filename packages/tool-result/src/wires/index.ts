import type { WireFormat } from '@crosswire/core';
import type { ToolResultRenderer } from '../wire-blocks.js';
import { renderToolResult as anthropic } from './anthropic.js';
import { renderToolResult as bedrock } from './bedrock.js';
import { renderToolResult as gemini } from './gemini.js';
import { renderToolResult as hermes } from './hermes.js';
import { renderToolResult as ollama } from './ollama.js';
import { renderToolResult as openai } from './openai.js';
import { renderToolResult as responses } from './responses.js';

/** One renderer per wire; the mapped type makes a missing or mistyped wire a compile error. */
export const TOOL_RESULT_RENDERERS: { readonly [W in WireFormat]: ToolResultRenderer<W> } = {
  openai,
  anthropic,
  gemini,
  ollama,
  responses,
  hermes,
  bedrock,
};
