import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../default-registry.js';

// The names people type into Ollama (`name`, `name:tag`, `name:latest`) must resolve to
// known models, not to the default where every capability is unknown.
describe('common Ollama library names on the ollama provider', () => {
  const cases: readonly [
    requested: string,
    key: string,
    imageInput: boolean,
    tools: boolean,
    context: number,
  ][] = [
    ['llama3.2', 'meta/llama-3.2-3b-instruct', false, true, 131072],
    ['llama3.2:latest', 'meta/llama-3.2-3b-instruct', false, true, 131072],
    ['llama3.2:3b', 'meta/llama-3.2-3b-instruct', false, true, 131072],
    ['llama3.2:1b', 'meta/llama-3.2-1b-instruct', false, true, 131072],
    ['llava', 'llava/llava-v1.6-mistral-7b', true, false, 32768],
    ['llava:latest', 'llava/llava-v1.6-mistral-7b', true, false, 32768],
    ['llava:7b', 'llava/llava-v1.6-mistral-7b', true, false, 32768],
    ['llava:13b', 'llava/llava-v1.6-vicuna-13b', true, false, 4096],
    ['llava:34b', 'llava/llava-v1.6-34b', true, false, 4096],
    ['gemma3', 'google/gemma-3-27b-it', true, true, 131072],
    ['gemma3:latest', 'google/gemma-3-27b-it', true, true, 131072],
    ['gemma3:1b', 'google/gemma-3-27b-it', false, true, 32768],
    ['qwen2.5vl', 'alibaba/qwen2.5-vl-7b-instruct', true, true, 128000],
    ['qwen2.5vl:latest', 'alibaba/qwen2.5-vl-7b-instruct', true, true, 128000],
    ['llama3.2-vision', 'meta/llama-3.2-11b-vision-instruct', true, false, 131072],
    ['llama3.2-vision:latest', 'meta/llama-3.2-11b-vision-instruct', true, false, 131072],
    ['qwen3', 'alibaba/qwen3-8b', false, true, 131072],
    ['qwen3:latest', 'alibaba/qwen3-8b', false, true, 131072],
    ['qwen3:32b', 'alibaba/qwen3-32b', false, true, 131072],
    ['qwen3:235b', 'alibaba/qwen3-235b-a22b', false, true, 131072],
    ['deepseek-r1', 'deepseek/deepseek-r1-0528-qwen3-8b', false, true, 131072],
    ['deepseek-r1:latest', 'deepseek/deepseek-r1-0528-qwen3-8b', false, true, 131072],
    ['deepseek-r1:8b', 'deepseek/deepseek-r1-0528-qwen3-8b', false, true, 131072],
    ['deepseek-r1:671b', 'deepseek/deepseek-r1-0528', false, true, 163840],
    ['gpt-oss', 'openai/gpt-oss-20b', false, true, 131072],
    ['gpt-oss:latest', 'openai/gpt-oss-20b', false, true, 131072],
    ['gpt-oss:120b', 'openai/gpt-oss-120b', false, true, 131072],
    ['mistral-small3.2', 'mistral/mistral-small-2506', true, true, 131072],
    ['mistral-small3.2:latest', 'mistral/mistral-small-2506', true, true, 131072],
    ['mistral-small3.2:24b', 'mistral/mistral-small-2506', true, true, 131072],
  ];

  for (const [requested, key, imageInput, tools, context] of cases) {
    it(`${requested} → ${key}: image_input ${imageInput}, tools ${tools}`, () => {
      const query = { provider: 'ollama', model: requested };
      const resolution = defaultRegistry.resolve(query);
      expect([resolution.model?.key, resolution.known, resolution.via]).toEqual([
        key,
        true,
        'offering',
      ]);
      expect(resolution.limits.context).toBe(context);
      // Every local model here is documented without document input, and the ollama wire
      // carries neither images nor PDFs in a tool result: the placeholder goes out.
      expect(defaultRegistry.capabilityValues(query)).toEqual({
        tools,
        image_input: imageInput,
        pdf_input: false,
        audio_input: false,
        tool_result_images: false,
        tool_result_pdf: false,
      });
    });
  }

  it('says why llava:13b sees images but not images in a tool result', () => {
    const query = { provider: 'ollama', model: 'llava:13b' };
    expect(defaultRegistry.supports(query, 'image_input')).toBe(true);
    expect(defaultRegistry.supports(query, 'tool_result_images')).toBe(false);
    expect(defaultRegistry.explain(query, 'tool_result_images')).toEqual([
      'provider "ollama" speaks the ollama wire',
      '"llava:13b" resolved to llava/llava-v1.6-vicuna-13b: offering "llava:13b" of provider "ollama" serving llava/llava-v1.6-vicuna-13b',
      'wire ollama has no native image form in a tool result (carriesNative("ollama", "image") is false): the image goes out as a text placeholder',
    ]);
    expect(defaultRegistry.resolveCapabilities(query).image_input).toMatchObject({
      value: true,
      evidence: 'docs',
      source: 'https://ollama.com/library/llava',
      date: '2026-11-29',
    });
  });

  it('keeps an unlisted size of a family on that family, with its facts', () => {
    // deepseek-r1:14b has no offering of its own: the tag is stripped to deepseek-r1.
    const query = { provider: 'ollama', model: 'deepseek-r1:14b' };
    expect(defaultRegistry.resolve(query).model?.key).toBe('deepseek/deepseek-r1-0528-qwen3-8b');
    expect(defaultRegistry.capabilityValues(query).image_input).toBe(false);
    expect(
      defaultRegistry.capabilityValues({ provider: 'ollama', model: 'llava:7b-v1.6' }),
    ).toMatchObject({
      image_input: true,
      tool_result_images: false,
    });
  });
});
