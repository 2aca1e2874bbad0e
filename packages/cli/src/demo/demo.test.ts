import { stripVTControlCharacters } from 'node:util';
import { WIRE_FORMATS } from '@crosswire/core';
import { startSimulator } from '@crosswire/simulator';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';
import { summarisePayloads } from './describe.js';
import { DEMO_PDF_BASE64, DEMO_PNG_BASE64 } from './fixtures.js';
import { DEMO_TOOLS } from './mcp-server.js';
import type { DemoReport } from './report.js';
import { runDemo } from './run-demo.js';

// What each tool output must become, per wire and model kind: the rules of seed 000 applied
// through the registry's derivation (images need vision everywhere; a PDF needs vision on
// responses and gemini but not on anthropic; openai, ollama and hermes carry neither).
const stringWire = {
  text: 'text',
  image: 'text + placeholder',
  pdf: 'placeholder',
  'text resource': 'text',
  error: 'text',
};
const EXPECTED: Record<string, Record<string, string>> = {
  'openai vision': stringWire,
  'openai text': stringWire,
  'ollama vision': stringWire,
  'ollama text': stringWire,
  'hermes vision': stringWire,
  'hermes text': stringWire,
  'anthropic vision': {
    text: 'text',
    image: 'text + image',
    pdf: 'document',
    'text resource': 'text document',
    error: 'text (is_error)',
  },
  'anthropic text': {
    text: 'text',
    image: 'text + placeholder',
    pdf: 'document',
    'text resource': 'text document',
    error: 'text (is_error)',
  },
  'responses vision': { ...stringWire, image: 'text + image', pdf: 'document' },
  'responses text': stringWire,
  // gemini sends a failed result under functionResponse.response.error: flagged as an error
  'gemini vision': {
    ...stringWire,
    image: 'text + image',
    pdf: 'document',
    error: 'text (is_error)',
  },
  'gemini text': { ...stringWire, error: 'text (is_error)' },
  // bedrock: the demo models are not among those Converse takes a tool-result image or document
  // from, so both go as placeholders (the vision model gets the image after the results); a
  // failed result says so in status: 'error'.
  'bedrock vision': { ...stringWire, error: 'text (is_error)' },
  'bedrock text': { ...stringWire, error: 'text (is_error)' },
};

describe('crosswire demo', () => {
  it('runs one conversation per wire and model kind; each output becomes what the rules say', async () => {
    const run = await runCli(['demo', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as DemoReport;
    expect(report.mode).toBe('simulator');
    expect(report.outcomes.map((outcome) => `${outcome.wire} ${outcome.kind}`)).toEqual(
      WIRE_FORMATS.flatMap((wire) => [`${wire} vision`, `${wire} text`]),
    );
    for (const outcome of report.outcomes) {
      const became = Object.fromEntries(outcome.rows.map((row) => [row.output, row.label]));
      expect({ conversation: `${outcome.wire} ${outcome.kind}`, became }).toEqual({
        conversation: `${outcome.wire} ${outcome.kind}`,
        became: EXPECTED[`${outcome.wire} ${outcome.kind}`],
      });
      expect(outcome.requests).toBe(2);
      expect(outcome.finalText).toMatch(/^I got the weather/);
    }
    // How a tool's image reached each model: the registry's answer, the one the engine sends
    // by. A vision model on a wire whose tool result holds no image gets it after the results.
    expect(
      Object.fromEntries(
        report.outcomes.map((outcome) => [`${outcome.wire} ${outcome.kind}`, outcome.delivery]),
      ),
    ).toEqual({
      'openai vision': { image: 'user-message', pdf: 'placeholder' },
      'openai text': { image: 'placeholder', pdf: 'placeholder' },
      'anthropic vision': { image: 'native', pdf: 'native' },
      'anthropic text': { image: 'placeholder', pdf: 'native' },
      'gemini vision': { image: 'native', pdf: 'native' },
      'gemini text': { image: 'placeholder', pdf: 'placeholder' },
      'ollama vision': { image: 'user-message', pdf: 'placeholder' },
      'ollama text': { image: 'placeholder', pdf: 'placeholder' },
      'responses vision': { image: 'native', pdf: 'native' },
      'responses text': { image: 'placeholder', pdf: 'placeholder' },
      'hermes vision': { image: 'user-message', pdf: 'placeholder' },
      'hermes text': { image: 'placeholder', pdf: 'placeholder' },
      // Converse takes no image in a toolResult from a model AWS does not list: after the results.
      'bedrock vision': { image: 'user-message', pdf: 'placeholder' },
      'bedrock text': { image: 'placeholder', pdf: 'placeholder' },
    });
    // The simulator's token estimate (caching on): the standing instructions put the prompt
    // past 1,024 tokens, so the second turn reads the first turn's prefix from the cache.
    // claude-sonnet-5-5 at $2 in, $10 out, $0.20 cache read, $2.50 cache write per million:
    // turn 1 writes 1,572 tokens (1572 x 2.5 = 3,930 micro-dollars) and answers 113 tokens
    // (1,130); turn 2 reads 1,572 (314.4), writes the 564 new ones (1,410), answers 31 (310).
    const anthropic = report.outcomes.find((o) => o.wire === 'anthropic' && o.kind === 'vision');
    expect(
      anthropic?.turns.map((turn) => [
        turn.inputTokens,
        turn.cacheReadTokens,
        turn.cacheSharePercent,
        turn.cost?.cacheWrite,
        turn.cost?.cacheRead,
        turn.cost?.output,
        turn.cost?.total,
      ]),
    ).toEqual([
      [1572, 0, 0, 0.00393, 0, 0.00113, 0.00506],
      [2136, 1572, 74, 0.00141, 0.0001572, 0.00031, 0.0018772],
    ]);
    // Caching from turn 2 on every wire whose provider caches the model; a local server reports none.
    for (const outcome of report.outcomes) {
      const shares = outcome.turns.map((turn) => turn.cacheSharePercent);
      // Bedrock caches at a cachePoint only for the models it lists (Claude, Nova): the demo's
      // lab models on bedrock get none.
      const caches = !['ollama', 'hermes', 'bedrock'].includes(outcome.wire);
      expect({ conversation: `${outcome.wire} ${outcome.kind}`, first: shares[0] }).toEqual({
        conversation: `${outcome.wire} ${outcome.kind}`,
        first: 0,
      });
      expect((shares[1] ?? 0) > 50).toBe(caches);
    }
    // A priced model's cost per turn (gemini-3.8-flash: $0.75 in, $3.75 out per million, no
    // separate cache-read price, so cached tokens are charged as input); an unpriced model has
    // no cost, never a 0.
    const gemini = report.outcomes.find((o) => o.wire === 'gemini' && o.kind === 'vision');
    expect(gemini?.turns.map((turn) => turn.cost?.total)).toEqual([0.00162075, 0.0016905]);
    const unpriced = report.outcomes.find((o) => o.wire === 'gemini' && o.kind === 'text');
    expect(unpriced?.turns.map((turn) => turn.cost)).toEqual([null, null]);
    // Never a payload, on any wire: not in the report, not in the summarised blocks.
    expect(run.stdout).not.toContain(DEMO_PNG_BASE64.slice(0, 32));
    expect(run.stdout).not.toContain(DEMO_PDF_BASE64.slice(0, 32));
  });

  it('prints a compact table per wire, with the placeholder and native forms named', async () => {
    const run = await runCli(['demo']);
    expect(run.code).toBe(0);
    const anthropic = run.stdout.slice(
      run.stdout.indexOf('anthropic wire'),
      run.stdout.indexOf('gemini wire'),
    );
    expect(anthropic).toBe(
      [
        'anthropic wire (provider demo-anthropic)',
        'tool output                 sees images: claude-sonnet-5-5  text only: MiniMax-M2',
        'text (get_weather)          text                            text',
        'image (render_chart)        text + image image/png 84 B     text + placeholder [image]',
        'pdf (fetch_report)          document application/pdf 598 B  document application/pdf 598 B',
        'text resource (read_notes)  text document                   text document',
        'error (book_table)          text is_error                   text is_error',
        'turns of claude-sonnet-5-5: 1: 1572 in, 0% cached, $0.005060 · 2: 2136 in, 74% cached, $0.001877',
        'turns of MiniMax-M2: 1: 1572 in, 0% cached, $0.000607 · 2: 2102 in, 75% cached, $0.000668',
        '',
        '',
      ].join('\n'),
    );
    // The image a vision model gets after the results, on a wire whose tool result holds none.
    expect(run.stdout).toContain(
      'image (render_chart)        text + placeholder [image] + image after the results  text + placeholder [image]\n',
    );
    for (const wire of WIRE_FORMATS)
      expect(run.stdout).toContain(`\n${wire} wire (provider demo-${wire})\n`);
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('--wire shows one wire and each block as sent, payloads summarised', async () => {
    const run = await runCli(['demo', '--wire', 'gemini'], { isTTY: true });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('\u001b[');
    const plain = stripVTControlCharacters(run.stdout);
    expect(plain).toContain('gemini wire (provider demo-gemini)');
    expect(plain).not.toContain('openai wire');
    expect(plain).toContain(
      'tool result options: {"imageInput":true,"nativePdf":true,"sourceBlocks":true}',
    );
    expect(plain).toContain('"inlineData":{"mimeType":"image/png","data":"[base64, 84 bytes]"}');
    expect(plain).not.toContain(DEMO_PNG_BASE64.slice(0, 32));
    for (const tool of DEMO_TOOLS) expect(plain).toContain(`  ${tool.name} {`);
  });

  it('runs against a provider from the registry with --provider, --model and its key', async () => {
    const simulator = await startSimulator();
    try {
      simulator.script('live', [
        {
          type: 'tool_calls',
          calls: DEMO_TOOLS.map((tool) => ({
            name: tool.name,
            arguments: tool.arguments,
            id: `call_${tool.name}`,
          })),
        },
        { type: 'text', text: 'Done.' },
      ]);
      const run = await runCli(
        [
          'demo',
          '--provider',
          'anthropic',
          '--model',
          'claude-sonnet-5-5',
          '--base-url',
          simulator.baseUrl('anthropic', 'live'),
          '--json',
        ],
        { env: { ANTHROPIC_API_KEY: 'test-key' } },
      );
      expect(run.stderr).toBe('');
      const report = JSON.parse(run.stdout) as DemoReport;
      expect(report.mode).toBe('live');
      expect(report.outcomes).toHaveLength(1);
      const [outcome] = report.outcomes;
      expect(outcome).toMatchObject({
        wire: 'anthropic',
        kind: 'vision',
        provider: 'anthropic',
        model: 'claude-sonnet-5-5',
        finalText: 'Done.',
        requests: 2,
      });
      // Sonnet 5.5 at $2 in and $10 out per million: the simulator (no caching) reports
      // 10 then 20 input tokens and 113 then 8 output tokens.
      // Turn 1: 10 x 2e-6 = 0.00002 + 113 x 1e-5 = 0.00113; turn 2: 0.00004 + 0.00008.
      expect(
        outcome?.turns.map((turn) => [turn.inputTokens, turn.cacheSharePercent, turn.cost?.total]),
      ).toEqual([
        [10, 0, 0.00115],
        [20, 0, 0.00012],
      ]);
      expect(outcome?.turns[0]?.cost).toMatchObject({
        input: 0.00002,
        output: 0.00113,
        currency: 'USD',
      });
      expect(Object.fromEntries(outcome?.rows.map((row) => [row.output, row.label]) ?? [])).toEqual(
        EXPECTED['anthropic vision'],
      );
      // What the live path reconstructs is what the provider received, but for the prompt
      // cache breakpoint: the rebuilt request ends with the final answer, so its breakpoint
      // sits there rather than on the last tool result.
      const received = simulator.received('live').at(-1);
      expect(received?.headers['x-api-key']).not.toContain('test-key');
      const unmarked = (block: unknown) =>
        JSON.parse(
          JSON.stringify(block, (key, value) => (key === 'cache_control' ? undefined : value)),
        );
      expect(outcome?.rows.map((row) => unmarked(row.block))).toEqual(
        DEMO_TOOLS.map((tool) =>
          unmarked(
            summarisePayloads(
              received?.toolResults.find((result) => result.id === `call_${tool.name}`)?.block,
            ),
          ),
        ),
      );
    } finally {
      await simulator.close();
    }
  });

  it('fails in one line without the key, or with options that do not go together', async () => {
    expect(
      await runCli(['demo', '--provider', 'openai', '--model', 'gpt-6.1-sol'], { env: {} }),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'crosswire: demo: provider "openai" needs an API key: pass apiKey or set OPENAI_API_KEY\n',
    });
    expect((await runCli(['demo', '--provider', 'openai'])).stderr).toBe(
      'crosswire: demo: --provider and --model go together (see crosswire demo --help)\n',
    );
    expect(
      await runCli(['demo', '--provider', 'openai', '--model', 'gpt-6.1-sol', '--wire', 'gemini'], {
        env: { OPENAI_API_KEY: 'k' },
      }),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: demo: provider 'openai' speaks the openai wire, not gemini (see crosswire demo --help)\n",
    });
    expect((await runCli(['demo', '--wire', 'smtp'])).code).toBe(2);
    expect(
      await runCli(
        ['demo', '--provider', 'openai', '--model', 'gpt-6.1-sol', '--base-url', 'nope'],
        {
          env: { OPENAI_API_KEY: 'k' },
        },
      ),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: demo: --base-url must be an http or https URL (got 'nope') (see crosswire demo --help)\n",
    });
  });
});

describe('crosswire demo, each block as sent', () => {
  it('shows a data: URL payload by its size on the responses wire, not its base64 length', async () => {
    const run = await runCli(['demo', '--wire', 'responses']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      '{"type":"input_image","image_url":"data:image/png;base64,[84 bytes]"}',
    );
    expect(run.stdout).toContain(
      '"filename":"q3-report.pdf","file_data":"data:application/pdf;base64,[598 bytes]"',
    );
  });

  it('runs live against the responses and hermes wires of real registry providers', async () => {
    const simulator = await startSimulator();
    try {
      for (const [provider, model, wire, variable] of [
        ['openai-responses', 'gpt-6.1-sol', 'responses', 'OPENAI_API_KEY'],
        ['nousresearch', 'Hermes-4-70B', 'hermes', 'NOUS_API_KEY'],
      ] as const) {
        simulator.script(provider, [
          {
            type: 'tool_calls',
            calls: DEMO_TOOLS.map((tool) => ({
              name: tool.name,
              arguments: tool.arguments,
              id: `call_${tool.name}`,
            })),
          },
          { type: 'text', text: 'Done.' },
        ]);
        const run = await runCli(
          [
            'demo',
            '--provider',
            provider,
            '--model',
            model,
            '--base-url',
            simulator.baseUrl(wire, provider),
            '--json',
          ],
          { env: { [variable]: 'test-key' } },
        );
        expect(run.stderr).toBe('');
        const [outcome] = (JSON.parse(run.stdout) as DemoReport).outcomes;
        const kind = provider === 'nousresearch' ? 'text' : 'vision';
        expect({ provider, wire: outcome?.wire, kind: outcome?.kind }).toEqual({
          provider,
          wire,
          kind,
        });
        expect(
          Object.fromEntries(outcome?.rows.map((row) => [row.output, row.label]) ?? []),
        ).toEqual(EXPECTED[`${wire} ${kind}`]);
        expect(outcome?.finalText).toBe('Done.');
      }
    } finally {
      await simulator.close();
    }
  });
});

describe('the demo on the cloud routes', () => {
  // Each cloud provider of the registry, live against the simulator with its own credentials:
  // AWS keys (SigV4) from the standard variables, a Vertex AI access token, an Azure key.
  const AWS_ENV = {
    AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'demo-secret-access-key',
  };
  const token = { getAccessToken: () => 'ya29.demo-token' };
  const VERTEX = '/v1/projects/demo-project/locations/global';
  const ROUTES = [
    { provider: 'bedrock', model: 'us.anthropic.claude-sonnet-4-6', wire: 'bedrock', env: AWS_ENV },
    {
      provider: 'bedrock',
      model: 'us.meta.llama4-scout-17b-instruct-v1:0',
      wire: 'bedrock',
      env: { AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-demo' },
    },
    {
      provider: 'anthropic-bedrock',
      model: 'us.anthropic.claude-sonnet-4-6',
      wire: 'anthropic',
      env: AWS_ENV,
    },
    {
      provider: 'anthropic-vertex',
      model: 'claude-sonnet-4-6',
      wire: 'anthropic',
      env: {},
      cloud: token,
      path: VERTEX,
    },
    {
      provider: 'gemini-vertex',
      model: 'gemini-2.5-flash',
      wire: 'gemini',
      env: {},
      cloud: token,
      path: VERTEX,
    },
    {
      provider: 'azure-openai',
      model: 'gpt-4.1',
      wire: 'openai',
      env: { AZURE_OPENAI_API_KEY: 'azure-demo-key' },
      path: '/openai/v1',
    },
  ] as const;

  it.each(ROUTES.flatMap((route) => [false, true].map((stream) => ({ ...route, stream }))))(
    '$provider $model (stream: $stream): every tool output reaches the model, no violation',
    async (route) => {
      const simulator = await startSimulator();
      try {
        simulator.script('cloud', [
          {
            type: 'tool_calls',
            calls: DEMO_TOOLS.map((tool) => ({
              name: tool.name,
              arguments: tool.arguments,
              id: `call_${tool.name}`,
            })),
          },
          { type: 'text', text: 'Done.' },
        ]);
        const events: unknown[] = [];
        const report = await runDemo({
          live: {
            provider: route.provider,
            model: route.model,
            baseUrl: simulator.baseUrl(route.wire, 'cloud') + ('path' in route ? route.path : ''),
            ...('cloud' in route ? { cloud: route.cloud } : {}),
          },
          env: route.env,
          onWarning: () => undefined,
          ...(route.stream ? { onStreamEvent: (event: unknown) => events.push(event) } : {}),
        });
        const [outcome] = report.outcomes;
        expect(outcome).toMatchObject({
          provider: route.provider,
          wire: route.wire,
          finalText: 'Done.',
          requests: 2,
        });
        expect(outcome?.rows.map((row) => row.tool)).toEqual(DEMO_TOOLS.map((tool) => tool.name));
        expect(
          simulator.received('cloud').map((request) => [request.status, request.violations]),
        ).toEqual([
          [200, []],
          [200, []],
        ]);
        expect(events.length > 0).toBe(route.stream);
      } finally {
        await simulator.close();
      }
    },
  );

  it('Claude on Bedrock gets the chart inside toolResult; Llama a placeholder, the chart after the results', async () => {
    const simulator = await startSimulator();
    try {
      const rows: Record<string, unknown> = {};
      for (const model of [
        'us.anthropic.claude-sonnet-4-6',
        'us.meta.llama4-scout-17b-instruct-v1:0',
      ]) {
        const lane = model.includes('llama') ? 'llama' : 'claude';
        simulator.script(lane, [
          {
            type: 'tool_calls',
            calls: DEMO_TOOLS.map((tool) => ({ name: tool.name, arguments: tool.arguments })),
          },
          { type: 'text', text: 'Done.' },
        ]);
        const report = await runDemo({
          live: { provider: 'bedrock', model, baseUrl: simulator.baseUrl('bedrock', lane) },
          env: { AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-demo' },
          onWarning: () => undefined,
        });
        rows[model] = report.outcomes[0]?.rows.find((row) => row.tool === 'render_chart')?.label;
        const last = simulator.received(lane).at(-1);
        expect(last?.violations).toEqual([]);
        if (model.includes('llama')) {
          // The user turn of the results ends with the label and the chart itself.
          const body = (last?.body ?? { messages: [] }) as {
            messages: { content: Record<string, unknown>[] }[];
          };
          const turn = body.messages.at(-1);
          expect(turn?.content.some((block) => 'image' in block)).toBe(true);
        }
      }
      expect(rows).toEqual({
        'us.anthropic.claude-sonnet-4-6': 'text + image',
        'us.meta.llama4-scout-17b-instruct-v1:0': 'text + placeholder',
      });
    } finally {
      await simulator.close();
    }
  });
});

describe('crosswire demo --stream', () => {
  it('shows each turn as it streams: the text, each call as it runs, each result, the ends', async () => {
    const run = await runCli(['demo', '--stream', '--wire', 'anthropic']);
    expect(run.code).toBe(0);
    const transcript = run.stdout.slice(0, run.stdout.indexOf('anthropic wire (provider'));
    expect(transcript.split('\n').slice(0, 14)).toEqual([
      '── anthropic wire (vision model) ──',
      'turn 1',
      '  → get_weather {"city":"Paris"}',
      '  → render_chart {"city":"Paris"}',
      '  → fetch_report {"city":"Paris"}',
      '  → read_notes {"city":"Paris"}',
      '  → book_table {"city":"Paris"}',
      '  ← get_weather: ok',
      '  ← render_chart: ok',
      '  ← fetch_report: ok',
      '  ← read_notes: ok',
      '  ← book_table: error result',
      '  end of turn 1: tool_use, 5 tool call(s)',
      'turn 2',
    ]);
    expect(transcript).toContain(
      '  model: I got the weather, a chart, the report, the meeting notes, and an error from the booking service.\n  end of turn 2: end_turn, 0 tool call(s)',
    );
    expect(transcript).toContain('── anthropic wire (text model) ──');
  });
});
