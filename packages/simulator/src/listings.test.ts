import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { Ollama } from 'ollama';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from './index.js';

// The listing endpoints, read by the providers' official clients (devDependencies of the
// repository, oracles we did not write): their types name the fields, their parsers read
// the replies, so a misspelt field or a wrong shape fails here.

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => simulator.close());

const MODELS = [
  { id: 'qwen3-vl:8b', vision: true, tools: true, thinking: true, context: 262_144 },
  { id: 'gemma3:270m', context: 32_768 },
];

describe('simulated model lists, read by the official clients', () => {
  it('ollama: GET /api/tags and POST /api/show (ollama-js)', async () => {
    simulator.listModels('ollama-sdk', 'ollama', MODELS);
    const client = new Ollama({ host: simulator.baseUrl('ollama', 'ollama-sdk') });
    const list = await client.list();
    expect(list.models.map((model) => model.name)).toEqual(['qwen3-vl:8b', 'gemma3:270m']);
    expect(list.models[0]?.details.quantization_level).toBe('Q4_K_M');
    const shown = await client.show({ model: 'qwen3-vl:8b' });
    expect(shown.capabilities).toEqual(['completion', 'vision', 'tools', 'thinking']);
    expect((shown.model_info as unknown as Record<string, unknown>)['qwen.context_length']).toBe(
      262_144,
    );
    const plain = await client.show({ model: 'gemma3:270m' });
    expect(plain.capabilities).toEqual(['completion']);
    await expect(client.show({ model: 'absent' })).rejects.toThrow("model 'absent' not found");
    expect(
      simulator
        .received('ollama-sdk')
        .map((request) => [request.path, request.model, request.status]),
    ).toEqual([
      ['/api/tags', undefined, 200],
      ['/api/show', 'qwen3-vl:8b', 200],
      ['/api/show', 'gemma3:270m', 200],
      ['/api/show', 'absent', 404],
    ]);
  });

  it('openai: GET /v1/models (openai-node)', async () => {
    simulator.listModels('openai-sdk', 'openai', [{ id: 'gpt-6.1-sol' }, { id: 'gpt-5.6' }]);
    const client = new OpenAI({
      apiKey: 'sk-test',
      baseURL: simulator.baseUrl('openai', 'openai-sdk'),
    });
    const ids: string[] = [];
    for await (const model of client.models.list()) {
      expect(model.object).toBe('model');
      expect(model.owned_by).toBe('openai');
      ids.push(model.id);
    }
    expect(ids).toEqual(['gpt-6.1-sol', 'gpt-5.6']);
    expect(simulator.received('openai-sdk')[0]?.headers.authorization).toBe('Bearer [redacted]');
  });

  it('anthropic: GET /v1/models, paged by limit and after_id (@anthropic-ai/sdk)', async () => {
    simulator.listModels('anthropic-sdk', 'anthropic', [
      { id: 'claude-opus-5-5', vision: true, pdf: true, thinking: true },
      { id: 'claude-sonnet-5-5', vision: true, pdf: true },
      { id: 'claude-haiku-5-5', vision: true },
    ]);
    const client = new Anthropic({
      apiKey: 'sk-ant-test',
      baseURL: simulator.baseUrl('anthropic', 'anthropic-sdk'),
    });
    const seen: Anthropic.ModelInfo[] = [];
    for await (const model of client.models.list({ limit: 2 })) seen.push(model);
    expect(
      seen.map((model) => [
        model.id,
        model.capabilities?.image_input.supported,
        model.capabilities?.pdf_input.supported,
      ]),
    ).toEqual([
      ['claude-opus-5-5', true, true],
      ['claude-sonnet-5-5', true, true],
      ['claude-haiku-5-5', true, false],
    ]);
    expect(seen[0]?.max_input_tokens).toBe(200_000);
    expect(seen[0]?.lifecycle).toBe('active');
    expect(simulator.received('anthropic-sdk').map((request) => request.path)).toEqual([
      '/v1/models?limit=2',
      '/v1/models?limit=2&after_id=claude-sonnet-5-5',
    ]);
  });

  it('gemini: GET /v1beta/models, paged by pageSize and pageToken (@google/genai)', async () => {
    simulator.listModels('gemini-sdk', 'gemini', [
      { id: 'gemini-3.8-flash', context: 1_048_576, output: 65_536 },
      { id: 'gemini-embedding-001', kind: 'embedding' },
    ]);
    const client = new GoogleGenAI({
      apiKey: 'test-key',
      httpOptions: {
        baseUrl: `${simulator.baseUrl('gemini', 'gemini-sdk')}/`,
        apiVersion: 'v1beta',
      },
    });
    const pager = await client.models.list({ config: { pageSize: 1 } });
    const seen = [];
    for await (const model of pager) seen.push(model);
    expect(
      seen.map((model) => [model.name, model.inputTokenLimit, model.supportedActions?.[0]]),
    ).toEqual([
      ['models/gemini-3.8-flash', 1_048_576, 'generateContent'],
      ['models/gemini-embedding-001', 1_048_576, 'embedContent'],
    ]);
    expect(simulator.received('gemini-sdk').map((request) => request.path)).toEqual([
      '/v1beta/models?pageSize=1',
      '/v1beta/models?pageSize=1&pageToken=1',
    ]);
  });

  it('cloud listings refuse a request without the key header; local ones need none', async () => {
    simulator.listModels('keyless', 'groq', [{ id: 'openai/gpt-oss-120b' }]);
    const refused = await fetch(`${simulator.baseUrl('openai', 'keyless')}/models`);
    expect(refused.status).toBe(401);
    simulator.listModels('local', 'vllm', [{ id: 'Qwen/Qwen3-VL-8B-Instruct', context: 32_768 }]);
    const local = await fetch(`${simulator.baseUrl('openai', 'local')}/models`);
    expect(await local.json()).toEqual({
      object: 'list',
      data: [
        {
          id: 'Qwen/Qwen3-VL-8B-Instruct',
          object: 'model',
          created: 1_764_547_200,
          owned_by: 'vllm',
          root: 'Qwen/Qwen3-VL-8B-Instruct',
          parent: null,
          max_model_len: 32_768,
          permission: [],
        },
      ],
    });
  });
});
