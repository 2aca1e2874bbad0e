// Prompt caching end to end: a tool loop against the simulator counting cache tokens by each
// provider's rules (`caching: true`). With `promptCache: 'auto'` (the loops' default), from the
// second turn on at least 80 % of a turn's input tokens are cache reads on anthropic and openai.

import { createRegistry } from '@crosswire/registry';
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

  it('streamWithTools caches the same way (its default is auto too)', async () => {
    const lane = 'cache-stream-anthropic';
    simulator.script(lane, script(4));
    const engine = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('anthropic', lane),
      mcpServers: [server],
    });
    const result = await engine
      .streamWithTools([{ role: 'system', content: SYSTEM }, 'Go.'])
      .finalResult();
    await engine.close();
    const shares = result.turns.map(
      (turn) => (turn.usage?.cacheReadTokens ?? 0) / (turn.usage?.inputTokens ?? 1),
    );
    expect(shares).toHaveLength(4);
    for (const share of shares.slice(1)) expect(share).toBeGreaterThanOrEqual(0.8);
    expect(result.cost?.total).toBeGreaterThan(0);
  });

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

describe('cost on every reply of a priced model, absent otherwise', () => {
  it('chat and a stream of claude-sonnet-5-5 carry the cost of their usage', async () => {
    const engine = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('anthropic', 'cost-chat'),
      promptCache: 'auto',
    });
    simulator.script('cost-chat', [
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' },
    ]);
    const reply = await engine.chat([{ role: 'system', content: SYSTEM }, 'Hi.']);
    const streamed = await engine
      .stream([{ role: 'system', content: SYSTEM }, 'Hi.'])
      .finalResponse();
    await engine.close();
    // The first request writes the system prompt to the cache, the second reads it.
    expect(reply.usage?.cacheWriteTokens).toBeGreaterThan(1024);
    expect(streamed.usage?.cacheReadTokens).toBe(reply.usage?.cacheWriteTokens);
    for (const response of [reply, streamed]) {
      const usage = response.usage ?? {};
      const uncached =
        (usage.inputTokens ?? 0) - (usage.cacheReadTokens ?? 0) - (usage.cacheWriteTokens ?? 0);
      // Sonnet 5.5: $2 input, $10 output, $0.10 cache read, $2.50 cache write per million.
      expect(response.cost).toMatchObject({ currency: 'USD', date: '2026-12-06' });
      expect(response.cost?.input).toBeCloseTo((uncached * 2) / 1e6, 9);
      expect(response.cost?.cacheRead).toBeCloseTo(((usage.cacheReadTokens ?? 0) * 0.1) / 1e6, 9);
      expect(response.cost?.cacheWrite).toBeCloseTo(((usage.cacheWriteTokens ?? 0) * 2.5) / 1e6, 9);
      expect(response.cost?.output).toBeCloseTo(((usage.outputTokens ?? 0) * 10) / 1e6, 9);
    }
  });

  it('an unpriced model (gpt-6.1-luna has no price in the registry) gets no cost, not 0', async () => {
    simulator.script('cost-none', [{ type: 'text', text: 'ok' }]);
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-luna',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('openai', 'cost-none'),
      mcpServers: [server],
    });
    expect(engine.pricing).toBeUndefined();
    const result = await engine.runToolLoop('Hi.');
    await engine.close();
    expect('cost' in result).toBe(false);
    expect('cost' in result.response).toBe(false);
    expect(result.turns.map((turn) => 'cost' in turn)).toEqual([false]);
  });
});

describe('plain chat defaults to promptCache off; the registry quirks hold fields back', () => {
  it('chat sends no breakpoint and no key unless asked', async () => {
    simulator.script('chat-default', [
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
    ]);
    const anthropic = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('anthropic', 'chat-default'),
    });
    await anthropic.chat([{ role: 'system', content: SYSTEM }, 'Hi.']);
    await anthropic.chat([{ role: 'system', content: SYSTEM }, 'Hi.'], { promptCache: 'auto' });
    await anthropic.close();
    const [plain, cached] = simulator.received('chat-default').map((request) => request.body);
    expect(JSON.stringify(plain)).not.toContain('cache_control');
    expect((cached as { system: unknown }).system).toEqual([
      { type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('an anthropic shim whose quirks say cache_control is refused gets none; one counting reads inside input_tokens is read as such', async () => {
    const registry = createRegistry({
      entries: [
        {
          id: 'shim',
          name: 'A shim',
          tool_wire_format: 'anthropic',
          base_url: 'https://shim.example/anthropic',
          chat_path: '/v1/messages',
          auth: { header: 'x-api-key' },
          docs: 'https://shim.example/docs',
          quirks: { cache_control: 'refused', usage_cache_reads_in_input: true },
          quirk_sources: {
            cache_control: { evidence: 'inferred', date: '2026-12-02', note: 'test entry' },
            usage_cache_reads_in_input: {
              evidence: 'inferred',
              date: '2026-12-02',
              note: 'test entry',
            },
          },
        },
      ],
    });
    simulator.script('shim', [
      {
        type: 'raw',
        body: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          content: [{ type: 'text', text: 'ok' }],
          stop_reason: 'end_turn',
          // This shim counts the 900 reads inside its 1,000 input tokens.
          usage: { input_tokens: 1000, cache_read_input_tokens: 900, output_tokens: 5 },
        },
      },
    ]);
    const engine = createEngine({
      provider: 'shim',
      model: 'shim-model',
      apiKey: 'k',
      registry,
      baseUrl: simulator.baseUrl('anthropic', 'shim'),
    });
    const reply = await engine.chat([{ role: 'system', content: SYSTEM }, 'Hi.'], {
      promptCache: 'auto',
    });
    await engine.close();
    expect(JSON.stringify(simulator.received('shim')[0]?.body)).not.toContain('cache_control');
    expect(reply.usage).toEqual({
      inputTokens: 1000,
      outputTokens: 5,
      totalTokens: 1005,
      cacheReadTokens: 900,
    });
  });
});
