// A runnable context for the model-lists guide (docs/model-lists.md): the provider simulator
// answering two providers' model-list endpoints in their own shapes (no key, no network): an
// Ollama server on your machine with a vision model and an embedding model pulled, and
// Anthropic's list naming a model newer than the registry's data and a deprecated one.
// `today` is the day the examples read the lists on, so their output does not move with the
// calendar.

import { startSimulator } from '@crosswire/simulator';

const simulator = await startSimulator();
simulator.listModels('local', 'ollama', [
  { id: 'qwen3-vl:8b', vision: true, tools: true, context: 262_144 },
  { id: 'nomic-embed-text', kind: 'embedding' },
]);
simulator.listModels('cloud', 'anthropic', [
  { id: 'claude-sonnet-5-5', vision: true, tools: true, pdf: true, structured: true },
  { id: 'claude-sonnet-5-6', vision: true, tools: true, pdf: true, context: 1_000_000 },
  {
    id: 'claude-haiku-5-5',
    vision: true,
    tools: true,
    deprecated: '2026-11-01',
    retires: '2027-05-01',
  },
]);

/** Where your Ollama server answers (`http://localhost:11434` by default). */
export const ollamaUrl = simulator.baseUrl('ollama', 'local');
/** Anthropic's API (`https://api.anthropic.com` by default). */
export const anthropicUrl = simulator.baseUrl('anthropic', 'cloud');
export const apiKey = 'not-a-real-key';
export const today = '2026-12-07';

export async function teardown(): Promise<void> {
  await simulator.close();
}
