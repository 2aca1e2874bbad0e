// Prompt caching in a tool loop: a 10-turn loop with a 2,000-token system prompt and 20 tools,
// with and without `promptCache`, on anthropic and openai, against the simulator counting cache
// tokens by each provider's rules (`caching: true`, one token per 4 characters). Prints the
// cache share of each turn's input and the loop's cost at the registry's prices for a current
// model (claude-sonnet-5-5; gpt-6.1-sol has no price in the registry, so its cost says so).
// Needs the packages built (`pnpm bench` builds them).
const engines = new URL('../packages/engines/dist/node/', import.meta.url);
const { createEngine } = await import(new URL('index.js', engines));
const { startSimulator } = await import(
  new URL('../packages/simulator/dist/node/index.js', import.meta.url)
);

const TURNS = 10;
const SYSTEM = `You are a careful assistant. ${'Follow the house rules exactly. '.repeat(250)}`;
const server = {
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
const script = () => [
  ...Array.from({ length: TURNS - 1 }, (_, index) => ({
    type: 'tool_calls',
    calls: [{ name: `tool_${index % 20}`, arguments: { query: `q${index}` } }],
  })),
  { type: 'text', text: 'done' },
];

const simulator = await startSimulator({ caching: true });
const runs = [];
for (const [provider, model, wire] of [
  ['anthropic', 'claude-sonnet-5-5', 'anthropic'],
  ['openai', 'gpt-6.1-sol', 'openai'],
]) {
  for (const promptCache of ['auto', 'off']) {
    const lane = `${provider}-${promptCache}`;
    simulator.script(lane, script());
    const engine = createEngine({
      provider,
      model,
      apiKey: 'bench',
      baseUrl: simulator.baseUrl(wire, lane),
      mcpServers: [server],
    });
    const result = await engine.runToolLoop([{ role: 'system', content: SYSTEM }, 'Go.'], {
      promptCache,
      maxIterations: TURNS,
    });
    await engine.close();
    const shares = result.turns.map(
      (turn) => (turn.usage?.cacheReadTokens ?? 0) / (turn.usage?.inputTokens || 1),
    );
    runs.push({ provider, model, promptCache, result, shares });
  }
}
await simulator.close();

const percent = (share) => `${Math.round(share * 100)}%`.padStart(4);
const dollars = (cost) =>
  cost === undefined ? 'no price in the registry' : `$${cost.total.toFixed(6)}`;
for (const run of runs) {
  console.log(
    `${run.provider.padEnd(9)} ${run.model.padEnd(17)} promptCache ${run.promptCache.padEnd(4)}` +
      ` cache share per turn: ${run.shares.map(percent).join(' ')}`,
  );
  console.log(
    `${''.padEnd(9)} input ${run.result.usage.inputTokens}, cache reads ${run.result.usage.cacheReadTokens ?? 0}, ` +
      `writes ${run.result.usage.cacheWriteTokens ?? 0}, output ${run.result.usage.outputTokens}; cost ${dollars(run.result.cost)}`,
  );
}
for (const provider of ['anthropic', 'openai']) {
  const auto = runs.find((run) => run.provider === provider && run.promptCache === 'auto');
  const off = runs.find((run) => run.provider === provider && run.promptCache === 'off');
  if (auto.result.cost && off.result.cost) {
    const ratio = auto.result.cost.total / off.result.cost.total;
    console.log(`${provider}: cost with promptCache ${ratio.toFixed(2)}x of without`);
    if (provider === 'anthropic' && ratio > 0.4) {
      console.error(`anthropic: caching saves too little (${ratio.toFixed(2)}x > 0.4x)`);
      process.exitCode = 1;
    }
  } else {
    const tokens = (run) => run.result.usage.inputTokens - (run.result.usage.cacheReadTokens ?? 0);
    console.log(
      `${provider}: uncached input tokens with promptCache ${(tokens(auto) / tokens(off)).toFixed(2)}x of without (no price to compare costs; ` +
        'OpenAI caches repeated prefixes without being asked, prompt_cache_key only routes a loop to one cache, and the simulator has one cache per lane)',
    );
  }
}
