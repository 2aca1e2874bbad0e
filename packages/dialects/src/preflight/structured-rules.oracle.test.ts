// The structured-output catalogue's examples against what the providers publish: apart from the
// rule each breaks (which the documents do not encode), every openai, responses and gemini
// example is a request the OpenAI or Gemini OpenAPI document accepts. Kept out of the mutation
// group: compiling the documents costs seconds, once per static mutant.
import type { WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { loadConformanceOracle } from '../../../../scripts/conformance-oracle.js';
import { STRUCTURED_RULES } from './structured-rules.js';

const oracle = (document: string) =>
  loadConformanceOracle(new URL(`../../fixtures/conformance/${document}.json`, import.meta.url), {
    oneOfAsAnyOf: true,
  });

describe('the structured-output examples against the OpenAPI documents', () => {
  it('every openai, responses and gemini example validates', () => {
    const openai = oracle('openai');
    const gemini = oracle('gemini');
    const validators: Partial<Record<WireFormat, (body: unknown) => string[]>> = {
      openai: openai.validator('CreateChatCompletionRequest'),
      responses: openai.validator('CreateResponse'),
      gemini: gemini.validator('GenerateContentRequest'),
    };
    const checked = STRUCTURED_RULES.filter((rule) => validators[rule.wire] !== undefined);
    expect(checked.length).toBe(13);
    for (const rule of checked) {
      expect(validators[rule.wire]?.(rule.example.body), rule.id).toEqual([]);
    }
  });
});
