/*
 * Runtime conformance: the providers' published OpenAPI schemas (extracted into
 * fixtures/conformance/ by the root scripts/extract-conformance.mjs, `pnpm conformance:extract`;
 * sources and licences named in each file) validate what formatTools and formatToolCall put on
 * the wire.
 */
import { describe, expect, it } from 'vitest';
import { loadConformanceOracle } from '../../../scripts/conformance-oracle.js';
import {
  createToolCall,
  formatToolCall,
  formatTools,
  GEMINI_SCHEMA_KEYWORDS,
  locateToolCalls,
  toolCallsFrom,
} from './index.js';
import { sampleReplies, sampleTools } from './test-support/samples.js';

function load(name: string) {
  const oracle = loadConformanceOracle(
    new URL(`../fixtures/conformance/${name}.json`, import.meta.url),
  );
  return (schema: string, value: unknown) => oracle.validator(schema)(value);
}

const openai = load('openai-tools');
const gemini = load('gemini-tools');
const call = createToolCall({ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } });

describe('OpenAI OpenAPI', () => {
  it('accepts every formatTools("openai") tool, plain and strict, as ChatCompletionTool', () => {
    for (const tool of [
      ...formatTools('openai', sampleTools),
      ...formatTools('openai', sampleTools, { strict: true }),
    ]) {
      expect(openai('ChatCompletionTool', tool)).toEqual([]);
    }
  });

  it('accepts every formatTools("responses") tool as FunctionTool', () => {
    for (const tool of [
      ...formatTools('responses', sampleTools),
      ...formatTools('responses', sampleTools, { strict: true }),
    ]) {
      expect(openai('FunctionTool', tool)).toEqual([]);
    }
  });

  it('accepts the echo forms of a call', () => {
    expect(openai('ChatCompletionMessageToolCall', formatToolCall('openai', call))).toEqual([]);
    expect(openai('FunctionToolCall', formatToolCall('responses', call))).toEqual([]);
  });

  it('is a live oracle: a wrong shape fails', () => {
    expect(openai('ChatCompletionTool', { type: 'function', name: 'flat' })).toEqual([
      " must have required property 'function'",
    ]);
    expect(openai('FunctionTool', formatTools('openai', sampleTools)[0])).toEqual([
      " must have required property 'name'",
      " must have required property 'strict'",
      " must have required property 'parameters'",
    ]);
  });

  it('describes the located sample calls as the spec does', () => {
    for (const raw of locateToolCalls('openai', sampleReplies.openai)) {
      expect(openai('ChatCompletionMessageToolCall', raw)).toEqual([]);
    }
    for (const raw of locateToolCalls('responses', sampleReplies.responses)) {
      expect(openai('FunctionToolCall', { type: 'function_call', ...(raw as object) })).toEqual([]);
    }
  });
});

describe('Gemini OpenAPI (community)', () => {
  it('accepts the formatTools("gemini") tool, both schema fields', () => {
    for (const tool of [
      ...formatTools('gemini', sampleTools, { onWarning: () => {} }),
      ...formatTools('gemini', sampleTools, { geminiSchemaField: 'parametersJsonSchema' }),
    ]) {
      expect(gemini('Tool', tool)).toEqual([]);
    }
  });

  it('sends only Schema keywords in parameters, at every depth', () => {
    const allowed = new Set<string>(GEMINI_SCHEMA_KEYWORDS);
    const offending: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
      for (const [key, value] of Object.entries(node)) {
        if (!allowed.has(key)) offending.push(`${at}.${key}`);
        if (key === 'properties') {
          for (const [name, inner] of Object.entries(value as object))
            walk(inner, `${at}.properties.${name}`);
        } else if (key === 'items') walk(value, `${at}.items`);
        else if (key === 'anyOf') {
          for (const [index, inner] of (value as unknown[]).entries())
            walk(inner, `${at}.anyOf[${index}]`);
        }
      }
    };
    for (const declaration of formatTools('gemini', sampleTools, { onWarning: () => {} })[0]
      ?.functionDeclarations ?? []) {
      walk(declaration.parameters, declaration.name);
    }
    expect(offending).toEqual([]);
  });

  it('accepts the located parts and the echo form of a call as Part', () => {
    for (const raw of locateToolCalls('gemini', sampleReplies.gemini)) {
      const [parsed] = toolCallsFrom('gemini', { candidates: [{ content: { parts: [raw] } }] });
      if (
        parsed &&
        !parsed.argumentsUndecodable &&
        typeof (raw as { functionCall: { args: unknown } }).functionCall.args === 'object'
      ) {
        expect(gemini('Part', raw)).toEqual([]);
      }
      if (parsed) expect(gemini('Part', formatToolCall('gemini', parsed))).toEqual([]);
    }
  });

  it('is a live oracle: a wrong shape fails', () => {
    expect(gemini('Tool', { functionDeclarations: [{ description: 'no name' }] })).toEqual([
      "/functionDeclarations/0 must have required property 'name'",
    ]);
    expect(gemini('Part', { functionCall: { name: 'f', arguments: {} } })).toEqual([
      '/functionCall must NOT have additional properties',
    ]);
  });
});
