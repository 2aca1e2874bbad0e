// Model facts by name, not by pattern luck (issue 38, item 2): every Anthropic, OpenAI and Gemini
// model in the registry's data (and the dated snapshots and aliases that name them) against a
// table written by hand from the providers' documentation:
// - Anthropic structured outputs (platform.claude.com/docs/en/build-with-claude/structured-outputs):
//   output_config.format on the 4.5 generation and later; the tool form before it and on Fable;
//   Fable 5.1 refuses a forced tool_choice (its what's-new page).
// - OpenAI structured outputs (platform.openai.com/docs/guides/structured-outputs): json_schema from
//   gpt-4o-2024-08-06 and gpt-4o-mini on; the May 2024 gpt-4o snapshot has JSON mode only.
// - Gemini structured output (ai.google.dev/gemini-api/docs/structured-output): responseJsonSchema
//   from 2.5 on (responseSchema before); function calling beside a JSON response from Gemini 3.
import type { CrosswireWarning } from '@crosswire/core';
import { defaultRegistry } from '@crosswire/registry';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';

interface Expected {
  readonly mechanism: string;
  readonly twoStepWithTools: boolean;
  readonly forcedToolChoice: boolean;
}

const native = {
  mechanism: 'output_config.format',
  twoStepWithTools: false,
  forcedToolChoice: true,
};
const tool = { mechanism: 'tool', twoStepWithTools: false, forcedToolChoice: true };

const ANTHROPIC: Readonly<Record<string, Expected>> = {
  'claude-opus-4-8': native,
  'claude-opus-4-7': native,
  'claude-opus-4-6': native,
  'claude-sonnet-4-6': native,
  'claude-opus-4-5': native,
  'claude-opus-4-5-20251101': native,
  'claude-sonnet-4-5': native,
  'claude-sonnet-4-5-20250929': native,
  'claude-haiku-4-5': native,
  'claude-haiku-4-5-20251001': native,
  'claude-opus-5-5': native,
  'claude-sonnet-5-5': native,
  'claude-haiku-5-5': native,
  'claude-opus-4-1': tool,
  'claude-opus-4-1-20250805': tool,
  'claude-opus-4': tool,
  'claude-opus-4-0': tool,
  'claude-opus-4-20250514': tool,
  'claude-sonnet-4': tool,
  'claude-sonnet-4-0': tool,
  'claude-sonnet-4-20250514': tool,
  'claude-3-7-sonnet': tool,
  'claude-3-7-sonnet-20250219': tool,
  'claude-3-haiku': tool,
  'claude-3-haiku-20240307': tool,
  'claude-opus-5': native,
  'claude-sonnet-5': native,
  // Fable takes the tool form; from 5.1 on it refuses a forced tool_choice (5.1's what's-new page).
  'claude-fable-5': tool,
  'claude-fable-5-1': { mechanism: 'tool', twoStepWithTools: false, forcedToolChoice: false },
  'claude-fable-5-2': { mechanism: 'tool', twoStepWithTools: false, forcedToolChoice: false },
};

const jsonSchema = {
  mechanism: 'responseJsonSchema',
  twoStepWithTools: false,
  forcedToolChoice: true,
};
const jsonSchemaTwoStep = { ...jsonSchema, twoStepWithTools: true };
const GEMINI: Readonly<Record<string, Expected>> = {
  'gemini-2.0-flash': {
    mechanism: 'responseSchema',
    twoStepWithTools: true,
    forcedToolChoice: true,
  },
  'gemini-2.0-flash-001': {
    mechanism: 'responseSchema',
    twoStepWithTools: true,
    forcedToolChoice: true,
  },
  'gemini-2.5-pro': jsonSchemaTwoStep,
  'gemini-2.5-flash': jsonSchemaTwoStep,
  'gemini-2.5-flash-lite': jsonSchemaTwoStep,
  'gemini-3-pro-preview': jsonSchema,
  'gemini-3-flash-preview': jsonSchema,
  'gemini-3.1-pro-preview': jsonSchema,
  'gemini-3.1-flash-lite': jsonSchema,
  'gemini-3.5-flash': jsonSchema,
  'gemini-3.5-flash-lite': jsonSchema,
  'gemini-3.6-flash': jsonSchema,
  'gemini-3.7-flash': jsonSchema,
  'gemini-3.8-flash': jsonSchema,
};

const OPENAI_MODELS = [
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-5',
  'gpt-5-chat-latest',
  'gpt-5-codex',
  'gpt-5-mini',
  'gpt-5-nano',
  'gpt-5.1',
  'gpt-5.1-chat-latest',
  'gpt-5.1-codex',
  'gpt-5.1-codex-max',
  'gpt-5.1-codex-mini',
  'gpt-5.2',
  'gpt-5.2-chat-latest',
  'gpt-5.2-codex',
  'gpt-5.2-pro',
  'gpt-5.3-chat-latest',
  'gpt-5.4',
  'gpt-5.4-mini',
  'gpt-5.4-nano',
  'gpt-5.4-pro',
  'gpt-5.6-luna',
  'gpt-5.6-sol',
  'gpt-5.6-terra',
  'gpt-6-astra',
  'gpt-6-luna',
  'gpt-6-sol',
  'gpt-6.1-luna',
  'gpt-6.1-sol',
  'gpt-6.1-terra',
  'gpt-oss-120b',
  'gpt-oss-20b',
  'o3',
  'o4-mini',
];
const prompt = { mechanism: 'prompt', twoStepWithTools: false, forcedToolChoice: true };
const OPENAI: Readonly<Record<string, Expected>> = {
  ...Object.fromEntries(
    OPENAI_MODELS.map((model) => [
      model,
      { mechanism: 'response_format', twoStepWithTools: false, forcedToolChoice: true },
    ]),
  ),
  // Responses-only on OpenAI's own endpoint (the registry's offering says so).
  'gpt-5-pro': { mechanism: 'text.format', twoStepWithTools: false, forcedToolChoice: true },
  'gpt-4o-2024-05-13': prompt,
};
const RESPONSES: Readonly<Record<string, Expected>> = {
  ...Object.fromEntries(
    [...OPENAI_MODELS, 'gpt-5-pro'].map((model) => [
      model,
      { mechanism: 'text.format', twoStepWithTools: false, forcedToolChoice: true },
    ]),
  ),
  'gpt-4o-2024-05-13': prompt,
};

const TABLES = [
  ['anthropic', 'anthropic', ANTHROPIC],
  ['gemini', 'google', GEMINI],
  ['openai', 'openai', OPENAI],
  ['openai-responses', 'openai', RESPONSES],
] as const;

const engines: Engine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
});

function chosen(provider: string, model: string): Expected & { warnings: string[] } {
  const heard: CrosswireWarning[] = [];
  const engine = createEngine({
    provider,
    model,
    apiKey: 'k',
    discover: false,
    onWarning: (warning) => heard.push(warning),
  });
  engines.push(engine);
  return {
    ...engine.structuredOutput(),
    forcedToolChoice: engine.dialectOptions.forcedToolChoice !== false,
    warnings: heard.map((warning) => warning.code),
  };
}

describe.each(TABLES)('%s: the mechanism of every %s model in the data', (provider, lab, table) => {
  it('covers every model of the lab in the data, and each id, snapshot and alias in the table', () => {
    const ids = defaultRegistry
      .models()
      .filter((model) => model.lab === lab && model.family !== 'gemma')
      .map((model) => model.id);
    expect(ids.filter((id) => !(id in table))).toEqual([]);
  });

  it.each(Object.entries(table))('%s', (model, expected) => {
    const { warnings, ...got } = chosen(provider, model);
    expect(got).toEqual(expected);
    // Retired and deprecated models still resolve, with their lifecycle warning only.
    expect(
      warnings.filter((code) => code !== 'model_retired' && code !== 'model_deprecated'),
    ).toEqual([]);
  });
});
