import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RegistryError } from '@crosswire/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { artifacts } from '../scripts/registry.js';
import {
  CAPABILITY_NAMES,
  defaultRegistry,
  explain,
  labFileSchema,
  providerFileSchema,
  resolve,
  resolveCapabilities,
  supports,
  validateRegistrySources,
} from './index.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

// ajv-formats is CommonJS with a `default` export; under NodeNext the import is the module.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

describe('the public API', () => {
  it('resolveCapabilities gives every capability a value and reasons', () => {
    const capabilities = resolveCapabilities({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
    expect(Object.keys(capabilities)).toEqual([...CAPABILITY_NAMES]);
    expect(capabilities.image_input).toEqual({
      value: true,
      claimed: true,
      evidence: 'docs',
      source: 'https://docs.anthropic.com/en/docs/build-with-claude/vision',
      date: '2026-11-29',
      reasons: [
        'provider "anthropic" speaks the anthropic wire',
        '"claude-sonnet-4-5" resolved to anthropic/claude-sonnet-4-5: offering "claude-sonnet-4-5" of provider "anthropic" serving anthropic/claude-sonnet-4-5',
        'model anthropic/claude-sonnet-4-5 claims image_input = true (docs, https://docs.anthropic.com/en/docs/build-with-claude/vision, checked 2026-11-29)',
      ],
    });
  });

  it('explain returns the chain for one capability or all of them', () => {
    const query = { provider: 'openai', model: 'gpt-4o' };
    expect(explain(query, 'tool_result_images')).toEqual([
      'provider "openai" speaks the openai wire',
      '"gpt-4o" resolved to openai/gpt-4o: offering "gpt-4o" of provider "openai" serving openai/gpt-4o',
      'wire openai has no native image form in a tool result (carriesNative("openai", "image") is false): the image goes out as a text placeholder',
    ]);
    const all = explain(query);
    expect(Object.keys(all)).toEqual([...CAPABILITY_NAMES]);
    expect(all.tool_result_images).toEqual(explain(query, 'tool_result_images'));
  });

  it('supports is true only for an effective true', () => {
    expect(supports({ provider: 'openai-responses', model: 'gpt-4o' }, 'tool_result_images')).toBe(
      true,
    );
    expect(supports({ provider: 'openai', model: 'gpt-4o' }, 'tool_result_images')).toBe(false);
    expect(supports({ provider: 'gemini', model: 'gemma-3-27b-it' }, 'tool_result_images')).toBe(
      false,
    );
  });

  it('resolve without a provider gives the model facts and leaves wire-bound capabilities unknown', () => {
    const resolution = resolve({ model: 'gpt-4o-mini' });
    expect(resolution.wire).toBeUndefined();
    expect(resolution.capabilities.image_input.value).toBe(true);
    expect(resolution.capabilities.tool_result_images.value).toBe('unknown');
    expect(resolution.limits).toEqual({ context: 128000, output: 16384 });
  });

  it('an offering limit overrides the model limit', () => {
    expect(
      resolve({ provider: 'groq', model: 'meta-llama/llama-4-scout-17b-16e-instruct' }).limits,
    ).toEqual({
      context: 131072,
      output: 8192,
    });
  });

  it('provider() gives engines the wire, endpoint, auth, headers and quirks', () => {
    expect(defaultRegistry.provider('anthropic')).toMatchObject({
      id: 'anthropic',
      wire: 'anthropic',
      baseUrl: 'https://api.anthropic.com',
      chatPath: '/v1/messages',
      auth: { header: 'x-api-key', scheme: undefined, required: true },
      apiKeyEnv: 'ANTHROPIC_API_KEY',
      headers: { 'anthropic-version': '2023-06-01' },
      quirks: { source_blocks: true, inline_images: false },
    });
    expect(defaultRegistry.provider('gemini').chatPath).toBe('/models/{model}:generateContent');
    expect(defaultRegistry.provider('ollama').auth).toEqual({
      header: 'Authorization',
      scheme: 'Bearer',
      required: false,
    });
    expect(defaultRegistry.provider('llama.cpp').id).toBe('llamacpp');
    expect(defaultRegistry.provider('LM-Studio').id).toBe('lmstudio');
    expect(defaultRegistry.provider('lmstudio').quirks.inline_images).toBe(true);
  });

  it('names every provider the registry issue lists', () => {
    expect(
      defaultRegistry.providers().map((provider) => `${provider.id}:${provider.wire}`),
    ).toEqual([
      'aki:hermes',
      'aki-anthropic:anthropic',
      'anthropic:anthropic',
      'anthropic-bedrock:anthropic',
      'anthropic-vertex:anthropic',
      'azure-openai:openai',
      'azure-openai-responses:responses',
      'bedrock:bedrock',
      'cerebras:openai',
      'deepseek:openai',
      'gemini:gemini',
      'gemini-vertex:gemini',
      'groq:openai',
      'huggingface:openai',
      'llamacpp:openai',
      'lmstudio:openai',
      'lmstudio-anthropic:anthropic',
      'minimax:openai',
      'minimax-anthropic:anthropic',
      'mistral:openai',
      'moonshot:openai',
      'moonshot-anthropic:anthropic',
      'nousresearch:hermes',
      'ollama:ollama',
      'openai:openai',
      'openai-responses:responses',
      'openrouter:openai',
      'perplexity:responses',
      'sglang:openai',
      'vllm:openai',
      'xai:openai',
    ]);
  });

  it('throws typed errors for an unknown provider or capability', () => {
    expect(() => defaultRegistry.provider('nope')).toThrow(RegistryError);
    expect(() => defaultRegistry.provider('nope')).toThrow(
      /^unknown provider "nope" \(known: aki, aki-anthropic, /,
    );
    // A typo names the provider it was meant to be, matched over ids and aliases, by its id.
    let refusal: unknown;
    try {
      defaultRegistry.resolve({ provider: 'antropic', model: 'claude-sonnet-5-5' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(RegistryError);
    expect((refusal as RegistryError).message).toMatch(
      /^unknown provider "antropic"; did you mean "anthropic"\? \(known: aki, aki-anthropic, /,
    );
    expect((refusal as RegistryError).details).toEqual({
      provider: 'antropic',
      suggestion: 'anthropic',
    });
    expect(() => defaultRegistry.provider('googel')).toThrow(
      /^unknown provider "googel"; did you mean "gemini"\? /,
    );
    expect(() =>
      supports({ provider: 'openai', model: 'gpt-4o' }, 'vision' as 'image_input'),
    ).toThrow(
      'unknown capability "vision" (known: tools, image_input, pdf_input, audio_input, tool_result_images, tool_result_pdf)',
    );
  });

  it('returns frozen values', () => {
    const resolution = resolve({ provider: 'openai', model: 'gpt-4o' });
    expect(Object.isFrozen(resolution)).toBe(true);
    expect(Object.isFrozen(resolution.capabilities.tools.reasons)).toBe(true);
    expect(Object.isFrozen(defaultRegistry.provider('openai').quirks)).toBe(true);
  });

  it('model() resolves any spelling, or gives undefined', () => {
    expect(defaultRegistry.model('claude-sonnet-4-5-20250929')).toMatchObject({
      key: 'anthropic/claude-sonnet-4-5',
      family: 'claude',
      variant: 'sonnet',
      version: '4.5',
      releaseDate: '2025-09-29',
      limits: { context: 200000, output: 64000 },
      fromFamily: false,
    });
    expect(defaultRegistry.model('nothing-like-it')).toBeUndefined();
  });
});

describe('generated artifacts', () => {
  function shippedFiles() {
    const sources = ['models', 'providers'].flatMap((folder) =>
      readdirSync(path.join(packageDir, 'data', folder))
        .sort()
        .map((name) => ({
          file: `data/${folder}/${name}`,
          data: JSON.parse(readFileSync(path.join(packageDir, 'data', folder, name), 'utf8')),
        })),
    );
    return validateRegistrySources(sources).files;
  }

  it('the JSON Schemas match the zod schemas', () => {
    const onDisk = (name: string) =>
      JSON.parse(readFileSync(path.join(packageDir, 'schema', name), 'utf8'));
    const lab = z.toJSONSchema(labFileSchema, { io: 'input', unrepresentable: 'any' });
    const provider = z.toJSONSchema(providerFileSchema, { io: 'input', unrepresentable: 'any' });
    expect(onDisk('lab.schema.json')).toEqual({
      ...lab,
      title: 'Crosswire registry: a lab file (models)',
    });
    expect(onDisk('provider.schema.json')).toEqual({
      ...provider,
      title: 'Crosswire registry: a provider file',
    });
  });

  it('the JSON Schemas accept every data file and reject a misspelt field (ajv, as an editor would)', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    for (const [schema, folder] of [
      ['lab', 'models'],
      ['provider', 'providers'],
    ] as const) {
      const validate = ajv.compile(
        JSON.parse(readFileSync(path.join(packageDir, 'schema', `${schema}.schema.json`), 'utf8')),
      );
      for (const name of readdirSync(path.join(packageDir, 'data', folder))) {
        const data = JSON.parse(readFileSync(path.join(packageDir, 'data', folder, name), 'utf8'));
        expect(validate(data), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
        if (folder === 'providers') {
          expect(validate({ ...data, quirk: {} })).toBe(false);
          expect(validate.errors?.[0]).toMatchObject({
            keyword: 'additionalProperties',
            params: { additionalProperty: 'quirk' },
          });
        }
      }
    }
  });

  it('every data file points at its JSON Schema', () => {
    for (const folder of ['models', 'providers']) {
      for (const name of readdirSync(path.join(packageDir, 'data', folder))) {
        const data = JSON.parse(readFileSync(path.join(packageDir, 'data', folder, name), 'utf8'));
        expect(data.$schema, name).toBe(
          folder === 'models'
            ? '../../schema/lab.schema.json'
            : '../../schema/provider.schema.json',
        );
      }
    }
  });

  it('the compiled data module and CAPABILITIES.md are up to date', () => {
    for (const [relative, content] of artifacts(shippedFiles())) {
      const current = readFileSync(path.join(packageDir, relative), 'utf8');
      if (relative.endsWith('.json'))
        expect(JSON.parse(current), relative).toEqual(JSON.parse(content));
      else expect(current, `${relative} is stale: run the generate command`).toBe(content);
    }
  });
});
