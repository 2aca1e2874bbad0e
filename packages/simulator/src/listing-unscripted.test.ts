import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Simulator, startSimulator } from './index.js';

// A lane with no scripted list describes a model only when asked as Ollama asks (POST
// /api/show); a GET of that path is a chat request like any other, refused as one.

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => simulator.close());

it('a GET of /api/show on a lane with no list is no show', async () => {
  const response = await fetch(`${simulator.baseUrl('ollama', 'no-list')}/api/show`);
  expect([response.status, await response.json()]).toEqual([
    400,
    { error: 'invalid request: body is not JSON; method must be POST' },
  ]);
});
