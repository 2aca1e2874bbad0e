// Prompt caching end to end: a tool loop against the simulator counting cache tokens by each
// provider's rules (`caching: true`). With `promptCache: 'auto'` (the loops' default), from the
// second turn on at least 80 % of a turn's input tokens are cache reads on anthropic and openai.
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';
import type { McpToolServer } from '../src/mcp/server.js';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ caching: true });
});
afterAll(async () => {
  await simulator.close();
});

// About 2,000 tokens of system prompt and 20 tools (one token per 4 characters).
const SYSTEM = `You are a careful assistant. ${'Follow the house rules exactly. '.repeat(250)}`;
const server: McpToolServer = {
  async listTools() {
    return {
      tools: Array.from({ length: 20 }, (_, index) => ({
        name: `tool_${index}`,
        description: `Tool number ${index}. ${'It looks things up and reports them. '.repeat(8)}`,
        inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
      })),
    };
  },
  async callTool(params) {
    return { content: [{ type: 'text', text: `result of ${params.name}: ${'data '.repeat(40)}` }] };
  },
};

const script = (turns: number): SimulatorStep[] => [
  ...Array.from(
    { length: turns - 1 },
    (_, index): SimulatorStep => ({
      type: 'tool_calls',
      calls: [{ name: `tool_${index % 20}`, arguments: { query: `q${index}` } }],
    }),
  ),
  { type: 'text', text: 'done' },
];

const CASES = [
  { provider: 'anthropic', model: 'claude-sonnet-5-5', wire: 'anthropic' },
  { provider: 'openai', model: 'gpt-6.1-sol', wire: 'openai' },
  { provider: 'openai-responses', model: 'gpt-6.1-sol', wire: 'responses' },
] as const;

describe("promptCache 'auto' in a 6-turn tool loop", () => {
  it.each(CASES)(
    '$provider: from turn 2 on, at least 80 % of the input is read from the cache',
    async ({ provider, model, wire }) => {
      const lane = `cache-auto-${provider}`;
      simulator.script(lane, script(6));
      const warnings: unknown[] = [];
      const engine = createEngine({
        provider,
        model,
        apiKey: 'k',
        baseUrl: simulator.baseUrl(wire, lane),
        mcpServers: [server],
        onWarning: (warning) => warnings.push(warning),
      });
      const result = await engine.runToolLoop([{ role: 'system', content: SYSTEM }, 'Go.']);
      await engine.close();
      expect(warnings).toEqual([]);
      expect(result.turns).toHaveLength(6);
      const shares = result.turns.map(
        (turn) => (turn.usage?.cacheReadTokens ?? 0) / (turn.usage?.inputTokens ?? 1),
      );
      expect(shares[0]).toBe(0);
      for (const share of shares.slice(1)) expect(share).toBeGreaterThanOrEqual(0.8);
      expect(simulator.received(lane).every((request) => request.status === 200)).toBe(true);
    },
  );

  it("anthropic: 'off' reads nothing from the cache, and the strict simulator took every 'auto' request", async () => {
    const lane = 'cache-off-anthropic';
    simulator.script(lane, script(3));
    const engine = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('anthropic', lane),
      mcpServers: [server],
    });
    const result = await engine.runToolLoop([{ role: 'system', content: SYSTEM }, 'Go.'], {
      promptCache: 'off',
    });
    await engine.close();
    expect(result.turns.map((turn) => turn.usage?.cacheReadTokens)).toEqual([0, 0, 0]);
    expect(JSON.stringify(simulator.received(lane).map((request) => request.body))).not.toContain(
      'cache_control',
    );
  });

  it('anthropic: the loop sums cache reads and writes, and its cost is the sum of the turns', async () => {
    const lane = 'cache-sum-anthropic';
    simulator.script(lane, script(3));
    const engine = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('anthropic', lane),
      mcpServers: [server],
    });
    const result = await engine.runToolLoop([{ role: 'system', content: SYSTEM }, 'Go.']);
    await engine.close();
    const sum = (key: 'cacheReadTokens' | 'cacheWriteTokens' | 'inputTokens') =>
      result.turns.reduce((total, turn) => total + (turn.usage?.[key] ?? 0), 0);
    expect(result.usage.cacheReadTokens).toBe(sum('cacheReadTokens'));
    expect(result.usage.cacheWriteTokens).toBe(sum('cacheWriteTokens'));
    expect(result.usage.inputTokens).toBe(sum('inputTokens'));
    const turnCosts = result.turns.reduce((total, turn) => total + (turn.cost?.total ?? 0), 0);
    expect(result.cost?.total).toBeCloseTo(turnCosts, 8);
    expect(result.cost?.source).toBe(
      'https://platform.claude.com/docs/zh-CN/models/sonnet-5-5/overview',
    );
  });
});
