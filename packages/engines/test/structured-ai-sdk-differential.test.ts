// Differential test against the AI SDK for structured output: the same zod schema goes through
// `generateText({ output: Output.object(...) })` (the AI SDK's own provider converters, with a
// capturing `fetch`; nothing leaves the process) and through a Crosswire engine's
// `buildRequest({ output })`. The structured part of the two bodies is compared structurally;
// every difference must be one of INTENDED (each with its reason, also in
// docs/design-notes/structured-output.md), and every entry must still occur.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type LanguageModel, Output } from 'ai';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createEngine } from '../src/engine/engine.js';
import { pathPattern, structuralDiff } from '../src/test-support/structural-diff.js';

type FetchFunction = typeof globalThis.fetch;

const Trip = z.object({
  city: z.string(),
  days: z.number().int().optional(),
  sights: z.array(z.string()),
});

interface Target {
  readonly provider: string;
  readonly model: string;
  readonly aiSdk: (fetch: FetchFunction) => LanguageModel;
  /** The body fields that carry the structured request. */
  readonly fields: readonly string[];
}

const TARGETS: Record<string, Target> = {
  openai: {
    provider: 'openai',
    model: 'gpt-4.1',
    aiSdk: (fetch) => createOpenAI({ apiKey: 'k', fetch }).chat('gpt-4.1'),
    fields: ['response_format'],
  },
  responses: {
    provider: 'openai-responses',
    model: 'gpt-4.1',
    aiSdk: (fetch) => createOpenAI({ apiKey: 'k', fetch }).responses('gpt-4.1'),
    fields: ['text'],
  },
  anthropic: {
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    aiSdk: (fetch) => createAnthropic({ apiKey: 'k', fetch })('claude-sonnet-4-5'),
    fields: ['output_config', 'tools', 'tool_choice'],
  },
  gemini: {
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    aiSdk: (fetch) => createGoogleGenerativeAI({ apiKey: 'k', fetch })('gemini-2.5-flash'),
    fields: ['generationConfig'],
  },
};

interface Intended {
  readonly targets: readonly string[];
  /** `-path` only in the AI SDK's, `+path` only in Crosswire's, `~path` in both, unequal. */
  readonly paths: readonly string[];
  readonly reason: string;
}

const INTENDED: readonly Intended[] = [
  {
    targets: ['openai', 'responses', 'anthropic', 'gemini'],
    paths: ['-**.$schema'],
    reason: 'Crosswire strips the dialect keywords ($schema) from the top: no provider reads them',
  },
  {
    targets: ['openai', 'responses'],
    paths: ['+**.schema.required[*]', '~**.schema.properties.days.type'],
    reason:
      "strict mode requires every property: Crosswire makes the optional `days` required and nullable (OpenAI's documented rule); the AI SDK sends strict: true with `days` optional, which OpenAI refuses",
  },
  {
    targets: ['anthropic'],
    paths: ['-**.days.description'],
    reason:
      "Anthropic's structured outputs take no numeric bounds: the AI SDK moves them into the description, Crosswire drops them (the reply is validated locally against the full schema)",
  },
];

async function aiSdkBody(target: Target): Promise<Record<string, unknown>> {
  let body: Record<string, unknown> = {};
  const fetch = (async (_url: unknown, init?: { body?: unknown }) => {
    body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    throw new Error('captured');
  }) as unknown as FetchFunction;
  await generateText({
    model: target.aiSdk(fetch),
    prompt: 'Plan',
    output: Output.object({ schema: Trip, name: 'trip' }),
    maxRetries: 0,
  }).catch(() => undefined);
  return body;
}

async function crosswireBody(target: Target): Promise<Record<string, unknown>> {
  const engine = createEngine({
    provider: target.provider,
    model: target.model,
    apiKey: 'k',
    baseUrl: 'http://127.0.0.1:9',
    onWarning: () => undefined,
  });
  try {
    return await engine.buildRequest('Plan', { output: { schema: Trip, name: 'trip' } });
  } finally {
    await engine.close();
  }
}

const pick = (body: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((field) => field in body).map((field) => [field, body[field]]));

function sign(kind: string): string {
  return kind === 'only-ai-sdk' ? '-' : kind === 'only-crosswire' ? '+' : '~';
}

describe('structured output: Crosswire and the AI SDK ask for the same thing', () => {
  const used = new Set<string>();
  it.each(Object.keys(TARGETS))('%s', async (name) => {
    const target = TARGETS[name] as Target;
    const [aiSdk, crosswire] = await Promise.all([aiSdkBody(target), crosswireBody(target)]);
    const differences = structuralDiff(pick(aiSdk, target.fields), pick(crosswire, target.fields));
    const unexplained = differences.filter((difference) => {
      const signed = `${sign(difference.kind)}${difference.path}`;
      const entry = INTENDED.find(
        (intended) =>
          intended.targets.includes(name) &&
          intended.paths.some((path) => pathPattern(path).test(signed)),
      );
      if (entry) {
        for (const path of entry.paths)
          if (pathPattern(path).test(signed)) used.add(`${name} ${path}`);
      }
      return entry === undefined;
    });
    expect(unexplained).toEqual([]);
  });

  it('every intended difference still occurs', () => {
    const expected = INTENDED.flatMap((entry) =>
      entry.targets.flatMap((target) => entry.paths.map((path) => `${target} ${path}`)),
    );
    expect(expected.filter((key) => !used.has(key))).toEqual([]);
  });
});
